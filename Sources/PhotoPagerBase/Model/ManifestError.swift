/// Why a manifest could not be read, worded for the person who wrote or saved it.
///
/// Photos are numbered from 1 (the way people count entries), and fields are named by their JSON
/// path, so `photo 3: missing field "width"` points straight at the entry to fix.
public enum ManifestError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not JSON at all.
    case invalidJSON(detail: String)
    /// Valid JSON, but neither a photo array nor a search reply with `"results"`.
    case unexpectedTopLevel(found: String)
    /// Photo number `number` (1-based) has a bad `field` (a dotted path; empty for the whole photo).
    case invalidPhoto(number: Int, field: String, problem: Problem)

    /// What is wrong with a field.
    public enum Problem: Equatable, Sendable {
        case missing
        case null
        /// The value has another JSON type; `expected` is phrased like "a string".
        case wrongType(expected: String)
        /// The type is right but the value is not acceptable.
        case invalid(reason: String)
    }

    public var description: String {
        switch self {
        case .invalidJSON(let detail):
            return "manifest is not valid JSON: \(detail)"
        case .unexpectedTopLevel(let found):
            return "manifest must be a JSON array of photos, a search reply with \"results\" or one photo object; found \(found)"
        case .invalidPhoto(let number, let field, let problem):
            let subject = field.isEmpty ? "the photo" : "field \"\(field)\""
            let text: String
            switch problem {
            case .missing: text = "missing \(subject)"
            case .null: text = "\(subject) is null"
            case .wrongType(let expected): text = "\(subject) should be \(expected)"
            case .invalid(let reason): text = "\(subject): \(reason)"
            }
            return "photo \(number): \(text)"
        }
    }
}

extension ManifestError {
    /// Turns a `DecodingError` raised inside photo `number` into a readable error.
    /// `prefixLength` is the number of coding-path components that lead to the photo itself.
    init(photo number: Int, error: DecodingError, prefixLength: Int) {
        func field(_ path: [any CodingKey]) -> String {
            path.dropFirst(prefixLength).map { $0.intValue.map(String.init) ?? $0.stringValue }
                .joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .invalidPhoto(number: number, field: field(context.codingPath + [key]), problem: .missing)
        case .valueNotFound(_, let context):
            self = .invalidPhoto(number: number, field: field(context.codingPath), problem: .null)
        case .typeMismatch(let type, let context):
            self = .invalidPhoto(
                number: number, field: field(context.codingPath),
                problem: .wrongType(expected: Self.phrase(for: type)))
        case .dataCorrupted(let context):
            self = .invalidPhoto(
                number: number, field: field(context.codingPath),
                problem: .invalid(reason: context.debugDescription))
        @unknown default:
            self = .invalidPhoto(number: number, field: "", problem: .invalid(reason: "\(error)"))
        }
    }

    /// "a string", "an object", …: how a JSON author would name the type the decoder wanted.
    private static func phrase(for type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is TextOrNumber.Type: return "a string or a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Array") { return "an array" }
            return name
        }
    }
}
