import FoundationEssentials
import Glibc
import HTTPClient
import Immich
import PhotoCache
import PhotoPagerBase

/// Opens the Immich library a run asked for: the server from `--immich URL` or `immich_url`,
/// the key, and an album or person looked up by name or id. A failure is worded for stderr,
/// with the exit status it calls for (2: the command line or config must change; 1: the server
/// said no, or could not be reached).
enum ImmichStart {
    struct Failure: Error, Equatable {
        let message: String
        let status: Int32
    }

    /// `checksServer`: ask the server's version first (`list`, so an old server is named at
    /// once); the pager lets its first page say whatever is wrong, on the status line.
    static func source(_ invocation: Invocation, transport: any HTTPTransport, cache: DiskCache?, timeout: Duration,
                       checksServer: Bool) -> Result<ImmichSource, Failure> {
        let request = invocation.immich ?? ImmichRequest()
        guard let address = invocation.flags.immichURL else {
            return .failure(Failure(message: """
                --immich needs the server's address: photopager --immich https://photos.example.org, or \
                "immich_url = https://…" in ~/.config/photopager/config
                """, status: ExitStatus.usage))
        }
        guard let key = invocation.flags.immichKey else { return .failure(Failure(message: missingKey, status: ExitStatus.usage)) }
        if let ca = invocation.flags.immichCAFile, access(ca, R_OK) != 0 {
            return .failure(Failure(message: "immich_ca_file \(TerminalText.sanitized(ca)) cannot be read", status: ExitStatus.usage))
        }
        guard let server = ImmichServer(address: address, key: key, timeout: timeout, caFile: invocation.flags.immichCAFile) else {
            return .failure(Failure(message: ImmichError.badAddress(TerminalText.sanitized(address)).description, status: ExitStatus.usage))
        }
        if server.isPlainHTTP {
            Console.report("warning: \(server.origin.absoluteString) is plain http: the API key crosses the network unencrypted")
        }
        let client = ImmichClient(server: server, transport: transport, cache: cache)
        var query = ImmichQuery()
        query.favourites = request.favourites
        query.text = request.text
        query.takenAfter = request.since
        query.takenBefore = request.until
        query.includesVideos = request.videos
        query.rated = invocation.ratingFilter
        var title = "Immich"
        do {
            if checksServer { try client.checkVersion() }
            if let album = request.album {
                let found = try pick(album, among: { () throws(ImmichError) in try client.albums() }, kind: "album", flag: "--album")
                query.albumID = found.id
                title += " · " + found.name
            }
            if let person = request.person {
                let found = try pick(person, among: { () throws(ImmichError) in try client.people(named: person) }, kind: "person", flag: "--person")
                query.personID = found.id
                title += " · " + found.name
            }
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "\(error)", status: ExitStatus.failure))
        }
        if request.favourites { title += " · favourites" }
        if let text = request.text { title += " · “\(text)”" }
        let days = invocation.flags.immichLinkDays ?? 7
        return .success(ImmichSource(client: client, query: query, title: TerminalText.sanitized(title), linkDays: days == 0 ? nil : days))
    }

    /// The album or person `wanted` names: its id as given, else the one of that name (exact,
    /// else ignoring case); none, or several, is a failure that lists what there is.
    private static func pick(_ wanted: String, among list: () throws(ImmichError) -> [ImmichClient.Named], kind: String,
                             flag: String) throws -> ImmichClient.Named {
        let all = try list()
        if let byID = all.first(where: { $0.id == wanted }) { return byID }
        var matches = all.filter { $0.name == wanted }
        if matches.isEmpty { matches = all.filter { $0.name.lowercased() == wanted.lowercased() } }
        if matches.count == 1 { return matches[0] }
        let show = { (items: [ImmichClient.Named]) in
            items.prefix(20).map { "  \(TerminalText.sanitized($0.name)) (\($0.id))" }.joined(separator: "\n")
        }
        if matches.isEmpty {
            throw Failure(message: "no \(kind) named \(TerminalText.sanitized(wanted)) on the server"
                + (all.isEmpty ? "" : "; there are:\n" + show(all)), status: ExitStatus.failure)
        }
        throw Failure(message: "several \(kind == "person" ? "people" : kind + "s") are named \(TerminalText.sanitized(wanted)); "
            + "give \(flag) one of their ids:\n" + show(matches), status: ExitStatus.usage)
    }

    static let missingKey = """
        no Immich API key: make one in the web app (Account settings → API keys), then set \
        IMMICH_API_KEY, pass --immich-key KEY, or put "immich_api_key = KEY" in ~/.config/photopager/config
        """
}
