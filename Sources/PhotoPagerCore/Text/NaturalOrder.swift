/// The order people expect for file names and paths: "img2" before "img10".
///
/// Rules, each one consulted only when the previous ones tie:
/// 1. Runs of ASCII digits compare by numeric value (any length; no overflow); other characters
///    compare case-insensitively; "/" sorts before every other character, so a folder's contents
///    come before a sibling whose name extends the folder's ("a/z" < "a b/a").
/// 2. Fewer leading zeros first ("a1" < "a01"), so equal-valued names still have a fixed order.
/// 3. Case-sensitively, by Unicode scalar value ("File" < "file").
/// 4. Unicode scalars, so the order is total and sorting is deterministic.
public enum NaturalOrder {
    /// `sorted(by: NaturalOrder.areInIncreasingOrder)`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// `names` in natural order. Each name is split into characters once, not once per
    /// comparison: grapheme breaking was most of the time of listing a 10,000-file folder.
    public static func sorted(_ names: [String]) -> [String] {
        names.map { (name: $0, characters: Array($0)) }
            .sorted { compare($0.characters, $1.characters, $0.name, $1.name) < 0 }
            .map(\.name)
    }

    /// Negative, zero or positive like `strcmp`; zero only for identical scalar sequences.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(Array(lhs), Array(rhs), lhs, rhs)
    }

    private static func compare(_ left: [Character], _ right: [Character], _ lhs: String, _ rhs: String) -> Int {
        var i = 0, j = 0
        var zerosTieBreak = 0 // the first difference in leading zeros
        var caseTieBreak = 0 // the first case-sensitive difference
        while i < left.count && j < right.count {
            if isDigit(left[i]) && isDigit(right[j]) {
                let a = digitRun(left, from: i), b = digitRun(right, from: j)
                let order = compareNumbers(left[a.significant..<a.end], right[b.significant..<b.end])
                if order != 0 { return order }
                if zerosTieBreak == 0 {
                    zerosTieBreak = (a.significant - i) - (b.significant - j)
                }
                i = a.end
                j = b.end
                continue
            }
            let order = compareFolded(left[i], right[j])
            if order != 0 { return order }
            if caseTieBreak == 0 && left[i] != right[j] {
                caseTieBreak = compareScalars(String(left[i]), String(right[j]))
            }
            i += 1
            j += 1
        }
        let lengthOrder = (left.count - i) - (right.count - j)
        if lengthOrder != 0 { return lengthOrder }
        if zerosTieBreak != 0 { return zerosTieBreak }
        if caseTieBreak != 0 { return caseTieBreak }
        return compareScalars(lhs, rhs)
    }

    /// ASCII 0–9 only (a lookup of the Unicode numeric type, as `isWholeNumber` does, is slow).
    private static func isDigit(_ character: Character) -> Bool {
        guard let value = character.asciiValue else { return false }
        return value >= 48 && value <= 57
    }

    /// The run of digits starting at `start`: where its significant digits begin and where it ends.
    private static func digitRun(_ characters: [Character], from start: Int) -> (significant: Int, end: Int) {
        var end = start
        while end < characters.count && isDigit(characters[end]) { end += 1 }
        var significant = start
        while significant < end - 1 && characters[significant] == "0" { significant += 1 }
        return (significant, end)
    }

    /// Compares digit strings without leading zeros: the longer is larger, else digit by digit.
    private static func compareNumbers(_ a: ArraySlice<Character>, _ b: ArraySlice<Character>) -> Int {
        if a.count != b.count { return a.count - b.count }
        for (x, y) in zip(a, b) where x != y {
            return x < y ? -1 : 1
        }
        return 0
    }

    private static func compareFolded(_ a: Character, _ b: Character) -> Int {
        if a == b { return 0 }
        if a == "/" { return -1 }
        if b == "/" { return 1 }
        if let x = a.asciiValue, let y = b.asciiValue {
            let (fx, fy) = (foldASCII(x), foldASCII(y))
            return fx == fy ? 0 : (fx < fy ? -1 : 1)
        }
        let (fa, fb) = (a.lowercased(), b.lowercased())
        return fa == fb ? 0 : compareScalars(fa, fb)
    }

    private static func foldASCII(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    private static func compareScalars(_ a: String, _ b: String) -> Int {
        for (x, y) in zip(a.unicodeScalars, b.unicodeScalars) where x != y {
            return x.value < y.value ? -1 : 1
        }
        return a.unicodeScalars.count - b.unicodeScalars.count
    }
}
