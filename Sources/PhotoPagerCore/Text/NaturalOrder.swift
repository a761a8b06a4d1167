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

    /// `names` in natural order. Each name becomes its sort key once, not once per comparison:
    /// its bytes when it is ASCII (nearly always: compared without grapheme breaking), else its
    /// characters. This was most of the time of opening a 10,000-photo folder.
    public static func sorted(_ names: [String]) -> [String] {
        names.map { Key($0) }.sorted { compare($0, $1) < 0 }.map(\.name)
    }

    /// Negative, zero or positive like `strcmp`; zero only for identical scalar sequences.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(Key(lhs), Key(rhs))
    }

    private struct Key {
        let name: String
        let bytes: [UInt8]?
        let characters: [Character]

        init(_ name: String) {
            self.name = name
            let utf8 = Array(name.utf8)
            // CR LF is one character, two bytes: names holding CR take the character path.
            bytes = utf8.allSatisfy { $0 < 0x80 && $0 != 13 } ? utf8 : nil
            characters = bytes == nil ? Array(name) : []
        }

        var allCharacters: [Character] { bytes == nil ? characters : Array(name) }
    }

    private static func compare(_ a: Key, _ b: Key) -> Int {
        if let x = a.bytes, let y = b.bytes { return compare(x, y, a.name, b.name) }
        return compare(a.allCharacters, b.allCharacters, a.name, b.name)
    }

    /// The rules above over units of text: bytes of ASCII names, or characters.
    private static func compare<Unit: NaturalUnit>(_ left: [Unit], _ right: [Unit], _ lhs: String, _ rhs: String) -> Int {
        var i = 0, j = 0
        var zerosTieBreak = 0 // the first difference in leading zeros
        var caseTieBreak = 0 // the first case-sensitive difference
        while i < left.count && j < right.count {
            if left[i].isDigit && right[j].isDigit {
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
            let order = Unit.compareFolded(left[i], right[j])
            if order != 0 { return order }
            if caseTieBreak == 0 && left[i] != right[j] {
                caseTieBreak = Unit.compareExactly(left[i], right[j])
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

    /// The run of digits starting at `start`: where its significant digits begin and where it ends.
    private static func digitRun<Unit: NaturalUnit>(_ units: [Unit], from start: Int) -> (significant: Int, end: Int) {
        var end = start
        while end < units.count && units[end].isDigit { end += 1 }
        var significant = start
        while significant < end - 1 && units[significant].isZero { significant += 1 }
        return (significant, end)
    }

    /// Compares digit strings without leading zeros: the longer is larger, else digit by digit.
    private static func compareNumbers<Unit: NaturalUnit>(_ a: ArraySlice<Unit>, _ b: ArraySlice<Unit>) -> Int {
        if a.count != b.count { return a.count - b.count }
        for (x, y) in zip(a, b) where x != y {
            return Unit.compareExactly(x, y)
        }
        return 0
    }

    fileprivate static func compareFolded(_ a: Character, _ b: Character) -> Int {
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

    fileprivate static func foldASCII(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    fileprivate static func compareScalars(_ a: String, _ b: String) -> Int {
        for (x, y) in zip(a.unicodeScalars, b.unicodeScalars) where x != y {
            return x.value < y.value ? -1 : 1
        }
        return a.unicodeScalars.count - b.unicodeScalars.count
    }
}

/// A unit of text the natural order walks: a byte of an ASCII name, or a character.
private protocol NaturalUnit: Equatable {
    /// ASCII 0–9 only (a lookup of the Unicode numeric type, as `isWholeNumber` does, is slow).
    var isDigit: Bool { get }
    var isZero: Bool { get }
    /// Case-insensitively, "/" first.
    static func compareFolded(_ a: Self, _ b: Self) -> Int
    /// By Unicode scalar values.
    static func compareExactly(_ a: Self, _ b: Self) -> Int
}

extension UInt8: NaturalUnit {
    fileprivate var isDigit: Bool { self >= 48 && self <= 57 }
    fileprivate var isZero: Bool { self == 48 }

    fileprivate static func compareFolded(_ a: UInt8, _ b: UInt8) -> Int {
        if a == b { return 0 }
        if a == UInt8(ascii: "/") { return -1 }
        if b == UInt8(ascii: "/") { return 1 }
        let (fa, fb) = (NaturalOrder.foldASCII(a), NaturalOrder.foldASCII(b))
        return fa == fb ? 0 : (fa < fb ? -1 : 1)
    }

    fileprivate static func compareExactly(_ a: UInt8, _ b: UInt8) -> Int { a == b ? 0 : (a < b ? -1 : 1) }
}

extension Character: NaturalUnit {
    fileprivate var isDigit: Bool {
        guard let value = asciiValue else { return false }
        return value >= 48 && value <= 57
    }

    fileprivate var isZero: Bool { self == "0" }

    fileprivate static func compareFolded(_ a: Character, _ b: Character) -> Int {
        NaturalOrder.compareFolded(a, b)
    }

    fileprivate static func compareExactly(_ a: Character, _ b: Character) -> Int {
        NaturalOrder.compareScalars(String(a), String(b))
    }
}
