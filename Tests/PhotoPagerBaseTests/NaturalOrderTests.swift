import Testing
import TestSupport
@testable import PhotoPagerBase

@Suite("Natural order of names and paths")
struct NaturalOrderTests {
    @Test("sorts like a person would")
    func sortsNaturally() {
        let expected = [
            "IMG_1.jpg", "img_2.jpg", "IMG_10.jpg", "img_10b.jpg", "img_100.jpg",
            "photo 1.jpg", "photo 2 (copy).jpg", "photo 2.jpg", "photo 20.jpg", "Zebra.png",
        ]
        #expect(expected.shuffled().sorted(by: NaturalOrder.areInIncreasingOrder) == expected)
        #expect(NaturalOrder.sorted(expected.shuffled()) == expected)
    }

    @Test("sorting with keys made once agrees with the pairwise order")
    func sortedAgreesWithCompare() {
        var generator = SplitMix64(seed: 11)
        let pieces = ["a", "A", "b", "0", "007", "7", "10", "é", "e\u{301}", " ", "/", "z", "Z9", "x01"]
        let names = (0 ..< 400).map { _ in (0 ..< Int.random(in: 1 ... 5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        #expect(NaturalOrder.sorted(names) == names.sorted(by: NaturalOrder.areInIncreasingOrder))
    }

    /// ASCII names are sorted by byte keys (`NaturalOrder.key`): every printable character
    /// (those just below and above the digits too), "/", leading zeros, runs longer than 255.
    @Test("sorting ASCII names by their keys agrees with the pairwise order")
    func keysAgreeWithCompare() {
        var generator = SplitMix64(seed: 17)
        let printable = (0x20 ... 0x7E).map { String(UnicodeScalar(UInt8($0))) }
        let pieces = printable + ["0", "00", "1", "01", "9", "10", "0010", String(repeating: "7", count: 300), "/", "a", "A"]
        let names = (0 ..< 3000).map { _ in (0 ..< Int.random(in: 0 ... 6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        let sorted = NaturalOrder.sorted(names), expected = names.sorted(by: NaturalOrder.areInIncreasingOrder)
        let difference = zip(sorted, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(difference == nil, "\(difference.map { "at \($0): \(sorted[$0]) where \(expected[$0])" } ?? "")")
    }

    /// 16,384 names and more are sorted in two halves on two cores, then merged: every
    /// neighbour in order, and every name there once.
    @Test("a long list sorted on two cores is in order")
    func longListInOrder() {
        var generator = SplitMix64(seed: 23)
        let pieces = ["IMG_", "img_", "DSC", "0", "01", "7", "12", "345", "-", ".", " ", "a", "B", "é", ".jpg", ".JPG", "/"]
        let names = (0 ..< 20_000).map { _ in (0 ..< Int.random(in: 1 ... 5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        let sorted = NaturalOrder.sorted(names)
        #expect(sorted.count == names.count && Set(sorted) == Set(names))
        let unordered = zip(sorted, sorted.dropFirst()).first { NaturalOrder.compare($0, $1) > 0 }
        #expect(unordered == nil, "\(unordered.map { "\($0.0) before \($0.1)" } ?? "")")
    }

    @Test("pairs in increasing order", arguments: [
        ("img2", "img10"),
        ("img9", "img10"),
        ("a1", "a01"),                 // equal value: fewer leading zeros first
        ("a01", "a001"),
        ("a0", "a00"),
        ("a1b", "a01c"),               // the value and what follows decide before zeros
        ("File", "file"),              // case tie-break: uppercase first
        ("abc", "ABD"),                // case-insensitive decides first
        ("a", "B"),
        ("x9", "x10y"),
        ("2023-1-5", "2023-01-10"),
        ("9", "18446744073709551616"), // longer than UInt64: no overflow
        ("18446744073709551615", "18446744073709551616"),
        ("a", "a0"),
        ("v1.9", "v1.10"),
        ("1", "a"),                    // digits before letters
        ("dir/a", "dir/b"),
        ("a/z.jpg", "a b/a.jpg"),      // a folder's contents before a longer sibling name
        ("a/z.jpg", "a-b/a.jpg"),
        ("a/img10", "a0/img1"),
        ("e\u{301}", "\u{E9}"),        // canonically equal: scalars break the tie
    ])
    func increasing(_ smaller: String, _ larger: String) {
        #expect(NaturalOrder.compare(smaller, larger) < 0)
        #expect(NaturalOrder.compare(larger, smaller) > 0)
        #expect(NaturalOrder.areInIncreasingOrder(smaller, larger))
        #expect(!NaturalOrder.areInIncreasingOrder(larger, smaller))
    }

    @Test("equal only to itself", arguments: ["", "img01.JPG", "東京10", "e\u{301}"])
    func equality(_ name: String) {
        #expect(NaturalOrder.compare(name, name) == 0)
        #expect(!NaturalOrder.areInIncreasingOrder(name, name))
    }

    @Test("a strict total order on a mixed set: sorting is deterministic and transitive")
    func totalOrder() {
        let names = ["a1", "a01", "A1", "A01", "a001", "a1b", "a1B", "a10", "a2", "b", "B", "a", "A", "a/1", "a 1", "1", "01"]
        let sorted = names.sorted(by: NaturalOrder.areInIncreasingOrder)
        #expect(names.shuffled().sorted(by: NaturalOrder.areInIncreasingOrder) == sorted)
        for (i, x) in sorted.enumerated() {
            for y in sorted[(i + 1)...] {
                #expect(NaturalOrder.compare(x, y) < 0, "\(x) vs \(y)")
            }
        }
    }
}
