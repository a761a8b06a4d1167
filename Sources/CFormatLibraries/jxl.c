/* libjxl 0.7 and its thread runner, loaded on the first JPEG XL (see photopager_formats.h). */
#include "photopager_formats.h"

#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>

#include "loader.h"

static pp_library library = PP_LIBRARY_INIT, threads = PP_LIBRARY_INIT;

#define JXL_FUNCTIONS(X, V) \
    X(JxlDecoder *, JxlDecoderCreate, (const JxlMemoryManager *memory_manager), (memory_manager)) \
    V(JxlDecoderDestroy, (JxlDecoder *dec), (dec)) \
    X(JxlDecoderStatus, JxlDecoderSetParallelRunner, (JxlDecoder *dec, JxlParallelRunner parallel_runner, void *parallel_runner_opaque), (dec, parallel_runner, parallel_runner_opaque)) \
    X(JxlDecoderStatus, JxlDecoderSubscribeEvents, (JxlDecoder *dec, int events_wanted), (dec, events_wanted)) \
    X(JxlDecoderStatus, JxlDecoderSetKeepOrientation, (JxlDecoder *dec, JXL_BOOL skip_reorientation), (dec, skip_reorientation)) \
    X(JxlDecoderStatus, JxlDecoderSetUnpremultiplyAlpha, (JxlDecoder *dec, JXL_BOOL unpremul_alpha), (dec, unpremul_alpha)) \
    X(JxlDecoderStatus, JxlDecoderSetInput, (JxlDecoder *dec, const uint8_t *data, size_t size), (dec, data, size)) \
    V(JxlDecoderCloseInput, (JxlDecoder *dec), (dec)) \
    X(JxlDecoderStatus, JxlDecoderProcessInput, (JxlDecoder *dec), (dec)) \
    X(JxlDecoderStatus, JxlDecoderGetBasicInfo, (const JxlDecoder *dec, JxlBasicInfo *info), (dec, info)) \
    X(JxlDecoderStatus, JxlDecoderGetColorAsEncodedProfile, (const JxlDecoder *dec, const JxlPixelFormat *unused_format, JxlColorProfileTarget target, JxlColorEncoding *color_encoding), (dec, unused_format, target, color_encoding)) \
    X(JxlDecoderStatus, JxlDecoderGetICCProfileSize, (const JxlDecoder *dec, const JxlPixelFormat *unused_format, JxlColorProfileTarget target, size_t *size), (dec, unused_format, target, size)) \
    X(JxlDecoderStatus, JxlDecoderGetColorAsICCProfile, (const JxlDecoder *dec, const JxlPixelFormat *unused_format, JxlColorProfileTarget target, uint8_t *icc_profile, size_t size), (dec, unused_format, target, icc_profile, size)) \
    X(JxlDecoderStatus, JxlDecoderSetPreferredColorProfile, (JxlDecoder *dec, const JxlColorEncoding *color_encoding), (dec, color_encoding)) \
    X(JxlDecoderStatus, JxlDecoderImageOutBufferSize, (const JxlDecoder *dec, const JxlPixelFormat *format, size_t *size), (dec, format, size)) \
    X(JxlDecoderStatus, JxlDecoderSetImageOutBuffer, (JxlDecoder *dec, const JxlPixelFormat *format, void *buffer, size_t size), (dec, format, buffer, size))
JXL_FUNCTIONS(PP_FORWARD, PP_FORWARD_VOID)

#define THREAD_FUNCTIONS(X, V) \
    X(JxlParallelRetCode, JxlThreadParallelRunner, (void *runner_opaque, void *jpegxl_opaque, JxlParallelRunInit init, JxlParallelRunFunction func, uint32_t start_range, uint32_t end_range), (runner_opaque, jpegxl_opaque, init, func, start_range, end_range)) \
    X(void *, JxlThreadParallelRunnerCreate, (const JxlMemoryManager *memory_manager, size_t num_worker_threads), (memory_manager, num_worker_threads)) \
    V(JxlThreadParallelRunnerDestroy, (void *runner_opaque), (runner_opaque))
THREAD_FUNCTIONS(PP_FORWARD, PP_FORWARD_VOID)

#define THREADS_LOOKUP(ret, name, params, args) PP_RESOLVE(&threads, name);
#define THREADS_LOOKUP_VOID(name, params, args) PP_RESOLVE(&threads, name);

static void load(void) {
    const char *names[] = {"libjxl.so.0.7"};
    const char *thread_names[] = {"libjxl_threads.so.0.7"};
    const char *missing = "JPEG XL photos need libjxl (install the libjxl0.7 package)";
    pp_library_open(&library, names, 1, missing);
    pp_library_open(&threads, thread_names, 1, missing);
    JXL_FUNCTIONS(PP_LOOKUP, PP_LOOKUP_VOID)
    THREAD_FUNCTIONS(THREADS_LOOKUP, THREADS_LOOKUP_VOID)
    library.loaded = library.handle && threads.handle && !library.error[0] && !threads.error[0];
    if (!library.error[0] && threads.error[0]) snprintf(library.error, sizeof library.error, "%s", threads.error);
}

int pp_jxl_load(char *message, size_t message_size) {
    pthread_once(&library.once, load);
    return pp_library_status(&library, message, message_size);
}
