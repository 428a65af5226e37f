import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file-system call: which call, on which path, and the `errno` it set.
struct FileSystemFailure: Error, Sendable, Equatable, CustomStringConvertible {
    var operation: String
    var path: String
    var code: Int32

    var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
}

/// One name in a directory with its modification time.
struct DirectoryEntry: Sendable, Equatable {
    var name: String
    var modified: Date
}

/// The file-system calls ``DiskCache`` makes, behind a seam so tests can make them fail the way a
/// full or read-only disk does (as root, permissions alone cannot).
protocol FileStoring: Sendable {
    /// Creates `path` and any missing parents; succeeds if it already is a directory.
    func createDirectory(at path: String) throws(FileSystemFailure)
    /// Writes `head` and then `body` to a file that must not exist yet, flushing it to the device
    /// if `synchronously`.
    func writeNewFile(_ head: Data, then body: Data, at path: String, synchronously: Bool) throws(FileSystemFailure)
    /// Atomically puts the file at `source` in place of `destination` (rename(2)).
    func moveItem(at source: String, replacing destination: String) throws(FileSystemFailure)
    /// The file at `path`, when it is `headLength + bodyLength` bytes long, read into two buffers:
    /// its first `headLength` bytes and the rest. nil when it has any other length, or shrinks
    /// while it is read (`ENOENT` when it does not exist).
    func readFile(at path: String, headLength: Int, bodyLength: Int) throws(FileSystemFailure) -> (head: Data, body: Data)?
    /// At most the first `count` bytes of the file at `path`, and the file's whole size.
    func readPrefix(of path: String, count: Int) throws(FileSystemFailure) -> (bytes: Data, fileSize: Int)
    /// Removes the file at `path`; a file that is already gone is not an error.
    func removeFile(at path: String) throws(FileSystemFailure)
    /// The names in `directory` with their modification times.
    func contentsOfDirectory(at directory: String) throws(FileSystemFailure) -> [DirectoryEntry]
    /// Flushes the directory itself, so a rename in it survives a power cut.
    func synchronizeDirectory(at path: String)
}

/// The production ``FileStoring``: plain POSIX calls, so every failure keeps its `errno`.
struct POSIXFileStore: FileStoring {
    func createDirectory(at path: String) throws(FileSystemFailure) {
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        switch code {
        case EEXIST:
            var info = stat()
            guard stat(path, &info) == 0 else { throw FileSystemFailure(operation: "stat", path: path, code: errno) }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw FileSystemFailure(operation: "mkdir", path: path, code: ENOTDIR)
            }
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { throw FileSystemFailure(operation: "mkdir", path: path, code: code) }
            try createDirectory(at: parent)
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                throw FileSystemFailure(operation: "mkdir", path: path, code: errno)
            }
        default:
            throw FileSystemFailure(operation: "mkdir", path: path, code: code)
        }
    }

    /// One `writev` hands the kernel both parts where they are: an entry's payload is never copied
    /// behind its header into a new buffer first (for a picture, an allocation of its size, faulted
    /// in page by page and handed back).
    func writeNewFile(_ head: Data, then body: Data, at path: String, synchronously: Bool) throws(FileSystemFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemFailure(operation: "open", path: path, code: errno) }
        var failure: FileSystemFailure?
        let code = head.withUnsafeBytes { head in
            body.withUnsafeBytes { body in
                Self.writeAll([head, body]) { pending in writev(descriptor, pending.baseAddress, Int32(pending.count)) }
            }
        }
        if let code { failure = FileSystemFailure(operation: "write", path: path, code: code) }
        if failure == nil, synchronously, fsync(descriptor) != 0 {
            failure = FileSystemFailure(operation: "fsync", path: path, code: errno)
        }
        // close can report a deferred write error (NFS, quota): it counts as a failed write.
        if close(descriptor) != 0, failure == nil {
            failure = FileSystemFailure(operation: "close", path: path, code: errno)
        }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Writes every byte of `parts` in order through `write` (`writev` on the file), which is handed
    /// the parts still to write and returns how many bytes it took, or -1 with `errno` set. Returns
    /// the `errno` of a failed write, or nil; a write that takes nothing fails as EIO.
    static func writeAll(
        _ parts: [UnsafeRawBufferPointer], with write: (UnsafeBufferPointer<iovec>) -> Int
    ) -> Int32? {
        let vector = parts.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        switch transferAll(vector, with: write) {
        case .done: return nil
        case .stopped: return EIO
        case .failed(let code): return code
        }
    }

    /// Fills every byte of `parts` in order through `read` (`readv` on the file), which is handed
    /// the parts still to fill and returns how many bytes it put there (0 at the end of the file),
    /// or -1 with `errno` set; `.stopped` when the file ended first.
    static func readAll(
        _ parts: [UnsafeMutableRawBufferPointer], with read: (UnsafeBufferPointer<iovec>) -> Int
    ) -> TransferOutcome {
        transferAll(parts.map { iovec(iov_base: $0.baseAddress, iov_len: $0.count) }, with: read)
    }

    /// How moving every byte of an I/O vector ended: all of them moved, a call moved none (the end
    /// of a file), or a call failed with an `errno`.
    enum TransferOutcome: Equatable { case done, stopped, failed(Int32) }

    /// Calls `call` with the parts of `vector` still to go until every byte has gone, going on
    /// after short transfers (past whole parts, then the front of a part done in part) and EINTR.
    private static func transferAll(
        _ vector: [iovec], with call: (UnsafeBufferPointer<iovec>) -> Int
    ) -> TransferOutcome {
        var vector = vector.filter { $0.iov_len > 0 }
        var first = 0
        while first < vector.count {
            let count = vector.withUnsafeBufferPointer { vector in
                call(UnsafeBufferPointer(rebasing: vector[first...]))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(errno)
            }
            if count == 0 { return .stopped }
            var left = count
            while first < vector.count, left >= vector[first].iov_len {
                left -= vector[first].iov_len
                first += 1
            }
            if left > 0 {
                vector[first].iov_base = vector[first].iov_base.map { $0 + left }
                vector[first].iov_len -= left
            }
        }
        return .done
    }

    func moveItem(at source: String, replacing destination: String) throws(FileSystemFailure) {
        guard rename(source, destination) == 0 else {
            throw FileSystemFailure(operation: "rename", path: destination, code: errno)
        }
    }

    /// One `readv` puts the head and the body each in its own buffer: the body is handed back as
    /// it was read, neither copied out of a buffer of the whole file nor zeroed before the read.
    func readFile(at path: String, headLength: Int, bodyLength: Int) throws(FileSystemFailure) -> (head: Data, body: Data)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemFailure(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemFailure(operation: "fstat", path: path, code: errno) }
        guard headLength >= 0, bodyLength >= 0, Int(info.st_size) == headLength + bodyLength else { return nil }
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: max(headLength, 1), alignment: 16)
        let body = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bodyLength, 1), alignment: 16)
        let parts = [UnsafeMutableRawBufferPointer(rebasing: head[..<headLength]),
                     UnsafeMutableRawBufferPointer(rebasing: body[..<bodyLength])]
        let outcome = Self.readAll(parts) { pending in readv(descriptor, pending.baseAddress, Int32(pending.count)) }
        guard outcome == .done else {
            head.deallocate()
            body.deallocate()
            if case .failed(let code) = outcome { throw FileSystemFailure(operation: "read", path: path, code: code) }
            return nil  // the file shrank under us: torn, like a wrong length
        }
        return (Self.data(taking: head, count: headLength), Self.data(taking: body, count: bodyLength))
    }

    /// A buffer from `allocate` as `Data` that frees it when the last copy goes.
    private static func data(taking buffer: UnsafeMutableRawBufferPointer, count: Int) -> Data {
        guard count > 0, let base = buffer.baseAddress else {
            buffer.deallocate()
            return Data()
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    func readPrefix(of path: String, count: Int) throws(FileSystemFailure) -> (bytes: Data, fileSize: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemFailure(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemFailure(operation: "fstat", path: path, code: errno) }
        var data = Data(count: min(count, Int(info.st_size)))
        let total = data.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let read = pread(descriptor, base + offset, buffer.count - offset, off_t(offset))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                offset += read
            }
            return offset
        }
        if total < data.count { data.removeSubrange(total...) }
        return (data, Int(info.st_size))
    }

    func removeFile(at path: String) throws(FileSystemFailure) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileSystemFailure(operation: "unlink", path: path, code: errno)
        }
    }

    func contentsOfDirectory(at directory: String) throws(FileSystemFailure) -> [DirectoryEntry] {
        guard let stream = opendir(directory) else {
            throw FileSystemFailure(operation: "opendir", path: directory, code: errno)
        }
        defer { closedir(stream) }
        var entries: [DirectoryEntry] = []
        while let item = readdir(stream) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard stat(directory + "/" + name, &info) == 0 else { continue }  // removed meanwhile
            #if canImport(Darwin)
            let seconds = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
            #else
            let seconds = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            #endif
            entries.append(DirectoryEntry(name: name, modified: Date(timeIntervalSince1970: seconds)))
        }
        return entries
    }

    func synchronizeDirectory(at path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
