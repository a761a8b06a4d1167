/* libjxl 0.7 and its thread runner, loaded on the first JPEG XL (see photopager_formats.h). */
#include "photopager_formats.h"

#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>

#include "loader.h"

static pp_library library = PP_LIBRARY_INIT, threads = PP_LIBRARY_INIT;

PP_FORWARD(JxlDecoder *, JxlDecoderCreate, (const JxlMemoryManager *memory_manager), (memory_manager))
PP_FORWARD_VOID(JxlDecoderDestroy, (JxlDecoder *dec), (dec))
PP_FORWARD(JxlDecoderStatus, JxlDecoderSetParallelRunner,
           (JxlDecoder *dec, JxlParallelRunner parallel_runner, void *parallel_runner_opaque),
           (dec, parallel_runner, parallel_runner_opaque))
PP_FORWARD(JxlDecoderStatus, JxlDecoderSubscribeEvents, (JxlDecoder *dec, int events_wanted), (dec, events_wanted))
PP_FORWARD(JxlDecoderStatus, JxlDecoderSetKeepOrientation, (JxlDecoder *dec, JXL_BOOL skip_reorientation), (dec, skip_reorientation))
PP_FORWARD(JxlDecoderStatus, JxlDecoderSetUnpremultiplyAlpha, (JxlDecoder *dec, JXL_BOOL unpremul_alpha), (dec, unpremul_alpha))
PP_FORWARD(JxlDecoderStatus, JxlDecoderSetInput, (JxlDecoder *dec, const uint8_t *data, size_t size), (dec, data, size))
PP_FORWARD_VOID(JxlDecoderCloseInput, (JxlDecoder *dec), (dec))
PP_FORWARD(JxlDecoderStatus, JxlDecoderProcessInput, (JxlDecoder *dec), (dec))
PP_FORWARD(JxlDecoderStatus, JxlDecoderGetBasicInfo, (const JxlDecoder *dec, JxlBasicInfo *info), (dec, info))
PP_FORWARD(JxlDecoderStatus, JxlDecoderGetColorAsEncodedProfile,
           (const JxlDecoder *dec, const JxlPixelFormat *unused_format, JxlColorProfileTarget target, JxlColorEncoding *color_encoding),
           (dec, unused_format, target, color_encoding))
PP_FORWARD(JxlDecoderStatus, JxlDecoderGetICCProfileSize,
           (const JxlDecoder *dec, const JxlPixelFormat *unused_format, JxlColorProfileTarget target, size_t *size),
           (dec, unused_format, target, size))
PP_FORWARD(JxlDecoderStatus, JxlDecoderGetColorAsICCProfile,
           (const JxlDecoder *dec, const JxlPixelFormat *unused_format, JxlColorProfileTarget target, uint8_t *icc_profile, size_t size),
           (dec, unused_format, target, icc_profile, size))
PP_FORWARD(JxlDecoderStatus, JxlDecoderSetPreferredColorProfile, (JxlDecoder *dec, const JxlColorEncoding *color_encoding),
           (dec, color_encoding))
PP_FORWARD(JxlDecoderStatus, JxlDecoderImageOutBufferSize, (const JxlDecoder *dec, const JxlPixelFormat *format, size_t *size),
           (dec, format, size))
PP_FORWARD(JxlDecoderStatus, JxlDecoderSetImageOutBuffer, (JxlDecoder *dec, const JxlPixelFormat *format, void *buffer, size_t size),
           (dec, format, buffer, size))
PP_FORWARD(JxlParallelRetCode, JxlThreadParallelRunner,
           (void *runner_opaque, void *jpegxl_opaque, JxlParallelRunInit init, JxlParallelRunFunction func, uint32_t start_range,
            uint32_t end_range),
           (runner_opaque, jpegxl_opaque, init, func, start_range, end_range))
PP_FORWARD(void *, JxlThreadParallelRunnerCreate, (const JxlMemoryManager *memory_manager, size_t num_worker_threads),
           (memory_manager, num_worker_threads))
PP_FORWARD_VOID(JxlThreadParallelRunnerDestroy, (void *runner_opaque), (runner_opaque))

static void load(void) {
    const char *names[] = {"libjxl.so.0.7"};
    const char *thread_names[] = {"libjxl_threads.so.0.7"};
    const char *missing = "JPEG XL photos need libjxl (install the libjxl0.7 package)";
    pp_library_open(&library, names, 1, missing);
    pp_library_open(&threads, thread_names, 1, missing);
    PP_RESOLVE(&library, JxlDecoderCreate);
    PP_RESOLVE(&library, JxlDecoderDestroy);
    PP_RESOLVE(&library, JxlDecoderSetParallelRunner);
    PP_RESOLVE(&library, JxlDecoderSubscribeEvents);
    PP_RESOLVE(&library, JxlDecoderSetKeepOrientation);
    PP_RESOLVE(&library, JxlDecoderSetUnpremultiplyAlpha);
    PP_RESOLVE(&library, JxlDecoderSetInput);
    PP_RESOLVE(&library, JxlDecoderCloseInput);
    PP_RESOLVE(&library, JxlDecoderProcessInput);
    PP_RESOLVE(&library, JxlDecoderGetBasicInfo);
    PP_RESOLVE(&library, JxlDecoderGetColorAsEncodedProfile);
    PP_RESOLVE(&library, JxlDecoderGetICCProfileSize);
    PP_RESOLVE(&library, JxlDecoderGetColorAsICCProfile);
    PP_RESOLVE(&library, JxlDecoderSetPreferredColorProfile);
    PP_RESOLVE(&library, JxlDecoderImageOutBufferSize);
    PP_RESOLVE(&library, JxlDecoderSetImageOutBuffer);
    PP_RESOLVE(&threads, JxlThreadParallelRunner);
    PP_RESOLVE(&threads, JxlThreadParallelRunnerCreate);
    PP_RESOLVE(&threads, JxlThreadParallelRunnerDestroy);
    library.loaded = library.handle && threads.handle && !library.error[0] && !threads.error[0];
    if (!library.error[0] && threads.error[0]) snprintf(library.error, sizeof library.error, "%s", threads.error);
}

int pp_jxl_load(char *message, size_t message_size) {
    pthread_once(&library.once, load);
    return pp_library_status(&library, message, message_size);
}
