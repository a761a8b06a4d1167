#include "photopager_tiff.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

#include "loader.h"

static pp_library library = PP_LIBRARY_INIT;

PP_FORWARD(TIFFOpenOptions *, TIFFOpenOptionsAlloc, (void), ())
PP_FORWARD_VOID(TIFFOpenOptionsFree, (TIFFOpenOptions *options), (options))
PP_FORWARD_VOID(TIFFOpenOptionsSetMaxSingleMemAlloc, (TIFFOpenOptions *opts, tmsize_t max_single_mem_alloc), (opts, max_single_mem_alloc))
PP_FORWARD_VOID(TIFFOpenOptionsSetErrorHandlerExtR, (TIFFOpenOptions *opts, TIFFErrorHandlerExtR handler, void *errorhandler_user_data),
                (opts, handler, errorhandler_user_data))
PP_FORWARD_VOID(TIFFOpenOptionsSetWarningHandlerExtR, (TIFFOpenOptions *opts, TIFFErrorHandlerExtR handler, void *warnhandler_user_data),
                (opts, handler, warnhandler_user_data))
PP_FORWARD(TIFF *, TIFFClientOpenExt,
           (const char *name, const char *mode, thandle_t handle, TIFFReadWriteProc read, TIFFReadWriteProc write, TIFFSeekProc seek,
            TIFFCloseProc close, TIFFSizeProc size, TIFFMapFileProc map, TIFFUnmapFileProc unmap, TIFFOpenOptions *opts),
           (name, mode, handle, read, write, seek, close, size, map, unmap, opts))
PP_FORWARD_VOID(TIFFClose, (TIFF *tif), (tif))
PP_FORWARD(int, TIFFVGetField, (TIFF *tif, uint32_t tag, va_list arguments), (tif, tag, arguments))
PP_FORWARD(int, TIFFRGBAImageOK, (TIFF *tif, char why[1024]), (tif, why))
PP_FORWARD(int, TIFFRGBAImageBegin, (TIFFRGBAImage *image, TIFF *tif, int stop, char why[1024]), (image, tif, stop, why))
PP_FORWARD(int, TIFFRGBAImageGet, (TIFFRGBAImage *image, uint32_t *raster, uint32_t width, uint32_t height), (image, raster, width, height))
PP_FORWARD_VOID(TIFFRGBAImageEnd, (TIFFRGBAImage *image), (image))

/* Variadic: through its va_list form. */
int TIFFGetField(TIFF *tif, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int found = TIFFVGetField(tif, tag, arguments);
    va_end(arguments);
    return found;
}

static void load(void) {
    const char *names[] = {"libtiff.so.6"};
    pp_library_open(&library, names, 1, "TIFF photos need libtiff (install the libtiff6 package)");
    PP_RESOLVE(&library, TIFFOpenOptionsAlloc);
    PP_RESOLVE(&library, TIFFOpenOptionsFree);
    PP_RESOLVE(&library, TIFFOpenOptionsSetMaxSingleMemAlloc);
    PP_RESOLVE(&library, TIFFOpenOptionsSetErrorHandlerExtR);
    PP_RESOLVE(&library, TIFFOpenOptionsSetWarningHandlerExtR);
    PP_RESOLVE(&library, TIFFClientOpenExt);
    PP_RESOLVE(&library, TIFFClose);
    PP_RESOLVE(&library, TIFFVGetField);
    PP_RESOLVE(&library, TIFFRGBAImageOK);
    PP_RESOLVE(&library, TIFFRGBAImageBegin);
    PP_RESOLVE(&library, TIFFRGBAImageGet);
    PP_RESOLVE(&library, TIFFRGBAImageEnd);
    library.loaded = library.handle && !library.error[0];
}

int pp_tiff_load(char *message, size_t message_size) {
    pthread_once(&library.once, load);
    return pp_library_status(&library, message, message_size);
}

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

int pp_tiff_decode(const void *data, size_t size, long long max_pixels, long long max_alloc, pp_tiff_image *image) {
    memset(image, 0, sizeof *image);
    if (pp_tiff_load(image->message, sizeof image->message) != 0) return -1;
    memory_file file = {data, size, 0};
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return snprintf(image->message, sizeof image->message, "libtiff failed to start"), -1;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_alloc);
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, image);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, image);
    /* "m": no memory mapping of our own buffer is needed, but mapping avoids copies. */
    TIFF *tif = TIFFClientOpenExt("photo", "rM", &file, read_proc, write_proc, seek_proc, close_proc, size_proc,
                                map_proc, unmap_proc, options);
    TIFFOpenOptionsFree(options);
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
    image->pixels = malloc(count * 4);
    if (!image->pixels) { snprintf(image->message, sizeof image->message, "out of memory"); goto done; }
    image->message[0] = 0;
    if (!TIFFRGBAImageGet(&rgba, (uint32_t *)image->pixels, rgba.width, rgba.height)) {
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
