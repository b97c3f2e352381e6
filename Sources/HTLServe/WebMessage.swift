/// A request as the app sees it, whatever server carried it: the method,
/// the path and query (percent-decoded), the headers that matter
/// (lowercased names), the body, and who sent it.
public struct WebRequest: Sendable {
    public var method: String
    public var path: String
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The client's address, for the log of writes.
    public var client: String

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [], body: [UInt8] = [], client: String = "-"
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers.map { ($0.name.lowercased(), $0.value) }
        self.body = body
        self.client = client
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A cookie by name, from the Cookie header.
    public func cookie(_ name: String) -> String? {
        for header in headers where header.name == "cookie" {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, trimmed(parts[0]) == name { return trimmed(parts[1]) }
            }
        }
        return nil
    }
}

/// A response as the app makes it: status, headers and body bytes.
public struct WebResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    static func html(_ status: Int, _ text: String) -> WebResponse {
        WebResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8))
    }

    static func json(_ status: Int, _ text: String) -> WebResponse {
        WebResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }

    static func text(_ status: Int, _ text: String) -> WebResponse {
        WebResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8))
    }

    static func redirect(_ location: String) -> WebResponse {
        WebResponse(status: 303, headers: [("Location", location)])
    }
}

/// `text` without blanks at either end.
func trimmed(_ text: Substring) -> String {
    String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
}
