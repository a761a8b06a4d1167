/* libavif 0.11, loaded on the first AVIF (see photopager_formats.h). */
#include "photopager_formats.h"

#include <avif/avif.h>

#include "loader.h"

static pp_library library = PP_LIBRARY_INIT;

#define AVIF_FUNCTIONS(X, V) \
    X(avifDecoder *, avifDecoderCreate, (void), ()) \
    V(avifDecoderDestroy, (avifDecoder *decoder), (decoder)) \
    X(avifResult, avifDecoderSetIOMemory, (avifDecoder *decoder, const uint8_t *data, size_t size), (decoder, data, size)) \
    X(avifResult, avifDecoderParse, (avifDecoder *decoder), (decoder)) \
    X(avifResult, avifDecoderNextImage, (avifDecoder *decoder), (decoder)) \
    X(const char *, avifResultToString, (avifResult result), (result)) \
    V(avifRGBImageSetDefaults, (avifRGBImage *rgb, const avifImage *image), (rgb, image)) \
    V(avifRGBImageAllocatePixels, (avifRGBImage *rgb), (rgb)) \
    V(avifRGBImageFreePixels, (avifRGBImage *rgb), (rgb)) \
    X(avifResult, avifImageYUVToRGB, (const avifImage *image, avifRGBImage *rgb), (image, rgb)) \
    X(avifBool, avifCropRectConvertCleanApertureBox, (avifCropRect *cropRect, const avifCleanApertureBox *clap, uint32_t imageW, uint32_t imageH, avifPixelFormat yuvFormat, avifDiagnostics *diag), (cropRect, clap, imageW, imageH, yuvFormat, diag))
AVIF_FUNCTIONS(PP_FORWARD, PP_FORWARD_VOID)

/* Only the soname of the headers built against: the structs are laid out as they say. */
PP_DEFINE_LOADER(pp_avif_load, AVIF_FUNCTIONS, "AVIF photos need libavif (install the libavif15 package)", "libavif.so.15")
