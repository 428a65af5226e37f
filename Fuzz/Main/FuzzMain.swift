import Foundation
import FuzzEntries

/// The target the process fuzzes; set once by ``runFuzzer(_:)`` before libFuzzer starts.
nonisolated(unsafe) private var currentTarget = FuzzTarget.countries

/// libFuzzer calls this for every input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = start.map { Data(bytes: $0, count: count) } ?? Data()
    currentTarget.run(input)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Hands the process to libFuzzer with `target` as what every input goes through.
///
/// SwiftPM links an executable's own `main` (its top-level code) in place of libFuzzer's, so the
/// top-level code starts libFuzzer's driver itself; the flags (`-max_total_time=600`, a corpus
/// folder…) are libFuzzer's.
package func runFuzzer(_ target: FuzzTarget) -> Never {
    currentTarget = target
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
}
