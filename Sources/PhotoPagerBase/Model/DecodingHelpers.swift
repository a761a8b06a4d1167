/// Marks a `typeMismatch` whose expected value was "a string or a number", so error messages can
/// say so (see ``ManifestError``).
enum TextOrNumber {}

extension KeyedDecodingContainer {
    /// Decodes a whole number through `Double`.
    ///
    /// Why: Foundation's JSONDecoder reports `1.5` decoded as `Int` as "not valid JSON", with an
    /// empty coding path, so the user would never learn which field is wrong. Decoding a `Double`
    /// and checking it keeps the field's path in the error.
    func decodeWholeNumber(forKey key: Key, atLeast minimum: Int = .min) throws -> Int {
        let value: Double
        do {
            value = try decode(Double.self, forKey: key)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(Int.self, context)
        }
        guard let number = Int(exactly: value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a whole number, found \(value)")
        }
        guard number >= minimum else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be at least \(minimum), found \(number)")
        }
        return number
    }

    /// ``decodeWholeNumber(forKey:atLeast:)`` for an optional field: missing or `null` gives nil.
    func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeWholeNumber(forKey: key)
    }

    /// Decodes a string, or a JSON number turned into text (`37` → `"37"`, `4.97` → `"4.97"`).
    func decodeTextOrNumberIfPresent(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
        if let number = try? decode(Double.self, forKey: key) {
            if let whole = Int(exactly: number) { return String(whole) }
            return String(number)
        }
        throw DecodingError.typeMismatch(TextOrNumber.self, .init(
            codingPath: codingPath + [key], debugDescription: "expected a string or a number"))
    }
}
