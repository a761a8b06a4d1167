#include "photopager_tiff.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

/* Only tiffio.h's types are used: every function comes through dlsym. */
static struct {
    TIFFOpenOptions *(*options_alloc)(void);
    void (*options_free)(TIFFOpenOptions *);
    void (*options_max_alloc)(TIFFOpenOptions *, tmsize_t);
    void (*options_error_handler)(TIFFOpenOptions *, TIFFErrorHandlerExtR, void *);
    void (*options_warning_handler)(TIFFOpenOptions *, TIFFErrorHandlerExtR, void *);
    TIFF *(*client_open)(const char *, const char *, thandle_t, TIFFReadWriteProc, TIFFReadWriteProc, TIFFSeekProc,
                         TIFFCloseProc, TIFFSizeProc, TIFFMapFileProc, TIFFUnmapFileProc, TIFFOpenOptions *);
    void (*close)(TIFF *);
    int (*get_field)(TIFF *, uint32_t, ...);
    int (*rgba_ok)(TIFF *, char[1024]);
    int (*rgba_begin)(TIFFRGBAImage *, TIFF *, int, char[1024]);
    int (*rgba_get)(TIFFRGBAImage *, uint32_t *, uint32_t, uint32_t);
    void (*rgba_end)(TIFFRGBAImage *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];
static int loaded;

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (!found && !load_error[0]) snprintf(load_error, sizeof load_error, "libtiff lacks %s", name);
    return found;
}

static void load(void) {
    void *library = dlopen("libtiff.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "TIFF photos need libtiff (install the libtiff6 package)");
        return;
    }
#define LOAD(field, name) *(void **)&api.field = symbol(library, name)
    LOAD(options_alloc, "TIFFOpenOptionsAlloc");
    LOAD(options_free, "TIFFOpenOptionsFree");
    LOAD(options_max_alloc, "TIFFOpenOptionsSetMaxSingleMemAlloc");
    LOAD(options_error_handler, "TIFFOpenOptionsSetErrorHandlerExtR");
    LOAD(options_warning_handler, "TIFFOpenOptionsSetWarningHandlerExtR");
    LOAD(client_open, "TIFFClientOpenExt");
    LOAD(close, "TIFFClose");
    LOAD(get_field, "TIFFGetField");
    LOAD(rgba_ok, "TIFFRGBAImageOK");
    LOAD(rgba_begin, "TIFFRGBAImageBegin");
    LOAD(rgba_get, "TIFFRGBAImageGet");
    LOAD(rgba_end, "TIFFRGBAImageEnd");
#undef LOAD
    if (!load_error[0]) loaded = 1;
}

int pp_tiff_load(char *message, size_t message_size) {
    pthread_once(&load_once, load);
    if (loaded) return 0;
    if (message && message_size) snprintf(message, message_size, "%s", load_error);
    return -1;
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
    TIFFOpenOptions *options = api.options_alloc();
    if (!options) return snprintf(image->message, sizeof image->message, "libtiff failed to start"), -1;
    api.options_max_alloc(options, (tmsize_t)max_alloc);
    api.options_error_handler(options, on_error, image);
    api.options_warning_handler(options, on_warning, image);
    /* "m": no memory mapping of our own buffer is needed, but mapping avoids copies. */
    TIFF *tif = api.client_open("photo", "rM", &file, read_proc, write_proc, seek_proc, close_proc, size_proc,
                                map_proc, unmap_proc, options);
    api.options_free(options);
    if (!tif) {
        if (!image->message[0]) snprintf(image->message, sizeof image->message, "not a readable TIFF file");
        return -1;
    }
    int status = -1;
    char why[1024] = {0};
    TIFFRGBAImage rgba;
    int begun = 0;
    if (!api.rgba_ok(tif, why) || !api.rgba_begin(&rgba, tif, 1, why)) {
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
    if (!api.rgba_get(&rgba, (uint32_t *)image->pixels, rgba.width, rgba.height)) {
        if (!image->message[0]) snprintf(image->message, sizeof image->message, "cannot read the pixels");
        goto done;
    }
    image->width = rgba.width;
    image->height = rgba.height;
    uint32_t icc_length = 0;
    void *icc = NULL;
    if (api.get_field(tif, TIFFTAG_ICCPROFILE, &icc_length, &icc) && icc && icc_length > 0) {
        image->icc = malloc(icc_length);
        if (image->icc) {
            memcpy(image->icc, icc, icc_length);
            image->icc_length = icc_length;
        }
    }
    status = 0;
done:
    if (begun) api.rgba_end(&rgba);
    api.close(tif);
    return status;
}

void pp_tiff_image_free(pp_tiff_image *image) {
    free(image->pixels);
    free(image->icc);
    image->pixels = NULL;
    image->icc = NULL;
}
