#include "photopager_heif.h"

#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hevc.h"
#include "loader.h"

static pp_library library = PP_LIBRARY_INIT;

#define HEIF_FUNCTIONS(X, V) \
    X(struct heif_context *, heif_context_alloc, (void), ()) \
    V(heif_context_free, (struct heif_context *context), (context)) \
    X(struct heif_error, heif_context_read_from_memory_without_copy, (struct heif_context *context, const void *mem, size_t size, const struct heif_reading_options *options), (context, mem, size, options)) \
    V(heif_context_set_maximum_image_size_limit, (struct heif_context *ctx, int maximum_width), (ctx, maximum_width)) \
    X(struct heif_error, heif_context_get_primary_image_handle, (struct heif_context *ctx, struct heif_image_handle **handle), (ctx, handle)) \
    V(heif_image_handle_release, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_width, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_height, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_has_alpha_channel, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_luma_bits_per_pixel, (const struct heif_image_handle *handle), (handle)) \
    X(int, heif_image_handle_get_list_of_thumbnail_IDs, (const struct heif_image_handle *handle, heif_item_id *ids, int count), (handle, ids, count)) \
    X(struct heif_error, heif_image_handle_get_thumbnail, (const struct heif_image_handle *main_image_handle, heif_item_id thumbnail_id, struct heif_image_handle **out_thumbnail_handle), (main_image_handle, thumbnail_id, out_thumbnail_handle)) \
    X(size_t, heif_image_handle_get_raw_color_profile_size, (const struct heif_image_handle *handle), (handle)) \
    X(struct heif_error, heif_image_handle_get_raw_color_profile, (const struct heif_image_handle *handle, void *out_data), (handle, out_data)) \
    X(struct heif_error, heif_image_handle_get_nclx_color_profile, (const struct heif_image_handle *handle, struct heif_color_profile_nclx **out_data), (handle, out_data)) \
    V(heif_nclx_color_profile_free, (struct heif_color_profile_nclx *nclx_profile), (nclx_profile)) \
    X(struct heif_decoding_options *, heif_decoding_options_alloc, (void), ()) \
    V(heif_decoding_options_free, (struct heif_decoding_options *options), (options)) \
    X(struct heif_error, heif_decode_image, (const struct heif_image_handle *in_handle, struct heif_image **out_img, enum heif_colorspace colorspace, enum heif_chroma chroma, const struct heif_decoding_options *options), (in_handle, out_img, colorspace, chroma, options)) \
    V(heif_image_release, (const struct heif_image *image), (image)) \
    X(const uint8_t *, heif_image_get_plane_readonly, (const struct heif_image *image, enum heif_channel channel, int *out_stride), (image, channel, out_stride)) \
    X(int, heif_image_get_bits_per_pixel_range, (const struct heif_image *image, enum heif_channel channel), (image, channel)) \
    X(int, heif_image_get_width, (const struct heif_image *img, enum heif_channel channel), (img, channel)) \
    X(int, heif_image_get_height, (const struct heif_image *img, enum heif_channel channel), (img, channel)) \
    X(struct heif_error, heif_register_decoder, (struct heif_context *heif, const struct heif_decoder_plugin *plugin), (heif, plugin)) \
    X(struct heif_error, heif_image_create, (int width, int height, enum heif_colorspace colorspace, enum heif_chroma chroma, struct heif_image **out_image), (width, height, colorspace, chroma, out_image)) \
    X(struct heif_error, heif_image_add_plane, (struct heif_image *image, enum heif_channel channel, int width, int height, int bit_depth), (image, channel, width, height, bit_depth)) \
    X(uint8_t *, heif_image_get_plane, (struct heif_image *image, enum heif_channel channel, int *out_stride), (image, channel, out_stride)) \
    X(struct heif_color_profile_nclx *, heif_nclx_color_profile_alloc, (void), ()) \
    X(struct heif_error, heif_nclx_color_profile_set_color_primaries, (struct heif_color_profile_nclx *nclx, uint16_t cp), (nclx, cp)) \
    X(struct heif_error, heif_nclx_color_profile_set_transfer_characteristics, (struct heif_color_profile_nclx *nclx, uint16_t transfer_characteristics), (nclx, transfer_characteristics)) \
    X(struct heif_error, heif_nclx_color_profile_set_matrix_coefficients, (struct heif_color_profile_nclx *nclx, uint16_t matrix_coefficients), (nclx, matrix_coefficients)) \
    X(struct heif_error, heif_image_set_nclx_color_profile, (struct heif_image *image, const struct heif_color_profile_nclx *color_profile), (image, color_profile))
HEIF_FUNCTIONS(PP_FORWARD, PP_FORWARD_VOID)

PP_DEFINE_LOADER(pp_heif_load, HEIF_FUNCTIONS, "HEIF photos need libheif (install the libheif1 package)", "libheif.so.1")

static int fail(pp_heif_image *image, const char *what, struct heif_error error) {
    snprintf(image->message, sizeof image->message, "%s: %s", what, error.message ? error.message : "unknown error");
    return -1;
}

/* The thumbnail of `primary` to decode instead, when one covers min_width x min_height. */
static struct heif_image_handle *usable_thumbnail(const struct heif_image_handle *primary, int min_width, int min_height) {
    if (min_width <= 0 || min_height <= 0) return NULL;
    heif_item_id ids[8];
    int count = heif_image_handle_get_list_of_thumbnail_IDs(primary, ids, 8);
    struct heif_image_handle *best = NULL;
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *candidate = NULL;
        if (heif_image_handle_get_thumbnail(primary, ids[i], &candidate).code != heif_error_Ok || !candidate) continue;
        int w = heif_image_handle_get_width(candidate), h = heif_image_handle_get_height(candidate);
        /* The same shape as the photo (a thumbnail of other proportions would be cropped). */
        long long shape = (long long)w * heif_image_handle_get_height(primary) - (long long)h * heif_image_handle_get_width(primary);
        int same_shape = llabs(shape) <= (long long)heif_image_handle_get_width(primary) * 2;
        if (w >= min_width && h >= min_height && same_shape && (!best || w < heif_image_handle_get_width(best))) {
            if (best) heif_image_handle_release(best);
            best = candidate;
        } else {
            heif_image_handle_release(candidate);
        }
    }
    return best;
}

static void copy_colour(const struct heif_image_handle *handle, pp_heif_image *image) {
    size_t length = heif_image_handle_get_raw_color_profile_size(handle);
    if (length > 0 && length < (64u << 20)) {
        image->icc = malloc(length);
        if (image->icc && heif_image_handle_get_raw_color_profile(handle, image->icc).code == heif_error_Ok) {
            image->icc_length = length;
        } else {
            free(image->icc);
            image->icc = NULL;
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    /* libheif 1.15 hands the profile over with an error too (an unknown transfer curve): it
       is ours to free either way, and only used when read without one (the fuzzer's leak). */
    struct heif_error error = heif_image_handle_get_nclx_color_profile(handle, &nclx);
    if (error.code == heif_error_Ok && nclx) {
        image->has_nclx = 1;
        image->primaries = nclx->color_primaries;
        image->transfer = nclx->transfer_characteristics;
        image->matrix = nclx->matrix_coefficients;
        image->full_range = nclx->full_range_flag;
    }
    if (nclx) heif_nclx_color_profile_free(nclx);
}

int pp_heif_decode(const void *data, size_t size, int min_width, int min_height, int max_side,
                   long long max_pixels, int parallel_hevc, pp_heif_image *image) {
    memset(image, 0, sizeof *image);
    if (pp_heif_load(image->message, sizeof image->message) != 0) return -1;
    struct heif_context *context = heif_context_alloc();
    if (!context) return snprintf(image->message, sizeof image->message, "libheif failed to start"), -1;
    const struct heif_decoder_plugin *hevc = parallel_hevc ? pp_hevc_plugin() : NULL;
    if (hevc) heif_register_decoder(context, hevc);
    heif_context_set_maximum_image_size_limit(context, max_side);
    int status = -1;
    struct heif_image_handle *primary = NULL, *chosen = NULL;
    struct heif_image *decoded = NULL;
    struct heif_decoding_options *options = NULL;
    struct heif_error error = heif_context_read_from_memory_without_copy(context, data, size, NULL);
    if (error.code != heif_error_Ok) { fail(image, "not a readable HEIF file", error); goto done; }
    error = heif_context_get_primary_image_handle(context, &primary);
    if (error.code != heif_error_Ok) { fail(image, "no primary image", error); goto done; }
    long long pixels = (long long)heif_image_handle_get_width(primary) * heif_image_handle_get_height(primary);
    if (heif_image_handle_get_width(primary) <= 0 || heif_image_handle_get_height(primary) <= 0) {
        snprintf(image->message, sizeof image->message, "image has zero width or height");
        goto done;
    }
    if (pixels > max_pixels) {
        snprintf(image->message, sizeof image->message, "too large: %dx%d", heif_image_handle_get_width(primary), heif_image_handle_get_height(primary));
        goto done;
    }
    copy_colour(primary, image);
    chosen = usable_thumbnail(primary, min_width, min_height);
    image->from_thumbnail = chosen != NULL;
    if (!chosen) chosen = primary;
    int deep = heif_image_handle_get_luma_bits_per_pixel(chosen) > 8;
    options = heif_decoding_options_alloc();
    error = heif_decode_image(chosen, &decoded, heif_colorspace_RGB,
                       deep ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RGBA, options);
    if (error.code != heif_error_Ok || !decoded) { fail(image, "cannot decode", error); goto done; }
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride);
    int width = heif_image_get_width(decoded, heif_channel_interleaved), height = heif_image_get_height(decoded, heif_channel_interleaved);
    if (!plane || width <= 0 || height <= 0) {
        snprintf(image->message, sizeof image->message, "libheif returned no pixels");
        goto done;
    }
    size_t row = (size_t)width * 4 * (deep ? 2 : 1);
    image->pixels = malloc(row * height);
    if (!image->pixels) { snprintf(image->message, sizeof image->message, "out of memory"); goto done; }
    for (int y = 0; y < height; y++) memcpy(image->pixels + row * y, plane + (size_t)stride * y, row);
    image->width = width;
    image->height = height;
    image->sample_bits = deep ? 16 : 8;
    image->significant_bits = deep ? heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved) : 8;
    image->has_alpha = heif_image_handle_has_alpha_channel(chosen);
    status = 0;
done:
    if (decoded) heif_image_release(decoded);
    if (options) heif_decoding_options_free(options);
    if (chosen && chosen != primary) heif_image_handle_release(chosen);
    if (primary) heif_image_handle_release(primary);
    heif_context_free(context);
    return status;
}

void pp_heif_image_free(pp_heif_image *image) {
    free(image->pixels);
    free(image->icc);
    image->pixels = NULL;
    image->icc = NULL;
}
