// The system libjpeg (libjpeg-turbo on Debian), for the CJPEG module: the photo
// service decodes JPEG images and writes its JPEG thumbnails with it. libjpeg
// reports a fatal error by calling `error_exit`, which must not return (the default
// one exits the process): the functions below set a setjmp point in C, where the
// error handler longjmps to, so Swift only ever sees a return code and a message.
// They never call back into Swift.
#ifndef RIPPLE_CJPEG_SHIM_H
#define RIPPLE_CJPEG_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

/// An error manager whose fatal errors longjmp back to the caller, and which
/// remembers whether the data ended early (a warning to libjpeg, which then fills
/// the rest of the image with grey; the photo service counts it as a broken file).
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int endedEarly;
    char message[JMSG_LENGTH_MAX];
} ripple_jpeg_error;

static inline void ripple_jpeg_error_exit(j_common_ptr info) {
    ripple_jpeg_error *error = (ripple_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static inline void ripple_jpeg_output_message(j_common_ptr info) {
    ripple_jpeg_error *error = (ripple_jpeg_error *)info->err;
    if (info->err->msg_code == JWRN_JPEG_EOF) {
        error->endedEarly = 1;
    }
}

/// A decoded JPEG: RGB pixels (3 bytes a pixel, rows without padding), the size they
/// were decoded at, the image's own size, and copies of its first comment (COM) and
/// EXIF (APP1) segments. The caller frees `pixels`, `comment` and `exif` with `free`.
typedef struct {
    unsigned char *pixels;
    unsigned int width;
    unsigned int height;
    unsigned int imageWidth;
    unsigned int imageHeight;
    unsigned char *comment;
    unsigned int commentLength;
    unsigned char *exif;
    unsigned int exifLength;
} ripple_jpeg_image;

static inline unsigned char *ripple_jpeg_copy(const unsigned char *bytes, unsigned int length) {
    unsigned char *copy = (unsigned char *)malloc(length > 0 ? length : 1);
    if (copy != NULL && length > 0) {
        memcpy(copy, bytes, length);
    }
    return copy;
}

/// Decodes a JPEG to RGB. When `minimumLong` and `minimumShort` are not 0, the image
/// is decoded at the smallest of the scales 1/8, 1/4, 1/2 (libjpeg scales in the
/// DCT, far faster than decoding whole) whose longer side is still at least
/// `minimumLong` and shorter side at least `minimumShort` (each capped at the
/// image's own), else whole. An image of more than `maximumPixels` pixels is refused
/// before it is decoded. Returns 0, or -1 with `message` set; `out` is valid (and
/// its buffers owned by the caller) only on 0.
static inline int ripple_jpeg_decode(
    const unsigned char *data, unsigned long size,
    unsigned int minimumLong, unsigned int minimumShort, unsigned long maximumPixels,
    ripple_jpeg_image *out, char *message, size_t message_size
) {
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct info;
    ripple_jpeg_error error;
    unsigned char *volatile pixels = NULL;
    memset(&error, 0, sizeof error);
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = ripple_jpeg_error_exit;
    error.base.output_message = ripple_jpeg_output_message;
    if (setjmp(error.jump)) {
        free(pixels);
        free(out->comment);
        free(out->exif);
        memset(out, 0, sizeof *out);
        jpeg_destroy_decompress(&info);
        strncpy(message, error.message[0] ? error.message : "libjpeg error", message_size - 1);
        message[message_size - 1] = 0;
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_save_markers(&info, JPEG_COM, 0xFFFF);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    out->imageWidth = info.image_width;
    out->imageHeight = info.image_height;
    if (info.image_width == 0 || info.image_height == 0
        || (unsigned long)info.image_width * (unsigned long)info.image_height > maximumPixels) {
        snprintf(error.message, sizeof error.message, "the image is %ux%u pixels: too large", info.image_width, info.image_height);
        longjmp(error.jump, 1);
    }
    for (jpeg_saved_marker_ptr marker = info.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_COM && out->comment == NULL) {
            out->comment = ripple_jpeg_copy(marker->data, marker->data_length);
            out->commentLength = marker->data_length;
        } else if (marker->marker == JPEG_APP0 + 1 && out->exif == NULL && marker->data_length > 6
                   && memcmp(marker->data, "Exif\0\0", 6) == 0) {
            out->exif = ripple_jpeg_copy(marker->data + 6, marker->data_length - 6);
            out->exifLength = marker->data_length - 6;
        }
    }
    unsigned int longSide = info.image_width > info.image_height ? info.image_width : info.image_height;
    unsigned int shortSide = info.image_width > info.image_height ? info.image_height : info.image_width;
    unsigned int needLong = minimumLong < longSide ? minimumLong : longSide;
    unsigned int needShort = minimumShort < shortSide ? minimumShort : shortSide;
    info.out_color_space = JCS_RGB;
    info.scale_num = 1;
    info.scale_denom = 1;
    if (minimumLong > 0 && minimumShort > 0) {
        for (unsigned int denominator = 8; denominator > 1; denominator /= 2) {
            unsigned int scaledLong = (longSide + denominator - 1) / denominator;
            unsigned int scaledShort = (shortSide + denominator - 1) / denominator;
            if (scaledLong >= needLong && scaledShort >= needShort) {
                info.scale_denom = denominator;
                break;
            }
        }
    }
    jpeg_start_decompress(&info);
    if (info.output_components != 3) {
        snprintf(error.message, sizeof error.message, "decodes to %d components, not RGB", info.output_components);
        longjmp(error.jump, 1);
    }
    size_t stride = (size_t)info.output_width * 3;
    pixels = (unsigned char *)malloc(stride * info.output_height);
    if (pixels == NULL) {
        snprintf(error.message, sizeof error.message, "out of memory");
        longjmp(error.jump, 1);
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    if (error.endedEarly) {
        snprintf(error.message, sizeof error.message, "the JPEG data ends early");
        longjmp(error.jump, 1);
    }
    out->pixels = pixels;
    out->width = info.output_width;
    out->height = info.output_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

/// Encodes RGB pixels (3 bytes a pixel, rows without padding) as a baseline JPEG of
/// `quality` (1 to 100), optimised Huffman tables. Returns 0 with `*bytes` (freed by
/// the caller with `free`) and `*length`, or -1 with `message` set.
static inline int ripple_jpeg_encode(
    const unsigned char *pixels, unsigned int width, unsigned int height, int quality,
    unsigned char **bytes, unsigned long *length, char *message, size_t message_size
) {
    struct jpeg_compress_struct info;
    ripple_jpeg_error error;
    *bytes = NULL;
    *length = 0;
    memset(&error, 0, sizeof error);
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = ripple_jpeg_error_exit;
    error.base.output_message = ripple_jpeg_output_message;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(*bytes);
        *bytes = NULL;
        *length = 0;
        strncpy(message, error.message[0] ? error.message : "libjpeg error", message_size - 1);
        message[message_size - 1] = 0;
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, bytes, length);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.optimize_coding = TRUE;
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)width * 3;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}

#endif
