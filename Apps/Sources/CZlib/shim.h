// The system zlib, for the CZlib module: gunzip (inflate) and deflate.
#include <zlib.h>
