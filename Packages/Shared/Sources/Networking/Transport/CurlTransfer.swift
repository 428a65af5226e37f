#if canImport(CCurl)
import CCurl
import Foundation

/// One load on libcurl: its easy handle, what arrived so far, and the caller waiting for the outcome.
///
/// The easy handle and the received bytes are touched only by libcurl's callbacks and the driver
/// thread of ``CurlMulti`` (never by two threads at once: the handle is in the multi, or it is not
/// yet or no longer, and then nobody but `deinit` touches it). The outcome and the continuation are
/// shared with the caller and live in a ``TransferOutcome``. That split is what makes the
/// `@unchecked Sendable` safe.
final class CurlTransfer: @unchecked Sendable {
    let url: URL
    let deadline: Duration
    let limit: Int
    let maxRedirects: Int
    /// The easy handle; cleaned up in `deinit`, after the driver has taken it out of the multi.
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The request body, kept alive for as long as libcurl may read it.
    private let requestBody: Data?

    // Driver thread and callbacks only.
    private var body = Data()
    private var headers: [String: String] = [:]
    private var tooLarge = false
    /// The final response's status and announced length, known at the end of its head.
    private var finalStatus: Int?
    private var expectedLength: Int?

    private let observer: TransferObserver?

    private let decision = TransferOutcome()

    /// Makes the easy handle for `request`; nil when libcurl cannot make one.
    init?(request: HTTPRequest, configuration: HTTPClient.Configuration, observer: TransferObserver? = nil) {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        self.observer = observer
        url = request.url
        deadline = configuration.deadline
        limit = configuration.maxResponseBytes
        maxRedirects = configuration.maxRedirects
        requestBody = request.body
        configure(request, commonHeaders: configuration.headers)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
    }

    // MARK: - Caller side

    /// Waits for the outcome; `start` runs once (unless the outcome is already known) with the
    /// continuation in place.
    func outcome(start: () -> Void) async -> TransferResult {
        await decision.wait(start: start)
    }

    /// Records the outcome unless one is already recorded and answers the caller; true if this call decided.
    @discardableResult
    func finish(_ result: TransferResult) -> Bool {
        decision.finish(result)
    }

    /// True once the outcome is known (a cancelled transfer need not be started).
    var isFinished: Bool { decision.isDecided }

    // MARK: - Driver side

    /// The outcome once libcurl says the transfer is done with `code`.
    func completion(_ code: CURLcode) -> TransferResult {
        let result = outcome(of: code)
        if let observer {
            var firstByte: curl_off_t = -1
            ccurl_easy_getinfo_off(easy, CURLINFO_STARTTRANSFER_TIME_T, &firstByte)
            let timeToFirstByte = firstByte > 0 ? Duration.microseconds(Int64(firstByte)) : nil
            // A body cut short after its head (dropped, or past the deadline on a slow link): what
            // arrived, to be completed by a range request.
            var partial: PartialResponse?
            switch result {
            case .failure(.connectionDropped), .failure(.timedOut):
                if let finalStatus, !body.isEmpty {
                    partial = PartialResponse(statusCode: finalStatus, headers: headers, body: body)
                }
            default:
                break
            }
            observer.ended(timeToFirstByte: timeToFirstByte, partial: partial)
        }
        return result
    }

    private func outcome(of code: CURLcode) -> TransferResult {
        guard code == CURLE_OK else { return .failure(error(for: code)) }
        var status = 0
        ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafePointer<CChar>?
        ccurl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        let finalURL = effective.flatMap { URL(string: String(cString: $0)) } ?? url
        return .success(HTTPResponse(url: finalURL, statusCode: status, headers: headers, body: body))
    }

    private func error(for code: CURLcode) -> NetworkError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(after: deadline)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .hostNotFound(host: url.host ?? url.absoluteString)
        case CURLE_COULDNT_CONNECT:
            // The system's reason tells a network that is down from a host that said no.
            var osError = 0
            ccurl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &osError)
            let host = url.host ?? url.absoluteString
            switch Int32(osError) {
            case ENETUNREACH, ENETDOWN: return .offline(host: host)
            default: return .refused(host: host)
            }
        case CURLE_WRITE_ERROR where tooLarge, CURLE_FILESIZE_EXCEEDED:
            return .responseTooLarge(limit: limit)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2,
             CURLE_HTTP2_STREAM:
            return .connectionDropped(bytesReceived: body.count)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(limit: maxRedirects)
        case CURLE_UNSUPPORTED_PROTOCOL:
            // Our own URL was checked before; this is where a redirect wanted to go.
            let location = headers.first { $0.key.lowercased() == "location" }?.value
            let scheme = location.flatMap { URL(string: $0)?.scheme } ?? "unknown"
            return .unsupportedScheme(scheme.lowercased())
        case CURLE_URL_MALFORMAT:
            return .invalidURL(url.absoluteString)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .transport(description: "\(code.rawValue): \(String(cString: curl_easy_strerror(code)))")
        }
    }

    /// Called by libcurl with each piece of the (decoded) body; refuses the piece that passes the limit.
    fileprivate func receive(body pointer: UnsafeRawBufferPointer) -> Bool {
        guard body.count + pointer.count <= limit else {
            tooLarge = true
            body = Data()
            return false
        }
        body.append(contentsOf: pointer)
        observer?.report(TransferProgress(received: body.count, expected: expectedLength))
        return true
    }

    /// Called by libcurl with each header line of each response (redirects included).
    fileprivate func receive(headerLine line: ResponseHeadLine) -> Bool {
        switch line {
        case .status:
            // A new response: a redirect's or an interim 100's head is not ours.
            headers = [:]
            finalStatus = nil
            expectedLength = nil
        case .end:
            return announcedSizeFits()
        case .field(let name, let value):
            if let earlier = headers[name] {
                headers[name] = earlier + ", " + value
            } else {
                headers[name] = value
            }
        case .other:
            break
        }
        return true
    }

    /// At the end of a head: false when a final response announces more than the limit, so that not a
    /// byte of its body is read.
    private func announcedSizeFits() -> Bool {
        var status = 0
        ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        guard !(100..<200).contains(status), !(300..<400).contains(status) || status == 304 else { return true }
        var announced: curl_off_t = -1
        ccurl_easy_getinfo_off(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced)
        finalStatus = status
        expectedLength = announced >= 0 ? Int(announced) : nil
        guard announced > limit else { return true }
        tooLarge = true
        return false
    }

    // MARK: - Options

    private func configure(_ request: HTTPRequest, commonHeaders: [String: String]) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        ccurl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)
        ccurl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context)
        ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        // Only http and https, for the first request and for every redirect.
        ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        ccurl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, maxRedirects)
        // The whole transfer, in milliseconds: our deadline, started when the load got its slot.
        ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, max(1, Int(deadline / .milliseconds(1))))
        ccurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Every encoding libcurl can decode; the limit applies to what it decodes.
        ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        ccurl_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
        ccurl_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteBody)
        ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        ccurl_easy_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION, curlWriteHeader)
        ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)

        let method = request.method.uppercased()
        if let body = requestBody {
            ccurl_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS takes its own copy, so the bytes need not outlive this call.
                let start = UnsafeMutableRawPointer(mutating: bytes.baseAddress)
                _ = ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, start)
            }
        }
        switch method {
        case "GET" where requestBody == nil: break
        case "POST": ccurl_easy_setopt_long(easy, CURLOPT_POST, 1)
        case "HEAD": ccurl_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
        default: ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method)
        }

        var fields = commonHeaders
        for (name, value) in request.headers {
            // The request's own field wins over a common one, whatever the case of its name.
            for key in fields.keys where key.lowercased() == name.lowercased() { fields[key] = nil }
            fields[name] = value
        }
        // No "Expect: 100-continue" round trip before a body.
        fields["Expect"] = fields["Expect"] ?? ""
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            // An empty value ("Name:") removes the field, curl's own ones included.
            let line = value.isEmpty ? "\(name):" : "\(name): \(value)"
            headerList = curl_slist_append(headerList, line)
        }
        ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)
    }

    /// The transfer an easy handle belongs to (its CURLOPT_PRIVATE), without retaining it.
    static func owner(of easy: UnsafeMutableRawPointer) -> CurlTransfer? {
        var context: UnsafeMutableRawPointer?
        ccurl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &context)
        return context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// CURLOPT_WRITEFUNCTION: hands the bytes to the transfer; a short count makes libcurl abort.
private let curlWriteBody: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return transfer.receive(body: UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_HEADERFUNCTION: hands one header line to the transfer.
private let curlWriteHeader: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = ResponseHeadLine(UnsafeRawBufferPointer(start: data, count: length))
    return transfer.receive(headerLine: line) ? length : 0
}
#endif
