// libFuzzer entry for FuzzTarget.heic: `WORKBENCH_FUZZ=1 swift build -c debug -Xswiftc -sanitize=fuzzer,address`.
import FuzzEntries
import FuzzMain

runFuzzer(.heic)
