import Foundation
import PhotoPagerBase

extension VirtualScreen {
    /// The kitty graphics protocol (`ESC _G keys ; payload ESC \`): transmissions (`a=t`/`T`, in
    /// chunks with `m=1`), placements (`a=p`, `a=T`) and deletions (`a=d`). Payloads are not
    /// decoded; only the keys matter to the tests.
    mutating func apcDispatch(_ data: [UInt8]) {
        guard data.first == UInt8(ascii: "G") else { return }
        let control = data.dropFirst().prefix { $0 != UInt8(ascii: ";") }
        var keys: [String: String] = [:]
        for pair in control.split(separator: UInt8(ascii: ",")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1)
            if parts.count == 2 { keys[String(decoding: parts[0], as: UTF8.self)] = String(decoding: parts[1], as: UTF8.self) }
        }
        if var pending = pendingKitty {
            // A continuation chunk: only `m` (and `q`) are allowed in it.
            pending.chunks += 1
            if keys["m"] == "1" {
                pendingKitty = pending
            } else {
                pendingKitty = nil
                finishTransmission(pending.keys, chunks: pending.chunks)
            }
            return
        }
        switch keys["a"] ?? "t" {
        case "t", "T":
            if keys["t"] == "t" {
                finishTransmission(keys, chunks: 1, fileBytes: readTemporaryFile(named: data))
            } else if keys["m"] == "1" {
                pendingKitty = (keys, 1)
            } else {
                finishTransmission(keys, chunks: 1)
            }
        case "p":
            let id = UInt32(keys["i"] ?? "") ?? 0
            guard let stored = kittyImages[id] else {
                kittyErrors.append("a=p: image \(id) was never transmitted (or was deleted)")
                return
            }
            place(id: id, keys: keys, pixelSize: stored)
        case "d":
            delete(keys)
        default:
            break // queries (`a=q`), animation: not modelled
        }
    }

    /// `t=t`: the payload is the base64 of a path; like kitty, the file is read, then deleted
    /// when it is a temporary one (its path names the protocol). Its size, or nil (an error).
    private mutating func readTemporaryFile(named data: [UInt8]) -> Int? {
        let payload = data.drop { $0 != UInt8(ascii: ";") }.dropFirst()
        guard let decoded = Data(base64Encoded: Data(payload)), let path = String(data: decoded, encoding: .utf8),
              let contents = FileManager.default.contents(atPath: path) else {
            kittyErrors.append("t=t: cannot read the file")
            return nil
        }
        if path.contains("tty-graphics-protocol") { try? FileManager.default.removeItem(atPath: path) }
        return contents.count
    }

    private mutating func finishTransmission(_ keys: [String: String], chunks: Int, fileBytes: Int? = nil) {
        let id = UInt32(keys["i"] ?? "") ?? 0
        var pixelSize: PixelSize?
        if let width = Int(keys["s"] ?? ""), let height = Int(keys["v"] ?? "") {
            pixelSize = PixelSize(width: width, height: height)
        }
        kittyTransmissions.append(KittyTransmission(imageID: id, format: Int(keys["f"] ?? "32") ?? 32,
                                                    pixelSize: pixelSize, chunkCount: chunks, fileBytes: fileBytes))
        if id != 0 { kittyImages.updateValue(pixelSize, forKey: id) }
        if keys["a"] == "T" { place(id: id, keys: keys, pixelSize: pixelSize) }
    }

    /// Shows image `id` at the cursor over `c`×`r` cells (default: its pixel size in cells).
    /// Without `C=1` the cursor moves to the right of the image's last row.
    private mutating func place(id: UInt32, keys: [String: String], pixelSize: PixelSize?) {
        let width = Int(keys["c"] ?? "") ?? max(1, ((pixelSize?.width ?? 1) + cellPixelSize.width - 1) / cellPixelSize.width)
        let height = Int(keys["r"] ?? "") ?? max(1, ((pixelSize?.height ?? 1) + cellPixelSize.height - 1) / cellPixelSize.height)
        let rect = Rect(x: cursor.column, y: cursor.row, width: width, height: height)
        var image = Image(kind: .kitty, rect: rect, pixelSize: pixelSize, kittyImageID: id == 0 ? nil : id,
                          serial: nextImageSerial)
        if let x = Int(keys["x"] ?? "0"), let y = Int(keys["y"] ?? "0"), let w = Int(keys["w"] ?? ""), let h = Int(keys["h"] ?? "") {
            image.kittyCrop = PixelCrop(x: x, y: y, width: w, height: h)
        }
        nextImageSerial += 1
        buffer.kittyPlacements.append(image)
        drawnImages.append(image)
        if keys["C"] != "1" {
            moveCursor(column: cursor.column + width, row: cursor.row + height - 1)
        }
    }

    /// `d=a`/`A`: every placement (upper case also frees the images); `d=i`/`I`: those of image `i`.
    private mutating func delete(_ keys: [String: String]) {
        let selector = keys["d"].flatMap(\.first) ?? "a"
        let id = UInt32(keys["i"] ?? "")
        kittyDeletions.append(KittyDeletion(selector: selector, imageID: id))
        switch selector {
        case "a", "A":
            if selector == "A" {
                for placement in buffer.kittyPlacements {
                    if let id = placement.kittyImageID { kittyImages.removeValue(forKey: id) }
                }
            }
            buffer.kittyPlacements = []
        case "i", "I":
            guard let id else { return }
            buffer.kittyPlacements.removeAll { $0.kittyImageID == id }
            if selector == "I" { kittyImages.removeValue(forKey: id) }
        default:
            break
        }
    }

    /// Image ids the terminal holds pixels for (transmitted, not yet freed).
    public var kittyStoredImageIDs: Set<UInt32> { Set(kittyImages.keys) }
}
