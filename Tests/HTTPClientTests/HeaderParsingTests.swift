import HTTPClient
import Testing

@Suite struct HeaderParsingTests {
    @Test func headerNamesIgnoreCase() {
        let headers = HTTPHeaders(parsing: "HTTP/1.1 200 OK\r\nX-RateLimit-Remaining: 7\r\nx-total:  146831 \r\nbroken line\r\n\r\n")
        #expect(headers["x-ratelimit-remaining"] == "7")
        #expect(headers.integer("X-Ratelimit-Remaining") == 7)
        #expect(headers.integer("X-Total") == 146831)
        #expect(headers.fields.count == 2)
    }

    @Test func foldedLinesJoinThePreviousField() {
        let headers = HTTPHeaders(parsing: "Link: <a>;\r\n rel=\"next\"\r\n")
        #expect(headers["Link"] == "<a>; rel=\"next\"")
    }

    @Test func linkRelationsAreFoundAmongSeveral() {
        let recorded = #"<http://api.lvh.me:3000/photos?order_by=latest&page=14684&per_page=10>; rel="last", <http://api.lvh.me:3000/photos?order_by=latest&page=2&per_page=10>; rel="next""#
        #expect(LinkHeader.target(recorded, relation: "next") == "http://api.lvh.me:3000/photos?order_by=latest&page=2&per_page=10")
        #expect(LinkHeader.target(recorded, relation: "last")?.hasSuffix("page=14684&per_page=10") == true)
        #expect(LinkHeader.target(recorded, relation: "prev") == nil)
        #expect(LinkHeader.target(nil, relation: "next") == nil)
        #expect(LinkHeader.target("<http://a/?x=1,2>; rel=next", relation: "NEXT") == "http://a/?x=1,2")
        #expect(LinkHeader.target("<a>; rel=\"prev next\"", relation: "next") == "a")
    }
}
