import ErrorReporting
import Foundation

#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Reads a `--urls-file` with limits, and says plainly what is wrong with one that cannot be used.
///
/// A list of pictures is small: a megabyte holds ten thousand URLs. Anything larger, a device such as
/// `/dev/zero`, a folder or a file that is not UTF-8 text is refused at once with the reason, instead
/// of reading gigabytes or saying "You don't have permission" about `/dev/null`. A pipe (`<(cmd)`) is
/// read, up to the same limit.
enum URLsFile {
    /// The most bytes read from a `--urls-file`.
    static let byteLimit = 1 << 20

    /// Why a `--urls-file` cannot be read.
    enum Problem: Error, Equatable {
        case missing
        case directory
        case device
        case permissionDenied
        case tooLarge(limit: Int)
        case notText
        case unreadable(String)

        func message(path: String, language: Language) -> String {
            let english: String
            let russian: String
            switch self {
            case .missing:
                (english, russian) = ("there is no such file", "такого файла нет")
            case .directory:
                (english, russian) = ("it is a folder, not a file of URLs", "это папка, а не файл со списком URL")
            case .device:
                (english, russian) = ("it is a device, not a file of URLs", "это устройство, а не файл со списком URL")
            case .permissionDenied:
                (english, russian) = ("permission denied", "нет прав на чтение")
            case .tooLarge(let limit):
                (english, russian) = (
                    "it is larger than \(limit / 1024) KB; a list of pictures is one URL per line",
                    "он больше \(limit / 1024) КБ; в списке картинок по одному URL в строке")
            case .notText:
                (english, russian) = ("it is not UTF-8 text", "это не текст в UTF-8")
            case .unreadable(let reason):
                (english, russian) = (reason, reason)
            }
            return language == .russian
                ? "не удаётся прочитать --urls-file «\(path)»: \(russian)"
                : "cannot read --urls-file '\(path)': \(english)"
        }
    }

    /// The text of the file at `path`, read with the limits above.
    static func read(_ path: String, byteLimit: Int = byteLimit) throws(Problem) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw problem(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw problem(errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw .directory
        case S_IFCHR, S_IFBLK, S_IFSOCK: throw .device
        case S_IFREG: if Int(status.st_size) > byteLimit { throw .tooLarge(limit: byteLimit) }
        default: break          // a pipe: read up to the limit below
        }
        // As much room as a regular file holds (plus one byte that tells a file grown past the
        // limit), or a chunk at a time for a pipe, never the whole limit up front.
        var bytes = [UInt8](repeating: 0, count: min(byteLimit, max(Int(status.st_size), 16 << 10)) + 1)
        var count = 0
        while count <= byteLimit {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, byteLimit + 1 - count)) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw problem(errno: errno) }
            if got == 0 { break }
            count += got
        }
        guard count <= byteLimit else { throw .tooLarge(limit: byteLimit) }
        guard let text = String(validating: bytes[..<count], as: UTF8.self), !text.contains("\0") else {
            throw .notText
        }
        return text
    }

    private static func problem(errno code: Int32) -> Problem {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .directory
        default: .unreadable(String(cString: strerror(code)))
        }
    }
}
