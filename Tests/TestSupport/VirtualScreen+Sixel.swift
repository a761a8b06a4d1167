import PhotoPagerBase

extension VirtualScreen {
    mutating func dcsHook(params: [Int], intermediates: [UInt8], final: UInt8) {
        sixel = final == UInt8(ascii: "q") && intermediates.isEmpty ? SixelScanner() : nil
    }

    mutating func dcsPut(_ byte: UInt8) {
        sixel?.feed(byte)
    }

    /// The end of a sixel image: draw it with the raster size it declared, or, without one, the
    /// extent its data actually painted.
    mutating func dcsUnhook() {
        guard let scanner = sixel else { return }
        sixel = nil
        let size = scanner.size
        guard size.width > 0, size.height > 0 else { return }
        // Konsole draws the last band of 6 whole, whatever the raster height says.
        let height = imagesOnOwnLayer ? (size.height + 5) / 6 * 6 : size.height
        drawPixelImage(.sixel, pixelSize: size,
                       columns: (size.width + cellPixelSize.width - 1) / cellPixelSize.width,
                       rows: (height + cellPixelSize.height - 1) / cellPixelSize.height)
    }
}
