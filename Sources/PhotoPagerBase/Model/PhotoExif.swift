import FoundationEssentials

extension Photo {
    /// Camera settings, for the info panel.
    ///
    /// The API sends `exposure_time`, `aperture` and `focal_length` as strings and `iso` as a
    /// number, but other producers (and hand-written manifests) use numbers for the former, so
    /// decoding accepts either and keeps the text; `iso` also accepts a numeric string. Encoding
    /// writes the API's types.
    public struct Exif: Sendable, Hashable, Codable {
        public var make: String?
        public var model: String?
        /// Seconds, as text: `"1/250"` or `"0.004"`.
        public var exposureTime: String?
        /// The f-number, as text: `"4.0"`.
        public var aperture: String?
        /// Millimetres, as text: `"37"`.
        public var focalLength: String?
        public var iso: Int?
        /// The lens (EXIF LensModel, Immich's lensModel); not in Unsplash's shape.
        public var lens: String?

        public init(
            make: String? = nil, model: String? = nil, exposureTime: String? = nil,
            aperture: String? = nil, focalLength: String? = nil, iso: Int? = nil, lens: String? = nil
        ) {
            self.make = make
            self.model = model
            self.lens = lens
            self.exposureTime = exposureTime
            self.aperture = aperture
            self.focalLength = focalLength
            self.iso = iso
        }

        /// One decimal place, as Unsplash writes an aperture or a focal length: "5.6", "35.0".
        public static func oneDecimal(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)"
        }

        enum CodingKeys: String, CodingKey {
            case make, model
            case exposureTime = "exposure_time"
            case aperture
            case focalLength = "focal_length"
            case iso, lens
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            make = try container.decodeIfPresent(String.self, forKey: .make)
            lens = try container.decodeIfPresent(String.self, forKey: .lens)
            model = try container.decodeIfPresent(String.self, forKey: .model)
            exposureTime = try container.decodeTextOrNumberIfPresent(forKey: .exposureTime)
            aperture = try container.decodeTextOrNumberIfPresent(forKey: .aperture)
            focalLength = try container.decodeTextOrNumberIfPresent(forKey: .focalLength)
            if let text = try? container.decodeIfPresent(String.self, forKey: .iso),
               let number = Int(text.trimmingWhitespace) {
                iso = number
            } else {
                iso = try container.decodeWholeNumberIfPresent(forKey: .iso)
            }
        }
    }
}
