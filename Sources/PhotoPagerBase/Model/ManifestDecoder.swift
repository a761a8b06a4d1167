import FoundationEssentials

/// Reads a photo manifest: the JSON a user points `photopager photos.json` at.
///
/// Three shapes are accepted because all come straight out of the Unsplash API: a plain array of
/// photo objects (`GET /photos`, collections, a user's photos), a search reply
/// (`GET /search/photos`: `{"total": …, "total_pages": …, "results": [ … ]}`) and a single photo
/// object (`GET /photos/:id`, `/photos/random`).
public enum ManifestDecoder {
    /// The manifest's photos, in order; the first bad photo stops decoding with an error that
    /// names it (see ``ManifestError``), because a silently shortened list is harder to debug.
    public static func photos(from data: Data) throws(ManifestError) -> [Photo] {
        do {
            return try JSONDecoder().decode(Manifest.self, from: data).photos
        } catch let error as ManifestError {
            throw error
        } catch {
            throw .invalidJSON(detail: parserDetail(of: error))
        }
    }

    /// The parser's own words, which say where ("Unexpected character 'x' around line 1,
    /// column 5."), rather than the wrapper's "The given data was not valid JSON.".
    private static func parserDetail(of error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
        if let underlying = context.underlyingError { return "\(underlying)" }
        return context.debugDescription
    }
}

/// The top level of a manifest, either shape.
private struct Manifest: Decodable {
    var photos: [Photo]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let results = Key(stringValue: "results")
        static let id = Key(stringValue: "id")
    }

    init(from decoder: any Decoder) throws {
        if let array = try? decoder.unkeyedContainer() {
            photos = try Self.decodePhotos(array)
        } else if let object = try? decoder.container(keyedBy: Key.self) {
            if object.contains(.results) {
                guard let results = try? object.nestedUnkeyedContainer(forKey: .results) else {
                    throw ManifestError.unexpectedTopLevel(found: "an object whose \"results\" is not an array")
                }
                photos = try Self.decodePhotos(results)
            } else if object.contains(.id) {
                // `GET /photos/:id` and `/photos/random` answer with one photo: a manifest of one.
                do {
                    photos = [try Photo(from: decoder)]
                } catch let error as DecodingError {
                    throw ManifestError(photo: 1, error: error, prefixLength: 0)
                }
            } else {
                throw ManifestError.unexpectedTopLevel(found: "an object without \"results\"")
            }
        } else {
            throw ManifestError.unexpectedTopLevel(found: try Self.describeScalar(decoder))
        }
    }

    private static func decodePhotos(_ container: any UnkeyedDecodingContainer) throws -> [Photo] {
        var container = container
        var photos: [Photo] = []
        photos.reserveCapacity(container.count ?? 0)
        while !container.isAtEnd {
            let number = container.currentIndex + 1
            do {
                photos.append(try container.decode(Photo.self))
            } catch let error as DecodingError {
                throw ManifestError(photo: number, error: error, prefixLength: container.codingPath.count + 1)
            }
        }
        return photos
    }

    private static func describeScalar(_ decoder: any Decoder) throws -> String {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() { return "null" }
        if (try? value.decode(Bool.self)) != nil { return "true or false" }
        if (try? value.decode(Double.self)) != nil { return "a number" }
        if (try? value.decode(String.self)) != nil { return "a string" }
        return "an unknown value"
    }
}
