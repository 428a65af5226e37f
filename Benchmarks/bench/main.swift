// `swift run -c release bench [scenario...]`: prints one row per scenario beside its reference.
import Foundation

let registry: [Scenario] = foundationScenarios + imagingScenarios + modernFormatScenarios + animationScenarios + terminalScenarios
    + textArtScenarios + zoomScenarios
    + galleryScenarios + lookupScenarios + serveScenarios + flickrScenarios + networkScenarios

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == sixelEncodeArgument {
    runSixelEncode(CommandLine.arguments[2])
}
let wanted = Set(CommandLine.arguments.dropFirst())
if wanted.contains("--help") || wanted.contains("-h") {
    print("usage: bench [scenario ...]\nscenarios: \(registry.map(\.name).joined(separator: " "))")
    exit(0)
}
let unknown = wanted.subtracting(registry.map(\.name))
guard unknown.isEmpty else {
    FileHandle.standardError.write(Data("bench: unknown scenario(s): \(unknown.sorted().joined(separator: ", "))\n".utf8))
    exit(64)
}
let chosen = wanted.isEmpty ? registry : registry.filter { wanted.contains($0.name) }
var table = ResultTable()
for scenario in chosen {
    do {
        let rows = try await scenario.run()
        for row in rows { table.add(row) }
    } catch {
        table.add(Row(scenario: scenario.name, figure: "failed: \(error)", reference: "-", target: "-", met: false))
    }
    table.printLast()
}
table.printSummary()
