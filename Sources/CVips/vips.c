// See include/CVips.h. The few libvips and GLib functions used are declared here as they
// are in libvips 8.x' headers (its ABI, libvips.so.42, is stable across 8.x).
#include "CVips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef struct VipsImage VipsImage;

enum { SIZE_DOWN = 2, INTERESTING_CENTRE = 1, INTERPRETATION_SRGB = 22 };

static struct {
    int (*init)(const char *argv0);
    void (*block_untrusted_set)(int state);
    void (*cache_set_max)(int max);
    void (*concurrency_set)(int concurrency);
    const char *(*error_buffer)(void);
    char *(*error_buffer_copy)(void);
    const char *(*find_load_buffer)(const void *data, size_t size);
    VipsImage *(*image_new_from_buffer)(const void *buf, size_t len, const char *option_string, ...);
    int (*image_get_width)(const VipsImage *image);
    int (*image_get_height)(const VipsImage *image);
    int (*image_hasalpha)(VipsImage *image);
    int (*thumbnail_buffer)(void *buf, size_t len, VipsImage **out, int width, ...);
    int (*flatten)(VipsImage *in, VipsImage **out, ...);
    int (*colourspace)(VipsImage *in, VipsImage **out, int space, ...);
    int (*image_write_to_buffer)(VipsImage *in, const char *suffix, void **buf, size_t *size, ...);
    void *(*array_double_newv)(int n, ...);
    void (*area_unref)(void *area);
    void (*object_unref)(void *object);
    void (*free)(void *memory);
} vips;

static pthread_once_t started = PTHREAD_ONCE_INIT;
static char start_failure[256];

static void say(char *why, size_t why_length, const char *what) {
    if (why_length > 0) snprintf(why, why_length, "%s", what);
}

/// libvips' errors as `why`, copied and cleared under its lock (the buffer is the
/// process's: another thread's failure may be in it too, never half written).
static int failed(char *why, size_t why_length) {
    char *copy = vips.error_buffer_copy();
    say(why, why_length, copy && *copy ? copy : "libvips failed");
    vips.free(copy);
    return -1;
}

#define FIND(field, name) \
    if (!(*(void **)&vips.field = dlsym(library, name))) { \
        snprintf(start_failure, sizeof start_failure, "libvips has no %s", name); return; }

static void start(void) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(start_failure, sizeof start_failure,
                 "libvips is not installed (Debian: apt-get install libvips42)");
        return;
    }
    FIND(init, "vips_init")
    FIND(block_untrusted_set, "vips_block_untrusted_set")
    FIND(cache_set_max, "vips_cache_set_max")
    FIND(concurrency_set, "vips_concurrency_set")
    FIND(error_buffer, "vips_error_buffer")
    FIND(error_buffer_copy, "vips_error_buffer_copy")
    FIND(find_load_buffer, "vips_foreign_find_load_buffer")
    FIND(image_new_from_buffer, "vips_image_new_from_buffer")
    FIND(image_get_width, "vips_image_get_width")
    FIND(image_get_height, "vips_image_get_height")
    FIND(image_hasalpha, "vips_image_hasalpha")
    FIND(thumbnail_buffer, "vips_thumbnail_buffer")
    FIND(flatten, "vips_flatten")
    FIND(colourspace, "vips_colourspace")
    FIND(image_write_to_buffer, "vips_image_write_to_buffer")
    FIND(array_double_newv, "vips_array_double_newv")
    FIND(area_unref, "vips_area_unref")
    FIND(object_unref, "g_object_unref")
    FIND(free, "g_free")
    if (vips.init("paceline") != 0) {
        snprintf(start_failure, sizeof start_failure, "libvips did not start: %s", vips.error_buffer());
        return;
    }
    // Loaders libvips marks untrusted (ImageMagick, PDF, FITS, MAT…) are never used on
    // what users send; nothing is cached between requests; two threads per image.
    vips.block_untrusted_set(1);
    vips.cache_set_max(0);
    vips.concurrency_set(2);
    start_failure[0] = 0;
}

int paceline_vips_start(char *why, size_t why_length) {
    pthread_once(&started, start);
    if (start_failure[0]) {
        say(why, why_length, start_failure);
        return -1;
    }
    return 0;
}

int paceline_vips_probe(const void *data, size_t length, char *loader, size_t loader_length,
                        int *width, int *height, char *why, size_t why_length) {
    if (paceline_vips_start(why, why_length) != 0) return -1;
    const char *name = vips.find_load_buffer(data, length);
    if (!name) return failed(why, why_length);
    say(loader, loader_length, name);
    // Lazy: only the header is read here.
    VipsImage *image = vips.image_new_from_buffer(data, length, "", NULL);
    if (!image) return failed(why, why_length);
    *width = vips.image_get_width(image);
    *height = vips.image_get_height(image);
    vips.object_unref(image);
    return 0;
}

int paceline_vips_jpeg(const void *data, size_t length, int side, int square, int quality,
                       void **jpeg, size_t *jpeg_length, int *width, int *height,
                       char *why, size_t why_length) {
    if (paceline_vips_start(why, why_length) != 0) return -1;
    VipsImage *image = NULL;
    // Shrink-on-load, upright by the orientation tag (thumbnail's default); a truncated
    // file is an error, not a grey band.
    int status = square
        ? vips.thumbnail_buffer((void *)data, length, &image, side, "height", side,
                                "crop", INTERESTING_CENTRE, "option_string", "fail_on=truncated", NULL)
        : vips.thumbnail_buffer((void *)data, length, &image, side, "height", side,
                                "size", SIZE_DOWN, "option_string", "fail_on=truncated", NULL);
    if (status != 0) return failed(why, why_length);
    VipsImage *srgb = NULL;
    if (vips.colourspace(image, &srgb, INTERPRETATION_SRGB, NULL) != 0) {
        vips.object_unref(image);
        return failed(why, why_length);
    }
    vips.object_unref(image);
    image = srgb;
    if (vips.image_hasalpha(image)) {
        void *white = vips.array_double_newv(3, 255.0, 255.0, 255.0);
        VipsImage *flat = NULL;
        status = vips.flatten(image, &flat, "background", white, NULL);
        vips.area_unref(white);
        vips.object_unref(image);
        if (status != 0) return failed(why, why_length);
        image = flat;
    }
    char suffix[64];
    snprintf(suffix, sizeof suffix, ".jpg[Q=%d,strip,optimize_coding]", quality);
    status = vips.image_write_to_buffer(image, suffix, jpeg, jpeg_length, NULL);
    if (status == 0) {
        *width = vips.image_get_width(image);
        *height = vips.image_get_height(image);
    }
    vips.object_unref(image);
    return status == 0 ? 0 : failed(why, why_length);
}

void paceline_vips_free(void *bytes) {
    if (bytes && vips.free) vips.free(bytes);
}
