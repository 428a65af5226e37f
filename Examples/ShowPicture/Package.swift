// swift-tools-version: 6.1
// A picture from a URL in the terminal, in under 30 lines, on the workbench's libraries.
import Foundation
import PackageDescription

// The workbench is this folder's grandparent; SwiftPM names a path dependency after its folder.
let workbench = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized
let workbenchName = workbench.lastPathComponent.lowercased()

let package = Package(
    name: "ShowPicture",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: workbench.path)],
    targets: [
        .executableTarget(name: "show-picture", dependencies: [
            .product(name: "ImagePipeline", package: workbenchName),
            .product(name: "Networking", package: workbenchName),
            .product(name: "TerminalUI", package: workbenchName),
        ]),
    ]
)
