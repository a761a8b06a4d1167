/// A tiny terminal for reading back what the text renderers wrote: it understands exactly the
/// sequences they may emit (SGR colours and resets, cursor down / to column, CR, LF, UTF-8 text)
/// and fails loudly on anything else, so an encoder that starts emitting something new cannot pass
/// by being ignored.
struct CellScreen {
    enum Colour: Equatable, CustomStringConvertible {
        case `default`
        case rgb(UInt8, UInt8, UInt8)
        case indexed(Int)

        var description: String {
            switch self {
            case .default: return "default"
            case let .rgb(r, g, b): return "rgb(\(r),\(g),\(b))"
            case let .indexed(n): return "#\(n)"
            }
        }
    }

    struct Cell: Equatable {
        var character: Character
        var fg: Colour
        var bg: Colour
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var rows: [[Cell]] = []
    private(set) var fg: Colour = .default
    private(set) var bg: Colour = .default
    private(set) var x = 0
    private(set) var y = 0
    /// How many SGR sequences were seen: lets tests check that repeats are omitted.
    private(set) var sgrCount = 0

    init(parsing bytes: [UInt8]) throws {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ParseError(description: "output is not valid UTF-8")
        }
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\u{1B}":
                guard scalars.popFirst() == "[" else { throw ParseError(description: "ESC not followed by [") }
                var parameters = ""
                var final: Unicode.Scalar?
                while let next = scalars.popFirst() {
                    if (0x40...0x7E).contains(next.value) { final = next; break }
                    parameters.unicodeScalars.append(next)
                }
                try apply(csi: parameters, final: final)
            case "\r": x = 0
            case "\n": y += 1
            default:
                guard scalar.value >= 0x20 else { throw ParseError(description: "control U+\(String(scalar.value, radix: 16))") }
                put(Character(scalar))
            }
        }
    }

    private mutating func put(_ character: Character) {
        while rows.count <= y { rows.append([]) }
        while rows[y].count <= x { rows[y].append(Cell(character: " ", fg: .default, bg: .default)) }
        rows[y][x] = Cell(character: character, fg: fg, bg: bg)
        x += 1
    }

    private mutating func apply(csi parameters: String, final: Unicode.Scalar?) throws {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case "m":
            sgrCount += 1
            try applySGR(numbers.isEmpty ? [0] : numbers)
        case "B": y += max(1, numbers.first ?? 1)
        case "G": x = max(1, numbers.first ?? 1) - 1
        default: throw ParseError(description: "unexpected CSI \(parameters)\(final.map(String.init) ?? "<eof>")")
        }
    }

    private mutating func applySGR(_ p: [Int]) throws {
        var i = 0
        while i < p.count {
            switch p[i] {
            case 0: fg = .default; bg = .default
            case 30...37: fg = .indexed(p[i] - 30)
            case 90...97: fg = .indexed(p[i] - 90 + 8)
            case 40...47: bg = .indexed(p[i] - 40)
            case 100...107: bg = .indexed(p[i] - 100 + 8)
            case 39: fg = .default
            case 49: bg = .default
            case 1, 5, 22, 25: break  // bold / blink: libcaca uses them for bright colours
            case 38, 48:
                let layer = p[i]
                let colour: Colour
                if i + 4 < p.count, p[i + 1] == 2 {
                    colour = .rgb(UInt8(p[i + 2]), UInt8(p[i + 3]), UInt8(p[i + 4])); i += 4
                } else if i + 2 < p.count, p[i + 1] == 5 {
                    colour = .indexed(p[i + 2]); i += 2
                } else {
                    throw ParseError(description: "truncated extended colour in SGR \(p)")
                }
                if layer == 38 { fg = colour } else { bg = colour }
            default:
                throw ParseError(description: "unexpected SGR parameter \(p[i]) in \(p)")
            }
            i += 1
        }
    }
}
