import StateStore
@testable import TerminalUI
import Testing
@testable import PhoneLookup
@testable import lookup

@Suite("The lookup screen only draws")
@MainActor
struct LookupScreenTests {
    let flow = LookupFlow(parser: Fixtures.parser, preferredRegion: "RU")
    let size = TerminalSize(columns: 80, rows: 24)

    @Test("making the screen sends nothing, start sends .start, render changes nothing, and ? is the flow's action")
    func renderSendsNothing() {
        let countries = ControlledCountries()
        let store = LookupStore(flow: flow, countries: countries, api: ScriptedLookup())
        defer { store.cancelAll() }
        var handled: [LookupAction] = []
        store.monitor = { activity in
            if case .handled(let action, _) = activity { handled.append(action) }
        }
        let screen = LookupScreen(store: store, numbering: flow.parser.plan, language: .english)
        #expect(handled.isEmpty, "init sends nothing")
        let context = ScreenContext(size: size, capabilities: TerminalCapabilities(colorMode: .trueColor)) { _ in }
        screen.start(context: context)
        #expect(handled == [.start])
        let before = store.state
        let frame = screen.render(size: size).plainText()
        #expect(screen.render(size: size).plainText() == frame)
        #expect(handled == [.start] && store.state == before, "render sends and changes nothing")
        screen.handle(.key(.character("?")), context: context)
        #expect(handled.last == .helpToggled && store.state.isShowingHelp)
        #expect(screen.render(size: size).plainText().contains("any key closes"))
        screen.handle(.key(.character("x")), context: context)
        #expect(!store.state.isShowingHelp)
    }
}
