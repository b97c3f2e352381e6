import HTTPTypes
import Hummingbird
import Logging

/// The only file that knows HTTP is carried by Hummingbird (on SwiftNIO):
/// it turns each request into a `WebRequest`, asks `WebApp`, and writes the
/// `WebResponse` back. SIGINT and SIGTERM stop it gracefully (requests in
/// flight finish; a write under the ledger's lock completes or never starts).
public enum HTTPServer {
    /// Serves until a signal stops it; `onRunning` gets the bound port (for `--port 0`).
    public static func run(_ app: WebApp, onRunning: @escaping @Sendable (Int) -> Void) async throws {
        let responder = CallbackResponder<ServeContext> { request, context in
            await response(app.respond(try await webRequest(request, context)))
        }
        var logger = Logger(label: "htl-serve")
        logger.logLevel = .critical
        let application = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(app.settings.host, port: app.settings.port)),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? app.settings.port
                app.port.value = bound
                onRunning(bound)
            },
            logger: logger)
        try await application.runService()
    }

    static func webRequest(_ request: Request, _ context: ServeContext) async throws -> WebRequest {
        var headers = request.headers.map { (name: $0.name.canonicalName, value: $0.value) }
        if let authority = request.head.authority { headers.append(("host", authority)) }
        let body: [UInt8]
        do {
            var buffer = try await request.body.collect(upTo: WebApp.largestBody)
            body = buffer.readBytes(length: buffer.readableBytes) ?? []
        } catch {
            // Larger than the app reads: the guard answers 413 for any body past the limit.
            body = [UInt8](repeating: 0, count: WebApp.largestBody + 1)
        }
        return WebRequest(
            method: request.method.rawValue, path: request.uri.path,
            query: FormBody.pairs(request.uri.query ?? ""), headers: headers, body: body, client: context.client)
    }

    static func response(_ r: WebResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in r.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        return Response(
            status: HTTPResponse.Status(code: r.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: r.body)))
    }
}

/// Each request's context: who sent it, and how much of its body is read.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        let address = source.channel.remoteAddress
        client = address.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "-"
    }

    var maxUploadSize: Int { WebApp.largestBody }
}
