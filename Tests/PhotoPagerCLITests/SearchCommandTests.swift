import Foundation
import Testing
import TestSupport

/// `/` with an Unsplash feed: the search goes to the API in place of the feed.
@Suite(.serialized, .ownThreads) struct SearchCommandTests {
    @Test func slashSearchesUnsplashInPlace() throws {
        let editorial = UnsplashFixture.feed(total: 4)
        let search = UnsplashFixture.feed(total: 3, path: "/search/photos", ids: { "s\($0)" })
        let server = try FixtureServer { request in
            request.path == "/search/photos" ? search(request) : editorial(request)
        }
        let home = try TemporaryDirectory()
        let environment = home.environment.merging(["UNSPLASH_API_URL": server.baseURL, "UNSPLASH_ACCESS_KEY": "KEY"]) { $1 }
        let app = try InteractiveTestDriver(arguments: ["--unsplash", "--renderer", "blocks", "--print", "id"],
                                            environment: environment)
        #expect(app.waitFor(text: "1/4"))
        try app.type("m")                                   // p1, from the editorial feed
        try app.type("/")
        try app.type("red fox")
        #expect(app.waitFor(text: "/red fox"))
        try app.type("\r")
        #expect(app.waitFor(text: "1/3"), "\(app.screen)")
        #expect(app.waitFor(text: "“red fox”"), "the status line names the search")
        let searches = server.requests(path: "/search/photos")
        #expect(searches.count == 1 && searches.first?.query["query"] == "red fox")
        try app.type(Character.right)
        try app.type("m")                                   // s2, from the search
        try app.type("q")
        #expect(app.waitForExit() == .exited(0))
        #expect(app.stdout == "p1\ns2\n", "marks from both lists, in order")
    }
}
