import PhotoPagerBase

/// The info panel's text for one photo: a short value per field and the full text it expands to.
struct InfoRow: Equatable {
    var field: InfoField
    /// One line's worth (cut to the panel by the painter).
    var summary: String
    /// Everything known about the field, wrapped when the row is expanded.
    var full: String

    static let missing = "—"

    /// One row per ``InfoField``, always all of them in the same order, so the cursor and the
    /// expanded rows mean the same thing on every photo. Unknown values show "—".
    static func rows(for photo: Photo) -> [InfoRow] {
        InfoField.allCases.map { field in
            let (summary, full) = values(field, photo)
            let shown = summary.map(TerminalText.sanitized).flatMap { $0.trimmingWhitespace.isEmpty ? nil : $0 }
            return InfoRow(field: field, summary: shown ?? missing, full: full.map(TerminalText.sanitized) ?? shown ?? missing)
        }
    }

    private static func values(_ field: InfoField, _ photo: Photo) -> (String?, String?) {
        let exif = photo.exif
        switch field {
        case .photographer:
            let user = photo.user
            let handle = user.username.map { "@" + $0 }
            let profile = user.links?.html.map { ShareLink.isUnsplashPage($0) ? ShareLink.addingReferral(to: $0) : $0 }
            let name = user.displayName.isEmpty ? nil : user.displayName
            let full = [name, handle.map { "(\($0))" }, profile].compactMap { $0 }.joined(separator: " ")
            return (name, full.isEmpty ? nil : full)
        case .description:
            let text = photo.description ?? photo.altDescription
            return (text, text)
        case .dimensions:
            guard photo.width > 0, photo.height > 0 else { return (nil, nil) }
            return ("\(photo.width) × \(photo.height)", "\(photo.width) × \(photo.height) pixels")
        case .colour:
            return (photo.fileDetails?.colour, nil)
        case .files:
            let files = photo.fileDetails?.files ?? []
            let names = files.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
            return (names.isEmpty ? nil : names.joined(separator: " + "), files.isEmpty ? nil : files.joined(separator: " + "))
        case .camera:
            return (camera(make: exif?.make, model: exif?.model), nil)
        case .lens:
            return (exif?.lens, nil)
        case .people:
            let people = photo.people ?? []
            return (people.isEmpty ? nil : people.joined(separator: ", "), nil)
        case .exposure:
            return (exif?.exposureTime.map { $0 + " s" }, nil)
        case .aperture:
            return (exif?.aperture.map { "ƒ/" + $0 }, nil)
        case .focalLength:
            return (exif?.focalLength.map { $0 + " mm" }, nil)
        case .iso:
            return (exif?.iso.map(String.init), nil)
        case .location:
            let location = photo.location
            let place = [location?.city, location?.country].compactMap { $0 }.filter { !$0.isEmpty }
            let text = location?.name ?? (place.isEmpty ? nil : place.joined(separator: ", "))
            return (text, text)
        case .date:
            return (photo.createdAt.map { String($0.prefix(10)) }, photo.createdAt.map { $0 + (photo.timeZone.map { " (\($0))" } ?? "") })
        case .rating:
            let where_ = photo.fileDetails?.sidecars.first.map { " (in \($0))" } ?? ""
            return (photo.ratingText, photo.ratingText.map { $0 + where_ })
        case .likes:
            return (photo.likes.map(String.init), nil)
        case .source:
            let page = photo.links?.html
            let licence = page.map(ShareLink.isUnsplashPage) == true
                ? " · Unsplash License (free to use; https://unsplash.com/license)" : ""
            // Unsplash's guidelines: the credit, in so many words, where the source is named.
            let credit = photo.isFromUnsplash && !photo.user.displayName.isEmpty ? photo.credit : nil
            return (credit ?? page, page.map { (credit.map { $0 + " · " } ?? "") + $0 + licence })
        }
    }

    /// "Canon EOS R5", not "Canon Canon EOS R5": many cameras repeat the make in the model.
    static func camera(make: String?, model: String?) -> String? {
        switch (make, model) {
        case let (make?, model?):
            return model.lowercased().hasPrefix(make.lowercased()) ? model : make + " " + model
        case let (make?, nil): return make
        case let (nil, model?): return model
        case (nil, nil): return nil
        }
    }
}
