import Foundation

/// Builds manifests from editable JSON objects, so each test states only what it changes.
enum PhotoJSON {
    /// The smallest photo object that satisfies every required field.
    static func minimal(id: String = "abc") -> [String: Any] {
        [
            "id": id,
            "width": 4000,
            "height": 3000,
            "urls": ["raw": "https://images.unsplash.com/photo-1"],
            "user": ["name": "Ansel Adams"],
        ]
    }

    static func manifest(_ photos: [[String: Any]]) -> Data {
        // Sorted keys keep failures reproducible.
        (try? JSONSerialization.data(withJSONObject: photos, options: [.sortedKeys])) ?? Data()
    }

    /// A manifest of `count` minimal photos where photo `number` (1-based) is edited.
    static func manifest(count: Int = 3, editing number: Int, _ edit: (inout [String: Any]) -> Void) -> Data {
        manifest((1...count).map { index in
            var photo = minimal(id: "p\(index)")
            if index == number { edit(&photo) }
            return photo
        })
    }
}
