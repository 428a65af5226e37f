import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers `Expect: 100-continue` with `100 Continue` as soon as the request's head arrives
/// (RFC 9110, 10.1.1), so that a client holding its body back for it sends it at once. Without
/// it, libcurl and other clients that ask wait for their own timeout first (a second, in curl's
/// case) before each such upload.
///
/// A body whose `Content-Length` is already past `bodyLimit` gets no `100`: the server refuses it
/// unread (`413`), and the client need not send it at all.
final class ContinueHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    /// The server's body limit as it is when a request arrives.
    private let bodyLimit: @Sendable () -> Int

    init(bodyLimit: @escaping @Sendable () -> Int) {
        self.bodyLimit = bodyLimit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let request) = unwrapInboundIn(data), Self.asksToContinue(request, bodyLimit: bodyLimit()) {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }

    /// Whether `request` waits for a `100 Continue` that it should get: it expects one, and its
    /// body (by its declared length) is within `bodyLimit`.
    static func asksToContinue(_ request: HTTPRequest, bodyLimit: Int) -> Bool {
        guard let expectation = request.headerFields[.expect],
              expectation.lowercased() == "100-continue" else { return false }
        guard let length = request.headerFields[.contentLength].flatMap({ Int($0) }) else { return true }
        return length <= bodyLimit
    }
}
