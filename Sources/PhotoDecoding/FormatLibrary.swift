import CFormatLibraries

/// The format libraries loaded on first use (see photopager_formats.h): each decoder asks for
/// its library before its first call, and a missing one is a clear error naming the package.
enum FormatLibrary {
    case heif, tiff, avif, jxl, raw

    func require() throws {
        var message = [CChar](repeating: 0, count: 256)
        let status: Int32
        switch self {
        case .heif: status = pp_heif_load(&message, message.count)
        case .tiff: status = pp_tiff_load(&message, message.count)
        case .avif: status = pp_avif_load(&message, message.count)
        case .jxl: status = pp_jxl_load(&message, message.count)
        case .raw: status = pp_raw_load(&message, message.count)
        }
        guard status == 0 else {
            throw DecodeError.unsupported(CText.string(message))
        }
    }
}
