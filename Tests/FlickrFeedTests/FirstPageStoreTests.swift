import Caching
import Foundation
import Testing
import FlickrFeed

@Suite("First page store")
struct FirstPageStoreTests {
    @Test("the first page survives a restart")
    func survivesRestart() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var page = Fixtures.page(1, total: 1000)
        page.photos[0].ownerName = "Анна"
        page.photos[0].dateUploaded = 1_700_000_000
        page.photos[1].title = "Title with 'quotes' and \"doubles\" and emoji 🌅"
        try FirstPageStore(directory: directory).save(SavedPage(page: page, savedAt: Fixtures.date))
        // A new store object on the same directory is the next launch.
        let reopened = FirstPageStore(directory: directory).load()
        #expect(reopened == SavedPage(page: page, savedAt: Fixtures.date))
    }

    @Test("saving replaces, never appends")
    func replaces() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FirstPageStore(directory: directory)
        try store.save(SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))
        let newer = Fixtures.page(1, perPage: 10, newest: 2000)
        try store.save(SavedPage(page: newer, savedAt: Fixtures.date))
        #expect(store.load()?.page == newer)
    }

    @Test("a missing database (or directory) is created")
    func missing() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let nested = directory.appendingPathComponent("a/b/c")
        let store = FirstPageStore(directory: nested)
        #expect(store.load() == nil)
        try store.save(SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))
        #expect(store.load()?.page.photos.count == 40)
    }

    @Test(
        "a corrupt database is rebuilt without a crash",
        arguments: [
            Data("this is not a database, just text".utf8),
            Data(repeating: 0xFF, count: 8192),
            Data(),
        ])
    func corrupt(contents: Data) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try contents.write(to: directory.appendingPathComponent(FirstPageStore.fileName))
        let store = FirstPageStore(directory: directory)
        #expect(store.load() == nil)
        try store.save(SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))
        #expect(FirstPageStore(directory: directory).load()?.page.photos.count == 40)
    }

    @Test("a database overwritten while open is rebuilt on the next save")
    func corruptedWhileOpen() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FirstPageStore(directory: directory)
        try store.save(SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))
        try Data(repeating: 0x42, count: 16_384).write(to: directory.appendingPathComponent(FirstPageStore.fileName))
        _ = store.load()
        try store.save(SavedPage(page: Fixtures.page(1, newest: 1500), savedAt: Fixtures.date))
        #expect(FirstPageStore(directory: directory).load()?.page.photos.first?.id == Fixtures.photo(1500).id)
    }

    @Test("a directory that cannot be created gives nil and a save error, not a crash")
    func unavailable() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let store = FirstPageStore(directory: file.appendingPathComponent("inside"))
        #expect(store.load() == nil)
        #expect(throws: DiskCacheError.self) {
            try store.save(SavedPage(page: Fixtures.page(1), savedAt: Fixtures.date))
        }
    }
}
