// The system libpng, for the CPNG module: the photo service decodes PNG images with
// libpng's simplified API (png_image_*), which reports errors by its return value and
// needs no glue. Reading the text chunks (tEXt, zTXt, iTXt) needs the full API, whose
// errors longjmp to a setjmp point: Swift cannot be that point, so the one function
// below does it in C. It never calls back into Swift.
#ifndef RIPPLE_CPNG_SHIM_H
#define RIPPLE_CPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/// Where the text reader reads from and where a libpng error message goes.
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
    char message[200];
} ripple_png_reader;

static inline void ripple_png_read_bytes(png_structp png, png_bytep out, size_t length) {
    ripple_png_reader *reader = (ripple_png_reader *)png_get_io_ptr(png);
    if (reader->size - reader->offset < length) {
        png_error(png, "the file ends early");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static inline void ripple_png_error(png_structp png, png_const_charp message) {
    ripple_png_reader *reader = (ripple_png_reader *)png_get_error_ptr(png);
    strncpy(reader->message, message ? message : "libpng error", sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = 0;
    png_longjmp(png, 1);
}

static inline void ripple_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Reads a PNG's text chunks (those before the image data, where the format puts
/// Title, Author, Description and Creation Time) as `key NUL text NUL` pairs, one
/// after the other, in a buffer the caller frees with `free`. Returns 0 and sets
/// `*texts` (NULL when there are none) and `*length`; or -1 with `message` set
/// when the file is not a readable PNG.
static inline int ripple_png_read_texts(
    const unsigned char *data, size_t size, char **texts, size_t *length, char *message, size_t message_size
) {
    *texts = NULL;
    *length = 0;
    ripple_png_reader reader = {data, size, 0, {0}};
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        strncpy(message, "not a PNG file", message_size - 1);
        message[message_size - 1] = 0;
        return -1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, ripple_png_error, ripple_png_warning);
    if (png == NULL) {
        strncpy(message, "libpng could not start", message_size - 1);
        message[message_size - 1] = 0;
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    char *volatile buffer = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        free(buffer);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        strncpy(message, reader.message[0] ? reader.message : "libpng could not start", message_size - 1);
        message[message_size - 1] = 0;
        return -1;
    }
    png_set_read_fn(png, &reader, ripple_png_read_bytes);
    png_read_info(png, info);
    png_textp text = NULL;
    int count = png_get_text(png, info, &text, NULL);
    size_t total = 0;
    for (int index = 0; index < count; index++) {
        size_t textLength = text[index].text ? strlen(text[index].text) : 0;
        total += strlen(text[index].key) + 1 + textLength + 1;
    }
    if (total > 0) {
        buffer = (char *)malloc(total);
        if (buffer == NULL) {
            png_error(png, "out of memory");
        }
        size_t at = 0;
        for (int index = 0; index < count; index++) {
            size_t keyLength = strlen(text[index].key);
            memcpy(buffer + at, text[index].key, keyLength + 1);
            at += keyLength + 1;
            size_t textLength = text[index].text ? strlen(text[index].text) : 0;
            if (textLength > 0) {
                memcpy(buffer + at, text[index].text, textLength);
            }
            buffer[at + textLength] = 0;
            at += textLength + 1;
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    *texts = buffer;
    *length = total;
    return 0;
}

#endif
