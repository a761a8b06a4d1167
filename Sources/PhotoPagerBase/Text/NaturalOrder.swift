import Dispatch
import Glibc

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
    /// ASCII names (nearly all) as a key of bytes that `memcmp` orders by rule 1 (see
    /// ``key(_:into:)``), names that tie on it compared in full; others as their characters.
    /// Sorting 10,000 names was most of the time of opening a folder; at 100,000, comparing
    /// names run by run still took 90 ms; keys (and two cores) take 20–28.
    public static func sorted(_ names: [String]) -> [String] {
        sortedIndices(names).map { names[$0] }
    }

    /// The indices of `names` in the natural order of the names (``sorted(_:)``), for sorting
    /// what goes with each name along with it.
    public static func sortedIndices(_ names: [String]) -> [Int] {
        var keys: [UInt8] = []
        keys.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count + 4 })
        var spans: [Range<Int>] = []
        var characters: [Int: [Character]] = [:]
        spans.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            let start = keys.count
            var name = name
            let ascii = name.withUTF8 { bytes in
                guard isPlainASCII(bytes) else { return false }
                key(bytes, into: &keys)
                return true
            }
            if !ascii { characters[index] = Array(name) }
            spans.append(start ..< keys.count)
        }
        return keys.withUnsafeBufferPointer { keys in
            spans.withUnsafeBufferPointer { spans in
                // Rules 1 to 4 in full: the keys, then the names.
                let less = { (a: Int, b: Int) -> Bool in
                    var order = 0
                    if characters.isEmpty || characters[a] == nil && characters[b] == nil {
                        order = compareKeys(UnsafeBufferPointer(rebasing: keys[spans[a]]), UnsafeBufferPointer(rebasing: keys[spans[b]]))
                        if order == 0 { order = compare(Array(names[a].utf8), Array(names[b].utf8)) }
                    } else {
                        order = compare(characters[a] ?? Array(names[a]), characters[b] ?? Array(names[b]))
                    }
                    return (order != 0 ? order : compareScalars(names[a], names[b])) < 0
                }
                guard characters.isEmpty else { return Array(names.indices).sorted(by: less) }
                // All ASCII: first by the keys' first 8 bytes as one number (most names differ
                // there), the rest only on a tie.
                var entries = spans.indices.map { Entry(prefix: prefix(UnsafeBufferPointer(rebasing: keys[spans[$0]])), index: $0) }
                sort(&entries, tie: less)
                return entries.map(\.index)
            }
        }
    }

    /// A name in the sort: its key's first 8 bytes, big-endian (a shorter key padded with 0,
    /// so a smaller number is always an earlier name), and its index.
    fileprivate struct Entry {
        var prefix: UInt64
        var index: Int
    }

    private static func prefix(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var prefix: UInt64 = 0
        for i in 0 ..< 8 { prefix = prefix << 8 | UInt64(i < key.count ? key[i] : 0) }
        return prefix
    }

    /// Sorts by prefix, then `tie`; a long list in two halves on two cores, then merged
    /// (100,000 names: ~45 ms on one core, comparing keys).
    private static func sort(_ entries: inout [Entry], tie: (Int, Int) -> Bool) {
        func less(_ x: Entry, _ y: Entry) -> Bool { x.prefix != y.prefix ? x.prefix < y.prefix : tie(x.index, y.index) }
        let count = entries.count, half = count / 2
        guard count >= 16_384 else {
            entries.sort(by: less)
            return
        }
        withoutActuallyEscaping(tie) { tie in
            entries.withUnsafeMutableBufferPointer { entries in
                // Each half sorts its own part of the buffer; `tie` only reads.
                let shared = SharedForSort(entries: entries, tie: tie)
                DispatchQueue.concurrentPerform(iterations: 2) { part in
                    var slice = UnsafeMutableBufferPointer(rebasing: shared.entries[part == 0 ? 0 ..< half : half ..< count])
                    slice.sort { x, y in x.prefix != y.prefix ? x.prefix < y.prefix : shared.tie(x.index, y.index) }
                }
            }
        }
        var merged: [Entry] = []
        merged.reserveCapacity(count)
        var i = 0, j = half
        while i < half && j < count {
            // The left one on a tie: the same order as one sort of the whole.
            if less(entries[j], entries[i]) { merged.append(entries[j]); j += 1 } else { merged.append(entries[i]); i += 1 }
        }
        merged += entries[i ..< half]
        merged += entries[j ..< count]
        entries = merged
    }

    /// Appends the key of an ASCII name, whose byte order is rule 1's: "/" is 0; another
    /// character its case-folded byte + 1; a run of digits 0x31 (`"0"` + 1, which no other
    /// character becomes, so runs meet only runs there, and any digit orders against other
    /// characters alike), then its significant digits' count in two bytes, then those digits.
    static func key(_ name: UnsafeBufferPointer<UInt8>, into key: inout [UInt8]) {
        var i = 0
        while i < name.count {
            let byte = name[i]
            guard byte.isDigit else {
                key.append(byte == UInt8(ascii: "/") ? 0 : foldASCII(byte) + 1)
                i += 1
                continue
            }
            let run = digitRun(name, from: i)
            let count = run.end - run.significant
            key.append(UInt8(ascii: "0") + 1)
            key.append(UInt8(truncatingIfNeeded: count >> 8))
            key.append(UInt8(truncatingIfNeeded: count))
            key.append(contentsOf: name[run.significant ..< run.end])
            i = run.end
        }
    }

    /// `memcmp` order, a key before the longer ones it begins.
    private static func compareKeys(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(a.count, b.count)
        if shared > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, shared)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    /// Negative, zero or positive like `strcmp`; zero only for identical scalar sequences.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        let order = isPlainASCII(left[...]) && isPlainASCII(right[...]) ? compare(left, right) : compare(Array(lhs), Array(rhs))
        return order != 0 ? order : compareScalars(lhs, rhs)
    }

    /// Bytes that are each one character: ASCII without CR (CR LF is one character, two bytes).
    private static func isPlainASCII(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 13 }
    }

    private static func compare<Unit: NaturalUnit>(_ left: [Unit], _ right: [Unit]) -> Int {
        left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { right in compare(left, right) } }
    }

    /// Rules 1 to 3 above over units of text: bytes of ASCII names, or characters. Zero when
    /// only rule 4 can tell them apart.
    private static func compare<Unit: NaturalUnit>(_ left: UnsafeBufferPointer<Unit>, _ right: UnsafeBufferPointer<Unit>) -> Int {
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
        return caseTieBreak
    }

    /// The run of digits starting at `start`: where its significant digits begin and where it ends.
    private static func digitRun<Unit: NaturalUnit>(_ units: UnsafeBufferPointer<Unit>, from start: Int) -> (significant: Int, end: Int) {
        var end = start
        while end < units.count && units[end].isDigit { end += 1 }
        var significant = start
        while significant < end - 1 && units[significant].isZero { significant += 1 }
        return (significant, end)
    }

    /// Compares digit strings without leading zeros: the longer is larger, else digit by digit.
    private static func compareNumbers<Unit: NaturalUnit>(_ a: Slice<UnsafeBufferPointer<Unit>>, _ b: Slice<UnsafeBufferPointer<Unit>>) -> Int {
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

/// What the two halves of a sort share: disjoint parts of one buffer, and a comparison that
/// only reads. `@unchecked` because that discipline is what makes it safe.
private struct SharedForSort: @unchecked Sendable {
    let entries: UnsafeMutableBufferPointer<NaturalOrder.Entry>
    let tie: (Int, Int) -> Bool
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
