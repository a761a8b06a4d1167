
/// One row of the info panel. The order of the cases is the order on screen.
public enum InfoField: Sendable, Hashable, CaseIterable {
    case photographer, description, dimensions, camera, lens, exposure, aperture, focalLength, iso, colour
    case location, people, date, rating, likes, source, files

    public var label: String {
        switch self {
        case .photographer: "Photographer"
        case .description: "Description"
        case .dimensions: "Dimensions"
        case .colour: "Colour"
        case .files: "Files"
        case .camera: "Camera"
        case .lens: "Lens"
        case .people: "People"
        case .exposure: "Exposure"
        case .aperture: "Aperture"
        case .focalLength: "Focal length"
        case .iso: "ISO"
        case .location: "Location"
        case .date: "Date"
        case .rating: "Rating"
        case .likes: "Likes"
        case .source: "Source"
        }
    }
}
