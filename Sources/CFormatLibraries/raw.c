/* libraw_r 0.20, loaded on the first camera RAW (see photopager_formats.h). */
#include "photopager_formats.h"

#include <libraw/libraw.h>

#include "loader.h"

static pp_library library = PP_LIBRARY_INIT;

PP_FORWARD(libraw_data_t *, libraw_init, (unsigned int flags), (flags))
PP_FORWARD(int, libraw_open_buffer, (libraw_data_t *data, void *buffer, size_t size), (data, buffer, size))
PP_FORWARD(int, libraw_unpack, (libraw_data_t *data), (data))
PP_FORWARD(int, libraw_unpack_thumb, (libraw_data_t *data), (data))
PP_FORWARD_VOID(libraw_close, (libraw_data_t *data), (data))
PP_FORWARD(int, libraw_dcraw_process, (libraw_data_t *lr), (lr))
PP_FORWARD(libraw_processed_image_t *, libraw_dcraw_make_mem_image, (libraw_data_t *lr, int *errc), (lr, errc))
PP_FORWARD_VOID(libraw_dcraw_clear_mem, (libraw_processed_image_t *image), (image))
PP_FORWARD(const char *, libraw_strerror, (int errorcode), (errorcode))

static void load(void) {
    const char *names[] = {"libraw_r.so.20"};   /* libraw_data_t as the headers lay it out */
    pp_library_open(&library, names, 1, "camera RAW photos need libraw (install the libraw20 package)");
    PP_RESOLVE(&library, libraw_init);
    PP_RESOLVE(&library, libraw_open_buffer);
    PP_RESOLVE(&library, libraw_unpack);
    PP_RESOLVE(&library, libraw_unpack_thumb);
    PP_RESOLVE(&library, libraw_close);
    PP_RESOLVE(&library, libraw_dcraw_process);
    PP_RESOLVE(&library, libraw_dcraw_make_mem_image);
    PP_RESOLVE(&library, libraw_dcraw_clear_mem);
    PP_RESOLVE(&library, libraw_strerror);
    library.loaded = library.handle && !library.error[0];
}

int pp_raw_load(char *message, size_t message_size) {
    pthread_once(&library.once, load);
    return pp_library_status(&library, message, message_size);
}
