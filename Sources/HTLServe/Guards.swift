/// The server's security model (docs/SERVE.md), checked before any route:
///
/// - **Host.** A request must name the server as the browser reached it:
///   a loopback name (`localhost`, `127.0.0.1`, `[::1]`) or the bound
///   address, with the port. A page of another site that re-points its
///   own name at this machine (DNS rebinding) sends its own name: refused.
/// - **Token.** Bound beyond loopback, every request needs the server's
///   secret: `?token=` once (it becomes an HttpOnly, SameSite=Strict
///   cookie and the URL is cleaned by a redirect), the cookie, or
///   `Authorization: Bearer`. API writes need the bearer token always,
///   loopback included: a script has no cookie, and a browser never sends
///   that header across sites without asking (CORS is never allowed).
/// - **CSRF.** A form post needs the CSRF field and the SameSite=Strict
///   cookie that carries the same secret; another site can send neither.
/// - **Sizes.** A body larger than `WebApp.largestBody` is 413, unread.
/// - **Read-only.** Every write is 403.
/// Nothing is served from the file system: routes are fixed, so no path
/// (`..` or not) reaches a file.
struct Guards {
    let settings: ServeSettings
    /// The port the server is bound to.
    let port: Int

    static let tokenCookie = "htl_token"
    static let csrfCookie = "htl_csrf"

    func refusal(_ request: WebRequest) -> WebResponse? {
        guard hostIsOurs(request.header("host")) else { return .text(421, "this server does not answer to that Host") }
        if request.body.count > WebApp.largestBody { return .text(413, "request body too large") }
        if !settings.isLoopback, !hasToken(request) {
            // `?token=` is checked by `tokenEntry`; anything else without the secret is refused.
            if ServeSettings.sameSecret(request.queryValue("token"), settings.token) { return nil }
            return .text(401, "this server needs its token: open the URL it printed, with ?token=…")
        }
        if request.method == "POST" {
            if settings.readOnly { return .text(403, "read-only: this server writes nothing (htl serve --read-only)") }
            if request.path == "/api/log" {
                guard bearer(request) else {
                    return .json(401, "{\"error\": \"API writes need Authorization: Bearer <token>\"}\n")
                }
            } else if !csrfHolds(request) {
                return .text(403, "the form's CSRF token is missing or stale: reload the page and try again")
            }
        }
        return nil
    }

    /// The first visit with `?token=`: the cookie is set and the URL cleaned.
    func tokenEntry(_ request: WebRequest) -> WebResponse? {
        guard request.method == "GET", let given = request.queryValue("token") else { return nil }
        guard ServeSettings.sameSecret(given, settings.token) else { return .text(401, "wrong token") }
        let rest = request.query.filter { $0.name != "token" }
        let query =
            rest.isEmpty
            ? "" : "?" + rest.map { FormBody.encode($0.name) + "=" + FormBody.encode($0.value) }.joined(separator: "&")
        return WebResponse(
            status: 303,
            headers: [
                ("Location", FormBody.encode(request.path) + query),
                ("Set-Cookie", "\(Guards.tokenCookie)=\(settings.token); Path=/; HttpOnly; SameSite=Strict"),
            ])
    }

    func hostIsOurs(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        let port = ":\(port)"
        let names = ServeSettings.loopbackNames.union([settings.host.lowercased(), "[\(settings.host.lowercased())]"])
        if names.contains(where: { host == $0 + port }) { return true }
        // Bound to every address, the machine's own names are not known here: the token guards it.
        return (settings.host == "0.0.0.0" || settings.host == "::") && host.hasSuffix(port)
    }

    func hasToken(_ request: WebRequest) -> Bool {
        bearer(request) || ServeSettings.sameSecret(request.cookie(Guards.tokenCookie), settings.token)
    }

    func bearer(_ request: WebRequest) -> Bool {
        guard let value = request.header("authorization"), value.hasPrefix("Bearer ") else { return false }
        return ServeSettings.sameSecret(String(value.dropFirst("Bearer ".count)), settings.token)
    }

    func csrfHolds(_ request: WebRequest) -> Bool {
        let field = FormBody.pairs(String(decoding: request.body, as: UTF8.self)).first { $0.name == "csrf" }?.value
        return ServeSettings.sameSecret(field, settings.csrf)
            && ServeSettings.sameSecret(request.cookie(Guards.csrfCookie), settings.csrf)
    }

    /// Headers of every page: the CSRF cookie, and a policy that lets the
    /// page load nothing but itself and its own script.
    static func pageHeaders(_ settings: ServeSettings) -> [(name: String, value: String)] {
        [
            ("Set-Cookie", "\(csrfCookie)=\(settings.csrf); Path=/; HttpOnly; SameSite=Strict"),
            (
                "Content-Security-Policy",
                "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; "
                    + "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
            ),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"),
        ]
    }
}
