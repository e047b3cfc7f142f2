// libvips, Debian's maintained image library, for the photos on activities: loaded at
// run time (dlopen of libvips.so.42, Debian's libvips42), so the package builds and the
// server starts without it, and photos answer that they need it. libvips' calls take
// options as C variadic arguments, which Swift can't pass: these functions do.
#ifndef PACELINE_CVIPS_H
#define PACELINE_CVIPS_H

#include <stddef.h>

/// Loads libvips once (thread-safe) and starts it: untrusted loaders blocked, no
/// operation cache. 0 when it is ready; otherwise -1 and why in `why`.
int paceline_vips_start(char *why, size_t why_length);

/// What `data` is, read from its header alone: the loader libvips picks (`VipsForeignLoadJpegBuffer`…)
/// and its size in pixels. 0, or -1 and why.
int paceline_vips_probe(const void *data, size_t length, char *loader, size_t loader_length,
                        int *width, int *height, char *why, size_t why_length);

/// `data` as a baseline JPEG of quality `quality` at most `side` pixels on its longer side
/// (never enlarged), or, with `square`, a `side`-pixel square cut from its centre; turned
/// upright by its orientation tag, flattened onto white, in sRGB, without any metadata
/// (EXIF, GPS, XMP, ICC, comments). A truncated or damaged image fails. `*jpeg` is freed
/// with `paceline_vips_free`. 0, or -1 and why.
int paceline_vips_jpeg(const void *data, size_t length, int side, int square, int quality,
                       void **jpeg, size_t *jpeg_length, int *width, int *height,
                       char *why, size_t why_length);

/// Frees what `paceline_vips_jpeg` made.
void paceline_vips_free(void *bytes);

#endif
