// swift-tools-version: 6.1
// The interview workbench: three classic iOS interview tasks rebuilt as Swift packages that run on
// Linux, on one shared foundation. See README.md for the tour and REVIEW.md for the reviewers' remarks.
import PackageDescription

let shared = "Packages/Shared/Sources"

/// Release executables carry the Swift runtime and Foundation inside them, so a process starts
/// without resolving some twenty shared libraries' symbols, which was most of a short run's CPU
/// (`gallery --help`) and nearly all its time in the dynamic loader. Debug builds stay dynamic
/// (quicker links). Unsafe flags are allowed here: these are the root package's own executables,
/// which no other package builds.
/// The executable's own module is compiled against the static Foundation too: its imports then
/// name what static Foundation needs (CoreFoundation, ICU, ...), which linking alone does not.
///
/// They export no symbols either: `swiftc` exports every symbol of an executable, and each
/// `dladdr` the runtime makes at start walks them all. Nothing looks an executable's own symbols
/// up by name (NIO's `dlsym` of a runtime hook is opt-in, and unused). They stay
/// position-independent, though linking them position-dependent would spare the loader their
/// relative relocations: they decode pictures from anywhere with C libraries, and address
/// randomisation of that much code is worth a little start-up.
let staticInRelease: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"],
                 .when(platforms: [.linux], configuration: .release)),
]
///
/// Compiled that way, the executable's module would also ask the linker for libcurl, on behalf of
/// the static FoundationNetworking; that request is dropped, since CCurl loads libcurl at its first
/// use (see CCurl.h) and a linked libcurl would load it, and its twenty-odd libraries, at every start.
let staticModuleInRelease: [SwiftSetting] = [
    .unsafeFlags(["-static-stdlib", "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "curl"],
                 .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "InterviewWorkbench",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "gallery", targets: ["gallery"]),
        .executable(name: "lookup", targets: ["lookup"]),
        .executable(name: "flickr", targets: ["flickr"]),
        .executable(name: "bench", targets: ["bench"]),
        .executable(name: "tui-demo", targets: ["tui-demo"]),
        // The foundation as libraries another package can depend on by path or URL.
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Caching", targets: ["Caching"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "ImagePipeline", targets: ["ImagePipeline"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "ErrorReporting", targets: ["ErrorReporting"]),
        .library(name: "StateStore", targets: ["StateStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
        // The demo server stops gracefully through it (Hummingbird's own lifecycle library).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // `lookup serve`'s GET /metrics: the metrics API, and its Prometheus back end.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `swift package generate-documentation --target Networking`: the DocC catalogs of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Shared foundation
        // The one lock of the workbench: a pthread mutex the thread sanitizer sees (Mutex's futex it does not).
        .target(
            name: "Locking",
            path: "\(shared)/Locking"
        ),
        .target(
            name: "ErrorReporting",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "\(shared)/ErrorReporting"
        ),
        .target(
            name: "Networking",
            dependencies: [
                "Locking",
                "ErrorReporting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .target(name: "CCurl", condition: .when(platforms: [.linux])),
            ],
            path: "\(shared)/Networking"
        ),
        .target(
            name: "CCurl",
            path: "\(shared)/CCurl",
            // Not linked against libcurl: the shim loads it at the first call (see CCurl.h).
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(
            name: "Caching",
            dependencies: [
                "Locking",
                "ErrorReporting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            path: "\(shared)/Caching"
        ),
        // The image codecs are not linked: each shim opens its library at the first picture that needs
        // it (see CCodecLoader.h), so `lookup`, and a gallery that meets no AVIF, never map libavif and
        // the forty libraries it brings. The shims still compile against the -dev packages' headers:
        // libjpeg62-turbo-dev, libpng-dev, libwebp-dev, libgif-dev, libavif-dev, libheif-dev,
        // libexif-dev and liblcms2-dev.
        .target(
            name: "CCodecLoader",
            path: "\(shared)/CCodecLoader",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // libjpeg-turbo's libjpeg API (libjpeg.so.62), with the setjmp error shim.
        .target(name: "CJPEG", dependencies: ["CCodecLoader"], path: "\(shared)/CJPEG"),
        .target(name: "CPNG", dependencies: ["CCodecLoader"], path: "\(shared)/CPNG"),
        // libwebp and its demuxer: WebP stills and animations.
        .target(name: "CWebP", dependencies: ["CCodecLoader"], path: "\(shared)/CWebP"),
        // giflib: the scan that counts frames before any is decoded, and the composition.
        .target(name: "CGIF", dependencies: ["CCodecLoader"], path: "\(shared)/CGIF"),
        // libavif, with the AV1 decoder Debian builds it with.
        .target(name: "CAVIF", dependencies: ["CCodecLoader"], path: "\(shared)/CAVIF"),
        // libheif, with the HEVC decoder Debian builds it with: HEIC stills.
        .target(name: "CHEIF", dependencies: ["CCodecLoader"], path: "\(shared)/CHEIF"),
        // libexif: the Orientation tag of JPEG's APP1 and WebP's EXIF chunk.
        .target(name: "CExif", dependencies: ["CCodecLoader"], path: "\(shared)/CExif"),
        // Little CMS 2: embedded ICC profiles, CMYK included, to sRGB.
        .target(name: "CLCMS", dependencies: ["CCodecLoader"], path: "\(shared)/CLCMS"),
        // libsixel (Debian's libsixel-dev), the encoder behind img2sixel: the yardstick of the
        // bench's sixel row (our own encoder, in TerminalUI, draws the pictures).
        .target(
            name: "CSixel",
            path: "\(shared)/CSixel",
            linkerSettings: [.linkedLibrary("sixel")]
        ),
        .target(
            name: "Imaging",
            dependencies: ["CJPEG", "CPNG", "CWebP", "CGIF", "CAVIF", "CHEIF", "CExif", "CLCMS", "ErrorReporting", "Locking"],
            path: "\(shared)/Imaging"
        ),
        .target(
            name: "TerminalUI",
            dependencies: ["Imaging", "ErrorReporting"],
            path: "\(shared)/TerminalUI"
        ),
        .target(
            name: "DemoServer",
            dependencies: [
                "Locking",
                "Imaging",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "\(shared)/DemoServer"
        ),
        .target(
            name: "CommandOutput",
            path: "\(shared)/CommandOutput"
        ),
        .target(
            name: "StateStore",
            path: "\(shared)/StateStore"
        ),
        .target(
            name: "CommandOptions",
            dependencies: [
                "Caching", "ErrorReporting", "Networking", "TerminalUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "\(shared)/CommandOptions"
        ),
        .target(
            name: "ImagePipeline",
            dependencies: ["Networking", "Caching", "Imaging", "ErrorReporting"],
            path: "\(shared)/ImagePipeline"
        ),

        .executableTarget(
            name: "tui-demo",
            dependencies: ["TerminalUI", "Imaging"],
            path: "\(shared)/TerminalDemo",
            swiftSettings: staticModuleInRelease,
            linkerSettings: staticInRelease
        ),

        // MARK: Task 1: the image gallery
        .target(
            name: "ImageGallery",
            dependencies: ["ImagePipeline", "Networking", "Caching", "Imaging", "ErrorReporting", "StateStore"],
            path: "Packages/ImageGallery/Sources/ImageGallery"
        ),
        .executableTarget(
            name: "gallery",
            dependencies: [
                "ImageGallery", "TerminalUI", "DemoServer", "CommandOutput", "CommandOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Packages/ImageGallery/Sources/gallery",
            swiftSettings: staticModuleInRelease,
            linkerSettings: staticInRelease
        ),

        // MARK: Task 2: the phone-number lookup
        .target(
            name: "PhoneLookup",
            dependencies: ["Locking", "Networking", "Caching", "ErrorReporting", "StateStore"],
            path: "Packages/PhoneLookup/Sources/PhoneLookup",
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "lookup",
            dependencies: [
                "PhoneLookup", "TerminalUI", "DemoServer", "CommandOutput", "CommandOptions", "Locking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "Packages/PhoneLookup/Sources/lookup",
            swiftSettings: staticModuleInRelease,
            linkerSettings: staticInRelease
        ),

        // MARK: Task 3: the Flickr feed
        .target(
            name: "FlickrFeed",
            dependencies: [
                "Locking",
                "ImagePipeline", "Networking", "Caching", "Imaging", "ErrorReporting", "StateStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Packages/FlickrFeed/Sources/FlickrFeed"
        ),
        // The made-up Flickr of `flickr --demo`, the tests and the benchmark: kept out of the core,
        // so the core does not depend on the demo server (Hummingbird).
        .target(
            name: "FlickrDemo",
            dependencies: ["FlickrFeed", "DemoServer", "Imaging"],
            path: "Packages/FlickrFeed/Sources/FlickrDemo"
        ),
        .executableTarget(
            name: "flickr",
            dependencies: [
                "FlickrFeed", "FlickrDemo", "TerminalUI", "DemoServer", "CommandOptions", "CommandOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Packages/FlickrFeed/Sources/flickr",
            swiftSettings: staticModuleInRelease,
            linkerSettings: staticInRelease
        ),

        // MARK: Benchmarks
        .executableTarget(
            name: "bench",
            dependencies: [
                "Networking", "Caching", "Imaging", "TerminalUI", "DemoServer", "ImagePipeline",
                "ImageGallery", "PhoneLookup", "FlickrFeed", "FlickrDemo", "CSixel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/bench",
            swiftSettings: staticModuleInRelease,
            linkerSettings: staticInRelease
        ),

        // MARK: Tests
        // Helpers for tests that run processes and drive full-screen programs in tmux.
        .target(
            name: "TestSupport",
            dependencies: ["StateStore", "Locking"],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "ErrorReportingTests", dependencies: ["ErrorReporting"]),
        .testTarget(name: "CommandOutputTests", dependencies: ["CommandOutput"]),
        .testTarget(name: "CommandOptionsTests", dependencies: ["CommandOptions", "Networking"]),
        .testTarget(name: "StateStoreTests", dependencies: ["StateStore", "TestSupport"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Locking", "Networking", "DemoServer", "TestSupport"]),
        .testTarget(
            name: "CachingTests",
            dependencies: ["Locking", "Caching", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Conformance/ holds the public test pictures of each format with their reference decodings.
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"], resources: [.copy("Conformance")]),
        // Photos/ holds the photographs pictures in text are measured on (the bench reads them too).
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TestSupport", "TerminalUI", "Imaging", "DemoServer", "tui-demo", "gallery"],
            resources: [.copy("Photos")]
        ),
        .testTarget(name: "DemoServerTests", dependencies: ["DemoServer", "Imaging", "TestSupport"]),
        .testTarget(name: "ImagePipelineTests", dependencies: ["Locking", "ImagePipeline", "DemoServer"]),
        .testTarget(name: "ImageGalleryTests", dependencies: ["Locking", "TestSupport", "ImageGallery", "DemoServer", "gallery"]),
        .testTarget(
            name: "PhoneLookupTests",
            dependencies: ["Locking", "TestSupport", "PhoneLookup", "DemoServer", "lookup"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FlickrFeedTests",
            // ImageGallery too: a failure must read the same in a gallery cell and a Flickr thumbnail.
            dependencies: ["Locking", "TestSupport", "FlickrFeed", "FlickrDemo", "DemoServer", "flickr", "ImageGallery"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "DemoServer", "FlickrDemo", "gallery", "lookup", "flickr",
                           // The error vocabulary's matrix renders every surface's words from the models.
                           "ImageGallery", "FlickrFeed", "PhoneLookup", "ImagePipeline", "Caching", "Networking",
                           "Imaging", "ErrorReporting"]
        ),

        // MARK: Fuzzing
        // The parsers that read outside bytes, as one entry per fuzz target; the regression suite
        // replays every input the fuzzers kept (Tests/FuzzRegressionTests/Corpus).
        .target(
            name: "FuzzEntries",
            dependencies: ["PhoneLookup", "FlickrFeed", "TerminalUI", "Imaging"],
            path: "Fuzz/Entries"
        ),
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: ["FuzzEntries"],
            resources: [.copy("Corpus")]
        ),
    ]
)

// `WORKBENCH_FUZZ=1 swift build -c debug -Xswiftc -sanitize=fuzzer,address --scratch-path .build-fuzz`
// adds the libFuzzer executables (fuzz-countries, fuzz-jpeg…); without it they do not exist, since
// they link only with libFuzzer.
if Context.environment["WORKBENCH_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzMain", dependencies: ["FuzzEntries"], path: "Fuzz/Main"))
    for name in ["countries", "phone-number", "flickr-response", "terminal-input", "jpeg", "png", "webp", "gif", "avif", "heic"] {
        package.targets.append(
            .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzEntries", "FuzzMain"], path: "Fuzz/\(name)")
        )
    }
}

// `WORKBENCH_TEST_TARGETS=NetworkingTests,CachingTests swift build --build-tests …` declares only those
// test targets and what they depend on, so a second build (CI's thread-sanitizer pass) compiles the
// suites it runs rather than the whole workbench.
if let wanted = Context.environment["WORKBENCH_TEST_TARGETS"] {
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var needed = Set<String>()
    var pending = wanted.split(separator: ",").map { String($0) }
    while let name = pending.popLast() {
        guard needed.insert(name).inserted, let target = byName[name] else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
    }
    package.targets.removeAll { !needed.contains($0.name) }
    package.products.removeAll()
}


// In release, the workbench's own modules reach the metadata of concrete generic types (a
// `[UInt64: CheckedContinuation<…>]`, a `SHA256` digest's collection) through accessor functions
// that are handed the conformances, not by mangled name: a name makes the runtime check each
// requirement by scanning every protocol conformance in the executable, once per type and
// protocol in each process. The scans left are the dependencies' (most of them ArgumentParser's
// reflection). The bench's start-up rows hold what this saves.
for target in package.targets where [.regular, .executable].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                     .when(configuration: .release)),
    ]
}

// `WORKBENCH_TSAN=1`: the workbench's own modules are compiled with the thread sanitizer and its
// dependencies as they are, so a sanitized build reuses the dependencies of the plain one in the same
// `.build` (CI's last phase: `WORKBENCH_TSAN=1 WORKBENCH_TEST_TARGETS=… swift build --build-tests`).
// TSan still sees every lock and atomic of ours and the pthread calls of everything; what it cannot
// see are plain memory accesses inside the dependencies (`swift build --sanitize=thread` covers
// them too, at the price of compiling BoringSSL and NIO again).
if Context.environment["WORKBENCH_TSAN"] != nil {
    for target in package.targets where [.regular, .test, .executable].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=thread"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=thread"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=thread"])]
    }
}
