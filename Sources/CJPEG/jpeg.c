// libjpeg reports a fatal error by calling `error_exit`, which by default ends the process: a
// damaged picture would take the service down. Ours jumps back to the call that began the work
// with libjpeg's message, which Swift cannot do (setjmp), hence this file.
#include "streamshot_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jpeglib.h>

#ifndef JCS_EXTENSIONS
#error "libjpeg-turbo's colour space extensions (JCS_EXT_BGRA) are needed"
#endif

struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *error;
    size_t error_size;
};

// A progressive JPEG may hold any number of scans, each read in full: a few hundred bytes of
// repeated scans can keep a decoder busy for hours. Cameras and encoders write about ten;
// libjpeg-turbo's tools can be told to stop (djpeg -maxscans); we stop at 100.
enum { max_scans = 100 };

static void say(struct failure *failure, const char *message);

static void count_scans(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number <= max_scans) return;
    struct failure *failure = (struct failure *)info->err;
    say(failure, "a progressive JPEG of more scans than any encoder writes (over 100)");
    longjmp(failure->back, 1);
}

static void say(struct failure *failure, const char *message) {
    if (failure->error != NULL && failure->error_size > 0) snprintf(failure->error, failure->error_size, "%s", message);
}

static void jump_back(j_common_ptr info) {
    struct failure *failure = (struct failure *)info->err;
    char message[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, message);
    say(failure, message);
    longjmp(failure->back, 1);
}

// Warnings (data that is corrupt but readable, a stream cut short) are not fatal: the picture is
// drawn as far as it decodes.
static void stay_quiet(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

int streamshot_jpeg_decode(const uint8_t *data, size_t size, uint8_t *pixels, size_t pixels_size, uint32_t *width,
                           uint32_t *height, char *error, size_t error_size) {
    struct jpeg_decompress_struct info;
    struct failure failure;
    memset(&info, 0, sizeof info);
    memset(&failure, 0, sizeof failure);
    failure.error = error;
    failure.error_size = error_size;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jump_back;
    failure.manager.emit_message = stay_quiet;
    struct jpeg_progress_mgr progress;
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = count_scans;
    if (setjmp(failure.back)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    info.progress = &progress;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    if (pixels == NULL) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        say(&failure, "a CMYK JPEG, which is drawn in print, not on a screen (save it as RGB)");
        jpeg_destroy_decompress(&info);
        return -1;
    }
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    info.out_color_space = JCS_EXT_BGRA;
#else
    info.out_color_space = JCS_EXT_ARGB;
#endif
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    if (info.output_components != 4 || stride * info.output_height > pixels_size) {
        say(&failure, "its size differs from its header's");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
