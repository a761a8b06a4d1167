#include "photopager_tiff.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <tiffio.h>

#include "loader.h"

static pp_library library = PP_LIBRARY_INIT;

#define TIFF_FUNCTIONS(X, V) \
    X(TIFFOpenOptions *, TIFFOpenOptionsAlloc, (void), ()) \
    V(TIFFOpenOptionsFree, (TIFFOpenOptions *options), (options)) \
    V(TIFFOpenOptionsSetMaxSingleMemAlloc, (TIFFOpenOptions *opts, tmsize_t max_single_mem_alloc), (opts, max_single_mem_alloc)) \
    V(TIFFOpenOptionsSetErrorHandlerExtR, (TIFFOpenOptions *opts, TIFFErrorHandlerExtR handler, void *errorhandler_user_data), (opts, handler, errorhandler_user_data)) \
    V(TIFFOpenOptionsSetWarningHandlerExtR, (TIFFOpenOptions *opts, TIFFErrorHandlerExtR handler, void *warnhandler_user_data), (opts, handler, warnhandler_user_data)) \
    X(TIFF *, TIFFClientOpenExt, (const char *name, const char *mode, thandle_t handle, TIFFReadWriteProc read, TIFFReadWriteProc write, TIFFSeekProc seek, TIFFCloseProc close, TIFFSizeProc size, TIFFMapFileProc map, TIFFUnmapFileProc unmap, TIFFOpenOptions *opts), (name, mode, handle, read, write, seek, close, size, map, unmap, opts)) \
    V(TIFFClose, (TIFF *tif), (tif)) \
    X(int, TIFFVGetField, (TIFF *tif, uint32_t tag, va_list arguments), (tif, tag, arguments)) \
    X(int, TIFFVGetFieldDefaulted, (TIFF *tif, uint32_t tag, va_list arguments), (tif, tag, arguments)) \
    X(int, TIFFIsTiled, (TIFF *tif), (tif)) \
    X(uint32_t, TIFFNumberOfStrips, (TIFF *tif), (tif)) \
    X(tmsize_t, TIFFReadEncodedStrip, (TIFF *tif, uint32_t strip, void *buf, tmsize_t size), (tif, strip, buf, size)) \
    X(int, TIFFRGBAImageOK, (TIFF *tif, char why[1024]), (tif, why)) \
    X(int, TIFFRGBAImageBegin, (TIFFRGBAImage *image, TIFF *tif, int stop, char why[1024]), (image, tif, stop, why)) \
    X(int, TIFFRGBAImageGet, (TIFFRGBAImage *image, uint32_t *raster, uint32_t width, uint32_t height), (image, raster, width, height)) \
    V(TIFFRGBAImageEnd, (TIFFRGBAImage *image), (image))
TIFF_FUNCTIONS(PP_FORWARD, PP_FORWARD_VOID)

/* Variadic: through their va_list forms. */
int TIFFGetField(TIFF *tif, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int found = TIFFVGetField(tif, tag, arguments);
    va_end(arguments);
    return found;
}

int TIFFGetFieldDefaulted(TIFF *tif, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int found = TIFFVGetFieldDefaulted(tif, tag, arguments);
    va_end(arguments);
    return found;
}

PP_DEFINE_LOADER(pp_tiff_load, TIFF_FUNCTIONS, "TIFF photos need libtiff (install the libtiff6 package)", "libtiff.so.6")

/* The file in memory, read through libtiff's client procedures. */
typedef struct memory_file {
    const unsigned char *data;
    toff_t size, at;
} memory_file;

static tmsize_t read_proc(thandle_t handle, void *buffer, tmsize_t length) {
    memory_file *file = handle;
    if (length < 0 || file->at >= file->size) return 0;
    toff_t left = file->size - file->at;
    tmsize_t n = (toff_t)length < left ? length : (tmsize_t)left;
    memcpy(buffer, file->data + file->at, n);
    file->at += n;
    return n;
}
static tmsize_t write_proc(thandle_t handle, void *buffer, tmsize_t length) { (void)handle; (void)buffer; (void)length; return -1; }
static toff_t seek_proc(thandle_t handle, toff_t offset, int whence) {
    memory_file *file = handle;
    toff_t base = whence == SEEK_CUR ? file->at : whence == SEEK_END ? file->size : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    file->at = base + offset;
    return file->at;
}
static int close_proc(thandle_t handle) { (void)handle; return 0; }
static toff_t size_proc(thandle_t handle) { return ((memory_file *)handle)->size; }
static int map_proc(thandle_t handle, void **base, toff_t *size) {
    memory_file *file = handle;
    *base = (void *)file->data;
    *size = file->size;
    return 1;
}
static void unmap_proc(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

/* The first error goes to the image's message; warnings are dropped (libtiff warns about
 * unknown tags in most camera and scanner files). */
static int on_error(TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
    (void)tif; (void)module;
    pp_tiff_image *image = user;
    if (!image->message[0]) vsnprintf(image->message, sizeof image->message, format, arguments);
    return 1;
}
static int on_warning(TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
    (void)tif; (void)user; (void)module; (void)format; (void)arguments;
    return 1;
}

static TIFF *open_memory(memory_file *file, long long max_alloc, pp_tiff_image *messages) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_alloc);
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, messages);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, messages);
    /* "M": libtiff maps our buffer (map_proc) instead of copying strips out of it. */
    TIFF *tif = TIFFClientOpenExt("photo", "rM", file, read_proc, write_proc, seek_proc, close_proc, size_proc,
                                  map_proc, unmap_proc, options);
    TIFFOpenOptionsFree(options);
    return tif;
}

/* The layout most photos are saved in: 8-bit RGB or grey, one plane, in strips, no alpha, any
 * codec but old-style JPEG. Those are read strip by strip straight into RGB: libtiff's RGBA
 * reader packs every pixel into a word and premultiplies, which the caller then undid. The
 * samples a pixel (3 or 1), or 0 when the RGBA reader is needed. */
static int plain_samples(TIFF *tif) {
    uint16_t bits = 0, samples = 0, photometric = 0, planar = 0, format = 0, compression = 0, extra = 0;
    uint16_t *extra_types = NULL;
    if (TIFFIsTiled(tif)) return 0;
    if (!TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits) || bits != 8) return 0;
    if (!TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples)) return 0;
    if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric)) return 0;
    if (!TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &planar) || planar != PLANARCONFIG_CONTIG) return 0;
    if (!TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format) || format != SAMPLEFORMAT_UINT) return 0;
    if (!TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &compression) || compression == COMPRESSION_OJPEG) return 0;
    if (!TIFFGetFieldDefaulted(tif, TIFFTAG_EXTRASAMPLES, &extra, &extra_types) || extra != 0) return 0;
    if (photometric == PHOTOMETRIC_RGB && samples == 3) return 3;
    if (photometric == PHOTOMETRIC_MINISBLACK && samples == 1) return 1;
    return 0;
}

/* Strips [first, last) of a plain image into RGB rows of `out`. 1 on success. */
static int read_plain_strips(TIFF *tif, uint32_t first, uint32_t last, uint32_t width, uint32_t height,
                             uint32_t rows_per_strip, int samples, unsigned char *out) {
    size_t row = (size_t)width * samples;
    unsigned char *grey = samples == 1 ? malloc(row * rows_per_strip) : NULL;
    if (samples == 1 && !grey) return 0;
    int ok = 1;
    for (uint32_t strip = first; strip < last && ok; strip++) {
        uint32_t top = strip * rows_per_strip;
        uint32_t rows = height - top < rows_per_strip ? height - top : rows_per_strip;
        unsigned char *rgb = out + (size_t)top * width * 3;
        tmsize_t wanted = (tmsize_t)(row * rows);
        ok = TIFFReadEncodedStrip(tif, strip, samples == 3 ? rgb : grey, wanted) == wanted;
        if (ok && samples == 1) {
            for (size_t i = 0; i < (size_t)width * rows; i++) rgb[i * 3] = rgb[i * 3 + 1] = rgb[i * 3 + 2] = grey[i];
        }
    }
    free(grey);
    return ok;
}

/* A band of the image: rows of libtiff's RGBA reader into 32-bit pixels, or strips of a plain
 * image straight into RGB (samples 3 or 1). */
typedef struct band {
    const void *data;
    size_t size;
    long long max_alloc;
    uint32_t width, height;
    uint32_t first, last;           /* rows (RGBA) or strips (plain) */
    uint32_t rows_per_strip;
    int samples;
    void *out;
    int ok;
    pp_tiff_image messages;
} band;

static int read_band_from(TIFF *tif, const band *job) {
    if (job->samples) {
        return read_plain_strips(tif, job->first, job->last, job->width, job->height, job->rows_per_strip, job->samples, job->out);
    }
    char why[1024] = {0};
    TIFFRGBAImage rgba;
    if (!TIFFRGBAImageBegin(&rgba, tif, 1, why)) return 0;
    rgba.req_orientation = rgba.orientation;
    rgba.row_offset = (int)job->first;
    int ok = TIFFRGBAImageGet(&rgba, (uint32_t *)job->out + (size_t)job->first * job->width, job->width, job->last - job->first);
    TIFFRGBAImageEnd(&rgba);
    return ok;
}

/* One band on a thread of its own, through a TIFF handle of its own (libtiff is safe across
 * handles): a deflate- or JPEG-compressed photo inflates on every core. */
static void *read_band(void *argument) {
    band *job = argument;
    memory_file file = {job->data, job->size, 0};
    TIFF *tif = open_memory(&file, job->max_alloc, &job->messages);
    if (!tif) return NULL;
    job->ok = read_band_from(tif, job);
    TIFFClose(tif);
    return NULL;
}

/* `whole`'s `units` rows or strips: in bands on up to four threads for a photo of some size,
 * the first band here on `tif`. 1 on success. */
static int read_bands(TIFF *tif, band whole, uint32_t units, char *message, size_t message_size) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int count = whole.height >= 512 ? (int)(cores < 1 ? 1 : cores > 4 ? 4 : cores) : 1;
    if ((uint32_t)count > units) count = (int)units;
    band jobs[4];
    pthread_t threads[4];
    int started[4] = {0};
    for (int i = 0; i < count; i++) {
        jobs[i] = whole;
        jobs[i].first = (uint32_t)((uint64_t)units * i / count);
        jobs[i].last = (uint32_t)((uint64_t)units * (i + 1) / count);
        if (i > 0) started[i] = pthread_create(&threads[i], NULL, read_band, &jobs[i]) == 0;
    }
    int ok = read_band_from(tif, &jobs[0]);
    for (int i = 1; i < count; i++) {
        if (started[i]) pthread_join(threads[i], NULL);
        else read_band(&jobs[i]);
        if (!jobs[i].ok && !message[0]) snprintf(message, message_size, "%s", jobs[i].messages.message);
        ok = ok && jobs[i].ok;
    }
    return ok;
}

int pp_tiff_decode(const void *data, size_t size, long long max_pixels, long long max_alloc, unsigned char *rgb,
                   size_t rgb_size, pp_tiff_image *image) {
    memset(image, 0, sizeof *image);
    if (pp_tiff_load(image->message, sizeof image->message) != 0) return -1;
    memory_file file = {data, size, 0};
    TIFF *tif = open_memory(&file, max_alloc, image);
    if (!tif) {
        if (!image->message[0]) snprintf(image->message, sizeof image->message, "not a readable TIFF file");
        return -1;
    }
    int status = -1;
    char why[1024] = {0};
    TIFFRGBAImage rgba;
    int begun = 0;
    if (!TIFFRGBAImageOK(tif, why) || !TIFFRGBAImageBegin(&rgba, tif, 1, why)) {
        snprintf(image->message, sizeof image->message, "%s", image->message[0] ? image->message : why);
        goto done;
    }
    begun = 1;
    if (rgba.width == 0 || rgba.height == 0) {
        snprintf(image->message, sizeof image->message, "image has zero width or height");
        goto done;
    }
    if ((long long)rgba.width * rgba.height > max_pixels) {
        snprintf(image->message, sizeof image->message, "too large: %ux%u", rgba.width, rgba.height);
        goto done;
    }
    /* The pixels as stored, top row first: the Orientation tag is applied by the caller, with
     * the same code as EXIF's (libtiff's reader only flips, it cannot turn by 90 degrees). */
    image->orientation = rgba.orientation;
    rgba.req_orientation = rgba.orientation;
    image->photometric = rgba.photometric;
    size_t count = (size_t)rgba.width * rgba.height;
    int samples = plain_samples(tif);
    image->channels = samples ? 3 : 4;
    image->in_caller_buffer = samples && rgb && rgb_size == count * 3;
    if (!image->in_caller_buffer) {
        image->pixels = malloc(count * image->channels);
        if (!image->pixels) { snprintf(image->message, sizeof image->message, "out of memory"); goto done; }
    }
    image->message[0] = 0;
    band whole = {data, size, max_alloc, rgba.width, rgba.height, 0, 0, 0, samples,
                  image->in_caller_buffer ? rgb : image->pixels, 0, {0}};
    uint32_t units = rgba.height;
    int readable = 1;
    if (samples) {
        readable = TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &whole.rows_per_strip) && whole.rows_per_strip > 0;
        if (whole.rows_per_strip > rgba.height) whole.rows_per_strip = rgba.height;
        units = readable ? (rgba.height + whole.rows_per_strip - 1) / whole.rows_per_strip : 0;
        readable = readable && TIFFNumberOfStrips(tif) >= units;
    }
    if (!readable || !read_bands(tif, whole, units, image->message, sizeof image->message)) {
        if (!image->message[0]) snprintf(image->message, sizeof image->message, "cannot read the pixels");
        goto done;
    }
    image->width = rgba.width;
    image->height = rgba.height;
    uint32_t icc_length = 0;
    void *icc = NULL;
    if (TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_length, &icc) && icc && icc_length > 0) {
        image->icc = malloc(icc_length);
        if (image->icc) {
            memcpy(image->icc, icc, icc_length);
            image->icc_length = icc_length;
        }
    }
    status = 0;
done:
    if (begun) TIFFRGBAImageEnd(&rgba);
    TIFFClose(tif);
    return status;
}

void pp_tiff_image_free(pp_tiff_image *image) {
    free(image->pixels);
    free(image->icc);
    image->pixels = NULL;
    image->icc = NULL;
}
