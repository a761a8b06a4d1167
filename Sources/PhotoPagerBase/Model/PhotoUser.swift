extension Photo {
    /// The photographer, as much of the Unsplash user object as the UI shows.
    ///
    /// The Unsplash API always names the photographer; local files often cannot (no EXIF
    /// Artist), and `photopager list --json` of them must read back as a manifest, so a user
    /// without names decodes and is shown as unknown.
    public struct User: Sendable, Hashable, Codable {
        public var id: String?
        public var username: String?
        public var name: String?
        public var links: Links?

        public init(id: String? = nil, username: String? = nil, name: String? = nil, links: Links? = nil) {
            self.id = id
            self.username = username
            self.name = name
            self.links = links
        }

        /// The text for the credit line: the full name, else the username, else empty.
        public var displayName: String {
            if let name, !name.isEmpty { return name }
            return username ?? ""
        }

        /// The photographer's profile page.
        public struct Links: Sendable, Hashable, Codable {
            public var html: String?

            public init(html: String? = nil) {
                self.html = html
            }
        }

        enum CodingKeys: String, CodingKey {
            case id, username, name, links
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            username = try container.decodeIfPresent(String.self, forKey: .username)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            links = try container.decodeIfPresent(Links.self, forKey: .links)
        }
    }
}
