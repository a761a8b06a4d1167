import Culling
import FoundationEssentials
import HTTPClient
import PhotoCache
import PhotoLibrary
import Unsplash

/// The network side of a run, made only when a run needs it (libcurl is loaded on the first
/// request, not here): the disk cache, the image fetcher and, with a key, the API client.
struct RemoteServices: Sendable {
    let cache: DiskCache?
    let images: RemoteImages
    let client: UnsplashClient?
    /// `d` and `--print path`: originals saved into the download directory.
    let downloader: PhotoDownloader?
    let transport: any HTTPTransport
    let timeout: Duration
    /// `--immich`: the library browsed, once opened (`ImmichStart`).
    var library: (any PhotoSource)?
    /// Ratings given in folders that cannot be written, read with the folders' photos.
    let ratings: RatingStore

    /// The download directory's saver, fetching originals `source`'s own way when it has one.
    func downloader(for source: (any PhotoSource)?) -> PhotoDownloader? {
        downloader?.fetching(with: source?.originals)
    }

    init(environment: [String: String], settings: RenderSettings, accessKey: String?, downloadDir: String? = nil) {
        let transport = CurlTransport()
        let cache = settings.cacheMB > 0
            ? DiskCache.defaultRoot(environment: environment).map { DiskCache(root: $0, budgetBytes: settings.cacheMB << 20) }
            : nil
        let timeout = Self.timeout(environment)
        let base = Self.apiBase(environment)
        self.cache = cache
        self.transport = transport
        self.timeout = timeout
        images = RemoteImages(transport: transport, cache: cache, timeout: timeout * 2)
        let client = accessKey.map { key in
            UnsplashClient(api: UnsplashAPI(base: base, accessKey: key, timeout: timeout), transport: transport, cache: cache)
        }
        self.client = client
        ratings = RatingStore(environment: environment)
        downloader = DownloadDirectory.resolve(flag: downloadDir, environment: environment).map {
            PhotoDownloader(directory: $0, transport: transport, client: client, timeout: timeout * 8)
        }
    }

    /// `UNSPLASH_API_URL` (a key-holding proxy, or a test server), else api.unsplash.com.
    static func apiBase(_ environment: [String: String]) -> URL {
        guard let text = environment["UNSPLASH_API_URL"], let url = URL(string: text.hasSuffix("/") ? text : text + "/"),
              url.isWeb else { return UnsplashAPI.defaultBase }
        return url
    }

    /// `PHOTOPAGER_HTTP_TIMEOUT` seconds for an API reply (default 15); images get twice that.
    static func timeout(_ environment: [String: String]) -> Duration {
        guard let text = environment["PHOTOPAGER_HTTP_TIMEOUT"], let seconds = Double(text), seconds > 0 else { return .seconds(15) }
        return .milliseconds(Int(seconds * 1000))
    }

    static let missingKey = """
        no Unsplash access key. Get a free one at https://unsplash.com/developers (a demo key allows \
        50 requests an hour), then set UNSPLASH_ACCESS_KEY, pass --access-key KEY, or put \
        "access_key = KEY" in ~/.config/photopager/config. Folders, files and manifests work without a key.
        """
}
