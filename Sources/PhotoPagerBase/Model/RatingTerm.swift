/// A condition on a photo's stars, as the `/` filter takes it beside its text: `rating>=3`,
/// `rating=5`, `rating<0` (the rejected: -1; 0 is unrated).
public struct RatingTerm: Sendable, Hashable {
    public enum Comparison: String, Sendable, CaseIterable {
        // Two-character ones first, so `>=` is not read as `>` then `=3`.
        case atLeast = ">=", atMost = "<=", above = ">", below = "<", equal = "="
    }

    public let comparison: Comparison
    public let value: Int

    /// `rating>=3` (any case, `rating:3` as `=`); nil when the word is not such a term.
    public init?(_ word: Substring) {
        let lowered = word.lowercased()
        guard lowered.hasPrefix("rating") else { return nil }
        var rest = lowered.dropFirst("rating".count)
        if rest.hasPrefix(":") { rest = "=" + rest.dropFirst() }
        guard let comparison = Comparison.allCases.first(where: { rest.hasPrefix($0.rawValue) }),
              let value = Int(rest.dropFirst(comparison.rawValue.count)), (-1 ... 5).contains(value) else { return nil }
        self.comparison = comparison
        self.value = value
    }

    public func admits(_ rating: Int) -> Bool {
        switch comparison {
        case .atLeast: rating >= value
        case .atMost: rating <= value
        case .above: rating > value
        case .below: rating < value
        case .equal: rating == value
        }
    }

    /// A filter's text as its rating terms and the words around them (joined by one space).
    public static func split(_ text: String) -> (terms: [RatingTerm], words: String) {
        guard text.lowercased().contains("rating") else { return ([], text) }
        var terms: [RatingTerm] = [], words: [Substring] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            if let term = RatingTerm(word) { terms.append(term) } else { words.append(word) }
        }
        return (terms, words.joined(separator: " "))
    }
}
