import FoundationEssentials
import HTTPClient
import PhotoLibrary
import PhotoPagerBase

/// A photo's original on the web: what its download ping answers (`download_location`,
/// Unsplash's rule: that request is the ping, once per photo), else the largest URL the photo
/// lists, else where its image is.
public struct WebOriginals: PhotoOriginalFetcher {
    private let transport: any HTTPTransport
    private let client: UnsplashClient?
    private let timeout: Duration

    public init(transport: any HTTPTransport, client: UnsplashClient?, timeout: Duration = .seconds(120)) {
        self.transport = transport
        self.client = client
        self.timeout = timeout
    }

    public func original(of photo: Photo, location: ImageLocation, progress: HTTPProgress?) throws -> Data {
        guard let source = try originalURL(photo, location) else {
            throw PhotoDownloader.Failure(description: "no original to download")
        }
        let request = HTTPRequest(url: source, timeout: timeout, maximumBodyBytes: 512 << 20)
        let response = try transport.send(request, progress: progress)
        guard response.isSuccess else { throw PhotoDownloader.Failure(description: "the server answered \(response.status)") }
        return response.body
    }

    private func originalURL(_ photo: Photo, _ location: ImageLocation) throws -> URL? {
        if photo.links?.downloadLocation != nil, let client, let pinged = try client.trackDownload(photo),
           let url = URL(string: pinged), url.isWeb {
            return url
        }
        let listed = [photo.urls.raw, photo.urls.full, photo.urls.regular].compactMap { $0.flatMap(URL.init(string:)) }
        if let url = listed.first(where: \.isWeb) { return url }
        switch location {
        case .remote(let url), .resizable(let url): return url
        case .file: return nil
        }
    }
}
