extension Photo {
    /// Where the photo was taken, for the info panel.
    public struct Location: Sendable, Hashable, Codable {
        public var name: String?
        public var city: String?
        public var country: String?

        public init(name: String? = nil, city: String? = nil, country: String? = nil) {
            self.name = name
            self.city = city
            self.country = country
        }
    }
}
