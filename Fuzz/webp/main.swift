// libFuzzer entry for FuzzTarget.webp: `WORKBENCH_FUZZ=1 swift build -c debug -Xswiftc -sanitize=fuzzer,address`.
import FuzzEntries
import FuzzMain

runFuzzer(.webp)
