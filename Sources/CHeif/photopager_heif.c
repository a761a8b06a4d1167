#include "photopager_heif.h"

#include <dlfcn.h>
#include <libheif/heif.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Only heif.h's types are used: every function comes through dlsym. */
static struct {
    struct heif_context *(*context_alloc)(void);
    void (*context_free)(struct heif_context *);
    struct heif_error (*read_from_memory)(struct heif_context *, const void *, size_t, const struct heif_reading_options *);
    void (*set_size_limit)(struct heif_context *, int);
    struct heif_error (*primary_handle)(struct heif_context *, struct heif_image_handle **);
    void (*handle_release)(const struct heif_image_handle *);
    int (*handle_width)(const struct heif_image_handle *);
    int (*handle_height)(const struct heif_image_handle *);
    int (*handle_has_alpha)(const struct heif_image_handle *);
    int (*handle_luma_bits)(const struct heif_image_handle *);
    int (*thumbnail_ids)(const struct heif_image_handle *, heif_item_id *, int);
    int (*thumbnail_count)(const struct heif_image_handle *);
    struct heif_error (*thumbnail)(const struct heif_image_handle *, heif_item_id, struct heif_image_handle **);
    enum heif_color_profile_type (*profile_type)(const struct heif_image_handle *);
    size_t (*raw_profile_size)(const struct heif_image_handle *);
    struct heif_error (*raw_profile)(const struct heif_image_handle *, void *);
    struct heif_error (*nclx_profile)(const struct heif_image_handle *, struct heif_color_profile_nclx **);
    void (*nclx_free)(struct heif_color_profile_nclx *);
    struct heif_decoding_options *(*options_alloc)(void);
    void (*options_free)(struct heif_decoding_options *);
    struct heif_error (*decode)(const struct heif_image_handle *, struct heif_image **, enum heif_colorspace,
                                enum heif_chroma, const struct heif_decoding_options *);
    void (*image_release)(const struct heif_image *);
    const uint8_t *(*plane)(const struct heif_image *, enum heif_channel, int *);
    int (*bits_range)(const struct heif_image *, enum heif_channel);
    int (*image_width)(const struct heif_image *, enum heif_channel);
    int (*image_height)(const struct heif_image *, enum heif_channel);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];
static int loaded;

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (!found && !load_error[0]) snprintf(load_error, sizeof load_error, "libheif lacks %s", name);
    return found;
}

static void load(void) {
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error,
                 "HEIF photos need libheif (install the libheif1 package)");
        return;
    }
#define LOAD(field, name) *(void **)&api.field = symbol(library, name)
    LOAD(context_alloc, "heif_context_alloc");
    LOAD(context_free, "heif_context_free");
    LOAD(read_from_memory, "heif_context_read_from_memory_without_copy");
    LOAD(set_size_limit, "heif_context_set_maximum_image_size_limit");
    LOAD(primary_handle, "heif_context_get_primary_image_handle");
    LOAD(handle_release, "heif_image_handle_release");
    LOAD(handle_width, "heif_image_handle_get_width");
    LOAD(handle_height, "heif_image_handle_get_height");
    LOAD(handle_has_alpha, "heif_image_handle_has_alpha_channel");
    LOAD(handle_luma_bits, "heif_image_handle_get_luma_bits_per_pixel");
    LOAD(thumbnail_ids, "heif_image_handle_get_list_of_thumbnail_IDs");
    LOAD(thumbnail_count, "heif_image_handle_get_number_of_thumbnails");
    LOAD(thumbnail, "heif_image_handle_get_thumbnail");
    LOAD(profile_type, "heif_image_handle_get_color_profile_type");
    LOAD(raw_profile_size, "heif_image_handle_get_raw_color_profile_size");
    LOAD(raw_profile, "heif_image_handle_get_raw_color_profile");
    LOAD(nclx_profile, "heif_image_handle_get_nclx_color_profile");
    LOAD(nclx_free, "heif_nclx_color_profile_free");
    LOAD(options_alloc, "heif_decoding_options_alloc");
    LOAD(options_free, "heif_decoding_options_free");
    LOAD(decode, "heif_decode_image");
    LOAD(image_release, "heif_image_release");
    LOAD(plane, "heif_image_get_plane_readonly");
    LOAD(bits_range, "heif_image_get_bits_per_pixel_range");
    LOAD(image_width, "heif_image_get_width");
    LOAD(image_height, "heif_image_get_height");
#undef LOAD
    if (!load_error[0]) loaded = 1;
}

int pp_heif_load(char *message, size_t message_size) {
    pthread_once(&load_once, load);
    if (loaded) return 0;
    if (message && message_size) snprintf(message, message_size, "%s", load_error);
    return -1;
}

static int fail(pp_heif_image *image, const char *what, struct heif_error error) {
    snprintf(image->message, sizeof image->message, "%s: %s", what, error.message ? error.message : "unknown error");
    return -1;
}

/* The thumbnail of `primary` to decode instead, when one covers min_width x min_height. */
static struct heif_image_handle *usable_thumbnail(const struct heif_image_handle *primary, int min_width, int min_height) {
    if (min_width <= 0 || min_height <= 0) return NULL;
    heif_item_id ids[8];
    int count = api.thumbnail_ids(primary, ids, 8);
    struct heif_image_handle *best = NULL;
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *candidate = NULL;
        if (api.thumbnail(primary, ids[i], &candidate).code != heif_error_Ok || !candidate) continue;
        int w = api.handle_width(candidate), h = api.handle_height(candidate);
        /* The same shape as the photo (a thumbnail of other proportions would be cropped). */
        long long shape = (long long)w * api.handle_height(primary) - (long long)h * api.handle_width(primary);
        int same_shape = llabs(shape) <= (long long)api.handle_width(primary) * 2;
        if (w >= min_width && h >= min_height && same_shape && (!best || w < api.handle_width(best))) {
            if (best) api.handle_release(best);
            best = candidate;
        } else {
            api.handle_release(candidate);
        }
    }
    return best;
}

static void copy_colour(const struct heif_image_handle *handle, pp_heif_image *image) {
    size_t length = api.raw_profile_size(handle);
    if (length > 0 && length < (64u << 20)) {
        image->icc = malloc(length);
        if (image->icc && api.raw_profile(handle, image->icc).code == heif_error_Ok) {
            image->icc_length = length;
        } else {
            free(image->icc);
            image->icc = NULL;
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (api.nclx_profile(handle, &nclx).code == heif_error_Ok && nclx) {
        image->has_nclx = 1;
        image->primaries = nclx->color_primaries;
        image->transfer = nclx->transfer_characteristics;
        image->matrix = nclx->matrix_coefficients;
        image->full_range = nclx->full_range_flag;
        api.nclx_free(nclx);
    }
}

int pp_heif_decode(const void *data, size_t size, int min_width, int min_height, int max_side,
                   long long max_pixels, pp_heif_image *image) {
    memset(image, 0, sizeof *image);
    if (pp_heif_load(image->message, sizeof image->message) != 0) return -1;
    struct heif_context *context = api.context_alloc();
    if (!context) return snprintf(image->message, sizeof image->message, "libheif failed to start"), -1;
    api.set_size_limit(context, max_side);
    int status = -1;
    struct heif_image_handle *primary = NULL, *chosen = NULL;
    struct heif_image *decoded = NULL;
    struct heif_decoding_options *options = NULL;
    struct heif_error error = api.read_from_memory(context, data, size, NULL);
    if (error.code != heif_error_Ok) { fail(image, "not a readable HEIF file", error); goto done; }
    error = api.primary_handle(context, &primary);
    if (error.code != heif_error_Ok) { fail(image, "no primary image", error); goto done; }
    long long pixels = (long long)api.handle_width(primary) * api.handle_height(primary);
    if (api.handle_width(primary) <= 0 || api.handle_height(primary) <= 0) {
        snprintf(image->message, sizeof image->message, "image has zero width or height");
        goto done;
    }
    if (pixels > max_pixels) {
        snprintf(image->message, sizeof image->message, "too large: %dx%d", api.handle_width(primary), api.handle_height(primary));
        goto done;
    }
    copy_colour(primary, image);
    chosen = usable_thumbnail(primary, min_width, min_height);
    image->from_thumbnail = chosen != NULL;
    if (!chosen) chosen = primary;
    int deep = api.handle_luma_bits(chosen) > 8;
    options = api.options_alloc();
    error = api.decode(chosen, &decoded, heif_colorspace_RGB,
                       deep ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RGBA, options);
    if (error.code != heif_error_Ok || !decoded) { fail(image, "cannot decode", error); goto done; }
    int stride = 0;
    const uint8_t *plane = api.plane(decoded, heif_channel_interleaved, &stride);
    int width = api.image_width(decoded, heif_channel_interleaved), height = api.image_height(decoded, heif_channel_interleaved);
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
    image->significant_bits = deep ? api.bits_range(decoded, heif_channel_interleaved) : 8;
    image->has_alpha = api.handle_has_alpha(chosen);
    status = 0;
done:
    if (decoded) api.image_release(decoded);
    if (options) api.options_free(options);
    if (chosen && chosen != primary) api.handle_release(chosen);
    if (primary) api.handle_release(primary);
    api.context_free(context);
    return status;
}

void pp_heif_image_free(pp_heif_image *image) {
    free(image->pixels);
    free(image->icc);
    image->pixels = NULL;
    image->icc = NULL;
}
