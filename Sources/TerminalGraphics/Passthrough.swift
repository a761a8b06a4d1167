/// tmux's passthrough: `ESC P tmux;` + the sequence with every ESC doubled + `ESC \` reaches the
/// terminal around tmux (with `allow-passthrough on`), and that terminal's replies come back to
/// the pane.
public enum Passthrough {
    public static func tmux(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(bytes.count + bytes.count / 64 + 16)
        for byte in bytes {
            out.append(byte)
            if byte == 0x1B { out.append(0x1B) }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}
