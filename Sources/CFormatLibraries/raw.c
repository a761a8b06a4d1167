/* libraw_r 0.20, loaded on the first camera RAW (see photopager_formats.h). */
#include "photopager_formats.h"

#include <libraw/libraw.h>

#include "loader.h"

static pp_library library = PP_LIBRARY_INIT;

#define RAW_FUNCTIONS(X, V) \
    X(libraw_data_t *, libraw_init, (unsigned int flags), (flags)) \
    X(int, libraw_open_buffer, (libraw_data_t *data, void *buffer, size_t size), (data, buffer, size)) \
    X(int, libraw_unpack, (libraw_data_t *data), (data)) \
    X(int, libraw_unpack_thumb, (libraw_data_t *data), (data)) \
    V(libraw_close, (libraw_data_t *data), (data)) \
    X(int, libraw_dcraw_process, (libraw_data_t *lr), (lr)) \
    X(libraw_processed_image_t *, libraw_dcraw_make_mem_image, (libraw_data_t *lr, int *errc), (lr, errc)) \
    V(libraw_dcraw_clear_mem, (libraw_processed_image_t *image), (image)) \
    X(const char *, libraw_strerror, (int errorcode), (errorcode))
RAW_FUNCTIONS(PP_FORWARD, PP_FORWARD_VOID)

/* Only the soname of the headers built against: libraw_data_t is laid out as they say. */
PP_DEFINE_LOADER(pp_raw_load, RAW_FUNCTIONS, "camera RAW photos need libraw (install the libraw20 package)", "libraw_r.so.20")
