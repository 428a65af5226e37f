import Testing

/// Every gallery test that runs a DemoServer or spawns a process, one suite at a time.
///
/// A child spawned while a server socket is open inherits it (the shared `Subprocess` and tmux
/// helpers do not close descriptors in the child), and then a stopped server still accepts and a
/// dropped connection never closes. Running these one after another keeps each test's sockets to itself.
@Suite("Gallery against real servers and processes", .serialized)
struct ServerAndProcessTests {}
