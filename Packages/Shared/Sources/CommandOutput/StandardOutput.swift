#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output for the commands' line modes (`--plain`, `--json`, piped lookups).
///
/// Foundation's `FileHandle.write(_:)` traps when a write fails, so `gallery --json | head -3`
/// crashed with a backtrace once `head` had its three lines and closed the pipe. Here the bytes go
/// out with `write(2)`, and when the reader has gone (`EPIPE`) the process ends as every pipeline
/// tool does: by `SIGPIPE`, quietly, status 141 to a shell with `pipefail`. Pictures already
/// stored stay in the cache (each entry is committed as it arrives). Any other failure, such as a
/// full disk under `> file`, is said once on standard error with exit status 74 (`EX_IOERR`).
///
/// ```swift
/// StandardOutput.write("1 loaded  https://example.com/a.jpg\n")
/// ```
public enum StandardOutput {
    /// Writes `text` whole, or ends the process as described above.
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = systemWrite(STDOUT_FILENO, next, left)
                if written > 0 {
                    next += written
                    left -= written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    fail(errno: written < 0 ? errno : EIO)
                }
            }
        }
    }

    /// What `write` does when standard output cannot take more: never returns.
    private static func fail(errno code: Int32) -> Never {
        if code == EPIPE {
            // Something in the process (libcurl, the demo server) may have set SIGPIPE aside.
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        let tool = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last }.map(String.init) ?? "error"
        let message = "\(tool): cannot write to standard output: \(String(cString: strerror(code)))\n"
        _ = message.withCString { systemWrite(STDERR_FILENO, $0, strlen($0)) }
        exit(74)
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
