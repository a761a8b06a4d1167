extension Photo {
    /// The image URLs at Unsplash's fixed sizes, largest first (`raw` is the original).
    ///
    /// Decoding requires at least one non-empty URL: a photo without any has nothing to show.
    public struct URLs: Sendable, Hashable, Codable {
        public var raw: String?
        public var full: String?
        public var regular: String?
        public var small: String?
        public var thumb: String?

        public init(
            raw: String? = nil, full: String? = nil, regular: String? = nil,
            small: String? = nil, thumb: String? = nil
        ) {
            self.raw = raw
            self.full = full
            self.regular = regular
            self.small = small
            self.thumb = thumb
        }

        /// The non-empty URLs, largest first.
        var largestFirst: [String] {
            [raw, full, regular, small, thumb].compactMap { $0 }.filter { !$0.isEmpty }
        }

        enum CodingKeys: String, CodingKey {
            case raw, full, regular, small, thumb
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            raw = try container.decodeIfPresent(String.self, forKey: .raw)
            full = try container.decodeIfPresent(String.self, forKey: .full)
            regular = try container.decodeIfPresent(String.self, forKey: .regular)
            small = try container.decodeIfPresent(String.self, forKey: .small)
            thumb = try container.decodeIfPresent(String.self, forKey: .thumb)
            if largestFirst.isEmpty {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath,
                    debugDescription: "needs at least one of raw, full, regular, small, thumb"))
            }
        }
    }
}
