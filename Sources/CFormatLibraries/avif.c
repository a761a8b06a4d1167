/* libavif 0.11, loaded on the first AVIF (see photopager_formats.h). */
#include "photopager_formats.h"

#include <avif/avif.h>

#include "loader.h"

static pp_library library = PP_LIBRARY_INIT;

PP_FORWARD(avifDecoder *, avifDecoderCreate, (void), ())
PP_FORWARD_VOID(avifDecoderDestroy, (avifDecoder *decoder), (decoder))
PP_FORWARD(avifResult, avifDecoderSetIOMemory, (avifDecoder *decoder, const uint8_t *data, size_t size), (decoder, data, size))
PP_FORWARD(avifResult, avifDecoderParse, (avifDecoder *decoder), (decoder))
PP_FORWARD(avifResult, avifDecoderNextImage, (avifDecoder *decoder), (decoder))
PP_FORWARD(const char *, avifResultToString, (avifResult result), (result))
PP_FORWARD_VOID(avifRGBImageSetDefaults, (avifRGBImage *rgb, const avifImage *image), (rgb, image))
PP_FORWARD_VOID(avifRGBImageAllocatePixels, (avifRGBImage *rgb), (rgb))
PP_FORWARD_VOID(avifRGBImageFreePixels, (avifRGBImage *rgb), (rgb))
PP_FORWARD(avifResult, avifImageYUVToRGB, (const avifImage *image, avifRGBImage *rgb), (image, rgb))
PP_FORWARD(avifBool, avifCropRectConvertCleanApertureBox,
           (avifCropRect *cropRect, const avifCleanApertureBox *clap, uint32_t imageW, uint32_t imageH,
            avifPixelFormat yuvFormat, avifDiagnostics *diag),
           (cropRect, clap, imageW, imageH, yuvFormat, diag))

static void load(void) {
    const char *names[] = {"libavif.so.15"};   /* the ABI of the headers built against */
    pp_library_open(&library, names, 1, "AVIF photos need libavif (install the libavif15 package)");
    PP_RESOLVE(&library, avifDecoderCreate);
    PP_RESOLVE(&library, avifDecoderDestroy);
    PP_RESOLVE(&library, avifDecoderSetIOMemory);
    PP_RESOLVE(&library, avifDecoderParse);
    PP_RESOLVE(&library, avifDecoderNextImage);
    PP_RESOLVE(&library, avifResultToString);
    PP_RESOLVE(&library, avifRGBImageSetDefaults);
    PP_RESOLVE(&library, avifRGBImageAllocatePixels);
    PP_RESOLVE(&library, avifRGBImageFreePixels);
    PP_RESOLVE(&library, avifImageYUVToRGB);
    PP_RESOLVE(&library, avifCropRectConvertCleanApertureBox);
    library.loaded = library.handle && !library.error[0];
}

int pp_avif_load(char *message, size_t message_size) {
    pthread_once(&library.once, load);
    return pp_library_status(&library, message, message_size);
}
