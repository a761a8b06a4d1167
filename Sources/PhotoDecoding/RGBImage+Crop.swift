extension RGBImage {
    /// The pixels of the rectangle at (`x`, `y`), clamped to the image (at least one pixel).
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBImage {
        let x = min(max(0, x), self.width - 1), y = min(max(0, y), self.height - 1)
        let width = max(1, min(width, self.width - x)), height = max(1, min(height, self.height - y))
        if x == 0 && y == 0 && width == self.width && height == self.height { return self }
        var out = [UInt8]()
        out.reserveCapacity(width * height * 3)
        for row in y ..< y + height {
            let start = (row * self.width + x) * 3
            out += pixels[start ..< start + width * 3]
        }
        return RGBImage(width: width, height: height, pixels: out)
    }
}
