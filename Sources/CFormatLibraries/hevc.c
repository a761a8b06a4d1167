#include "hevc.h"

#include <libde265/de265.h>
#include <libheif/heif.h>
#include <libheif/heif_plugin.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loader.h"

/*
 * HEVC for libheif through libde265 with a worker thread per core.
 *
 * libheif 1.15's own libde265 plugin starts one worker thread, so a HEIC that is one image
 * (what heif-enc, cameras and most converters write; an iPhone's photo is a grid of tiles that
 * libheif spreads over threads itself) decodes on one core: 256 ms for 2560x1600 here, 165 ms
 * with two workers (x265 writes wavefront rows, which libde265 decodes in parallel). This is
 * that plugin again with more workers, registered on the context that decodes such a photo.
 * Its output is libde265's, the same as the stock plugin's (a test holds every corpus HEIF to
 * it). libde265 comes with libheif (libheif1 depends on it), and is loaded from there.
 */

static pp_library library = PP_LIBRARY_INIT;

#define DE265_FUNCTIONS(X, V) \
    X(de265_error, de265_init, (void), ()) \
    X(de265_decoder_context *, de265_new_decoder, (void), ()) \
    X(de265_error, de265_start_worker_threads, (de265_decoder_context *ctx, int number_of_threads), (ctx, number_of_threads)) \
    X(de265_error, de265_free_decoder, (de265_decoder_context *ctx), (ctx)) \
    X(de265_error, de265_push_NAL, (de265_decoder_context *ctx, const void *data, int length, de265_PTS pts, void *user_data), (ctx, data, length, pts, user_data)) \
    X(de265_error, de265_flush_data, (de265_decoder_context *ctx), (ctx)) \
    X(de265_error, de265_decode, (de265_decoder_context *ctx, int *more), (ctx, more)) \
    X(const struct de265_image *, de265_get_next_picture, (de265_decoder_context *ctx), (ctx)) \
    V(de265_release_next_picture, (de265_decoder_context *ctx), (ctx)) \
    X(enum de265_chroma, de265_get_chroma_format, (const struct de265_image *image), (image)) \
    X(int, de265_get_image_width, (const struct de265_image *image, int channel), (image, channel)) \
    X(int, de265_get_image_height, (const struct de265_image *image, int channel), (image, channel)) \
    X(int, de265_get_bits_per_pixel, (const struct de265_image *image, int channel), (image, channel)) \
    X(const uint8_t *, de265_get_image_plane, (const struct de265_image *image, int channel, int *out_stride), (image, channel, out_stride)) \
    X(int, de265_get_image_full_range_flag, (const struct de265_image *image), (image)) \
    X(int, de265_get_image_colour_primaries, (const struct de265_image *image), (image)) \
    X(int, de265_get_image_transfer_characteristics, (const struct de265_image *image), (image)) \
    X(int, de265_get_image_matrix_coefficients, (const struct de265_image *image), (image))
DE265_FUNCTIONS(PP_POINTER, PP_POINTER_VOID)

PP_DEFINE_LOADER(load_de265, DE265_FUNCTIONS, "libde265 is not installed", "libde265.so.0")

typedef struct decoder {
    de265_decoder_context *context;
} decoder;

static const struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "Success"};

static struct heif_error plugin_error(enum heif_suberror_code code) {
    return (struct heif_error){heif_error_Decoder_plugin_error, code, ""};
}

static const char *plugin_name(void) { return "libde265 HEVC decoder, a worker per core (photopager)"; }

/* Once: libheif calls it on every context the plugin is registered on. */
static pthread_once_t initialised = PTHREAD_ONCE_INIT;
static void initialise(void) { real_de265_init(); }
static void init_plugin(void) { pthread_once(&initialised, initialise); }

/* Above the stock plugin's 100, for the contexts it is registered on. */
static int does_support_format(enum heif_compression_format format) { return format == heif_compression_HEVC ? 120 : 0; }

static struct heif_error new_decoder(void **out) {
    decoder *made = calloc(1, sizeof *made);
    if (!made) return (struct heif_error){heif_error_Memory_allocation_error, heif_suberror_Unspecified, ""};
    made->context = real_de265_new_decoder();
    if (!made->context) {
        free(made);
        return plugin_error(heif_suberror_Unspecified);
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    real_de265_start_worker_threads(made->context, cores < 1 ? 1 : cores > 8 ? 8 : (int)cores);
    *out = made;
    return ok;
}

static void free_decoder(void *raw) {
    decoder *made = raw;
    real_de265_free_decoder(made->context);
    free(made);
}

/* NAL units, each after a four-byte big-endian length (what libheif hands every plugin). */
static struct heif_error push_data(void *raw, const void *data, size_t size) {
    decoder *made = raw;
    const uint8_t *bytes = data;
    size_t at = 0;
    while (at < size) {
        if (size - at < 4) return plugin_error(heif_suberror_End_of_data);
        uint32_t length = (uint32_t)bytes[at] << 24 | (uint32_t)bytes[at + 1] << 16 | (uint32_t)bytes[at + 2] << 8 | bytes[at + 3];
        at += 4;
        if (length > size - at || length > INT32_MAX) return plugin_error(heif_suberror_End_of_data);
        real_de265_push_NAL(made->context, bytes + at, (int)length, 0, NULL);
        at += length;
    }
    return ok;
}

/* libde265's picture as a heif_image: its planes copied, its VUI colour description attached
 * (libheif lets the file's colr box override it), as the stock plugin does. */
static struct heif_error to_heif_image(const struct de265_image *picture, struct heif_image **out) {
    int mono = real_de265_get_chroma_format(picture) == de265_chroma_mono;
    struct heif_error error = heif_image_create(real_de265_get_image_width(picture, 0), real_de265_get_image_height(picture, 0),
                                                mono ? heif_colorspace_monochrome : heif_colorspace_YCbCr,
                                                (enum heif_chroma)real_de265_get_chroma_format(picture), out);
    if (error.code) return error;
    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    int bits = real_de265_get_bits_per_pixel(picture, 0);
    for (int c = 0; c < (mono ? 1 : 3); c++) {
        int width = real_de265_get_image_width(picture, c), height = real_de265_get_image_height(picture, c), stride = 0;
        const uint8_t *plane = real_de265_get_image_plane(picture, c, &stride);
        if (real_de265_get_bits_per_pixel(picture, c) != bits || width <= 0 || height <= 0 || !plane) {
            heif_image_release(*out);
            *out = NULL;
            return plugin_error(heif_suberror_Invalid_image_size);
        }
        error = heif_image_add_plane(*out, channels[c], width, height, bits);
        if (error.code) {
            heif_image_release(*out);
            *out = NULL;
            return error;
        }
        int out_stride = 0;
        uint8_t *target = heif_image_get_plane(*out, channels[c], &out_stride);
        size_t row = (size_t)width * ((bits + 7) / 8);
        for (int y = 0; y < height; y++) memcpy(target + (size_t)out_stride * y, plane + (size_t)stride * y, row);
    }
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    if (nclx) {
        /* An unknown code leaves the default in place (the stock plugin only warns). */
        heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)real_de265_get_image_colour_primaries(picture));
        heif_nclx_color_profile_set_transfer_characteristics(nclx, (uint16_t)real_de265_get_image_transfer_characteristics(picture));
        heif_nclx_color_profile_set_matrix_coefficients(nclx, (uint16_t)real_de265_get_image_matrix_coefficients(picture));
        nclx->full_range_flag = (uint8_t)(real_de265_get_image_full_range_flag(picture) != 0);
        heif_image_set_nclx_color_profile(*out, nclx);
        heif_nclx_color_profile_free(nclx);
    }
    return ok;
}

/* Decodes what was pushed; the last picture is the image (an image item holds one). */
static struct heif_error decode_image(void *raw, struct heif_image **out) {
    decoder *made = raw;
    *out = NULL;
    real_de265_flush_data(made->context);
    struct heif_error result = ok;
    int more = 0;
    do {
        more = 0;
        if (real_de265_decode(made->context, &more) != DE265_OK) break;
        const struct de265_image *picture = real_de265_get_next_picture(made->context);
        if (picture) {
            if (*out) heif_image_release(*out);
            *out = NULL;
            result = to_heif_image(picture, out);
            real_de265_release_next_picture(made->context);
            if (result.code) return result;
        }
    } while (more);
    return *out ? result : plugin_error(heif_suberror_Unspecified);
}

static void set_strict_decoding(void *raw, int flag) { (void)raw; (void)flag; }

static const struct heif_decoder_plugin plugin = {
    2, plugin_name, init_plugin, NULL, does_support_format, new_decoder, free_decoder, push_data, decode_image,
    set_strict_decoding, NULL,
};

const struct heif_decoder_plugin *pp_hevc_plugin(void) {
    return load_de265(NULL, 0) == 0 ? &plugin : NULL;
}
