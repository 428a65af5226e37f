import Foundation
import Testing
@testable import gallery

@Suite("A --urls-file that cannot be used says why, at once")
struct URLsFileTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("urls-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test("a small text file is read whole")
    func reads() throws {
        let path = try file("urls.txt", Array("http://a.test/1.jpg\n# dog\n".utf8))
        #expect(try URLsFile.read(path) == "http://a.test/1.jpg\n# dog\n")
    }

    @Test("devices, folders and missing files are named for what they are", arguments: [
        ("/dev/null", URLsFile.Problem.device), ("/dev/zero", .device), ("/", .directory),
        ("/nonexistent/urls.txt", .missing),
    ])
    func refused(path: String, problem: URLsFile.Problem) {
        #expect(throws: problem) { try URLsFile.read(path) }
    }

    @Test("a file over the limit is refused without reading it, and so is a pipe that goes on past it")
    func tooLarge() throws {
        let path = try file("big.txt", Array(repeating: UInt8(ascii: "a"), count: 2_000))
        #expect(throws: URLsFile.Problem.tooLarge(limit: 1_024)) { try URLsFile.read(path, byteLimit: 1_024) }
    }

    @Test("a pipe is read up to the limit, and one that goes on past it is refused")
    func pipe() throws {
        let path = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        Thread.detachNewThread {
            let writer = open(path, O_WRONLY)
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 2_000)
            _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
        }
        #expect(throws: URLsFile.Problem.tooLarge(limit: 1_024)) { try URLsFile.read(path, byteLimit: 1_024) }
    }

    @Test("bytes that are not UTF-8 text are refused")
    func notText() throws {
        let path = try file("photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        #expect(throws: URLsFile.Problem.notText) { try URLsFile.read(path) }
    }

    @Test("the reasons read in English and Russian")
    func messages() {
        #expect(URLsFile.Problem.device.message(path: "/dev/zero", language: .english)
            == "cannot read --urls-file '/dev/zero': it is a device, not a file of URLs")
        #expect(URLsFile.Problem.device.message(path: "/dev/zero", language: .russian)
            == "не удаётся прочитать --urls-file «/dev/zero»: это устройство, а не файл со списком URL")
    }
}
