// The process's in-use heap as glibc's malloc counts it, for the benchmarks' W7 heap
// rows (Swift's Glibc module does not export <malloc.h>).
#ifndef RIPPLE_BENCH_HEAP_USE_H
#define RIPPLE_BENCH_HEAP_USE_H

#include <stddef.h>

/// glibc's in-use bytes (`mallinfo2().uordblks`); 0 where there is no mallinfo2.
size_t ripple_bench_heap_in_use(void);

#endif
