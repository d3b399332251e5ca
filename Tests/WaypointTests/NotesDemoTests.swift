import Testing
import Waypoint
import WaypointExamples

@MainActor
@Suite("The notes app demo")
struct NotesDemoTests {
  func output() async throws -> String {
    var lines: [String] = []
    try await NotesDemo.run { lines.append($0) }
    return lines.joined(separator: "\n")
  }

  @Test("every step of the demo shows what it promises")
  func steps() async throws {
    let text = try await output()
    let expectations = [
      "1. Cold start: the note list becomes the root\n   open notes://notes  [internal]\n   → replaceRoot NoteList#1\n   │ ▸ NoteList#1",
      "   ⏸ parked until 'signIn': notes://note/42/edit\n   → sheet Login#2 {next=notes://note/42/edit}",
      "   │   ⇡ sheet from NoteList#1\n   │     ▸ Login#2 {next=notes://note/42/edit}",
      "removed Login#2 (it was a sheet)\n   resume signIn\n   → did notes://note/42/edit\n   │ ▸ NoteList#1\n"
        + "   │   ▸ NoteEditor#3 {id=42, mode=edit}",
      "   │     ⇡ present(formSheet) from NoteEditor#3\n   │       ▸ Settings#4 {section=privacy}",
      "removed Settings#4 (it was a present(formSheet))",
      "open notes://note/42/edit  [external]\n   ✗ notFound: no route matches 'notes://note/42/edit'",
      "→ push NoteEditor#5 {id=7, mode=read, ref=mail}",
      "✗ rejected: refused signed link 'notes://note/8?",
      "the signature does not match",
      "removed NoteEditor#5 (it was a push)",
      "A second window has its own state; a link opens in the window it arrived in",
      "   window-1:\n   │ ▸ NoteList#1\n   │   ▸ NoteEditor#2 {id=4, mode=read}\n   window-2:\n   │ ▸ NoteList#1\n   │   ▸ NoteEditor#2 {id=3, mode=read}",
      "   open notes://search/5  [in tabs]\n   plan: selectTab search; setStack search [NoteList#1]\n"
        + "   → push NoteEditor#2 {id=5, mode=read}",
      "   presentedPolicy = .refuse\n   open notes://search/6  [in tabs]\n   ✗ handlerFailed:",
      "coveredByPresentation: the link to 'NoteEditor' does not open while 'Login#3' is presented",
      "   │     ▸ Login#3\n   │       ▸ NoteEditor#4 {id=6, mode=read}",
      "   presentedPolicy = .dismiss\n   open notes://search/6  [in tabs]\n   plan: dismiss @0; setStack search [NoteList#1]",
      "reselectedTab search → left: NoteEditor#5\n   │ ▤ tab notes\n   │   (empty)\n   │ ▤ tab search (selected)\n   │   ▸ NoteList#1\n",
      "restored tab bar equals the saved one: true",
      // Every way in: links wait for the app, the newest wins, each door has its origin.
      "   #2 dropped notes://note/11?kid=notes-2026&exp=1800003600&sig=REDACTED (superseded by #3)",
      "   #3 did notes://note/12?kid=notes-2026&exp=1800003600&sig=REDACTED",
      "   #4 received notes://note/21  [quickAction [type=recent-note]]",
      "   #5 received notes://note/22  [spotlight [identifier=notes://note/22]]",
      "  [widget [kind=RecentNote]]",
      "   #6 did notes://note/23?kid=notes-2026&exp=1800003600&sig=REDACTED",
      "   #7 received notes://note/24  [appIntent [intent=OpenNoteIntent]]",
      "   #7 did notes://note/24",
      "   #8 received notes://note/31?utm_source=newsletter&token=REDACTED&kid=notes-2026&exp=1800003600&sig=REDACTED"
        + "  [external] campaign: utm_source=newsletter",
      "   #8 will notes://note/31?utm_source=newsletter&token=REDACTED&kid=notes-2026&exp=1800003600&sig=REDACTED → note",
      "restored state equals the saved one: true",
    ]
    for expected in expectations { #expect(text.contains(expected), "\(expected)") }
  }

  @Test("the demo ends where it should: the note list with the edited note on it")
  func finalState() async throws {
    let text = try await output()
    #expect(text.hasSuffix("restored state equals the saved one: true"))
    #expect(text.contains(#"{"hasNavigationStack":true,"stack":[{"children":[],"id":"NoteList#1""#))
    let events = text.split(separator: "\n").filter { $0.hasPrefix("   #") }
    #expect(events.count > 20)
    #expect(!events.contains { $0.contains("s3cr3t") }, "the token is redacted in every event")
  }

  @Test("in the app's tabbed shape, a note link selects the notes tab and opens beside the list")
  func tabbedShape() async throws {
    let app = try NotesApp(now: { NotesDemo.now })
    app.loginService.signIn("ann")
    let (windows, router) = try app.windows()
    let navigator = HeadlessNavigator(
      state: NavigationState(
        tabs: TabContainer(
          [
            NavigationTab(id: "notes", stack: [Screen(id: "NoteList#1", target: "NoteList")], split: SplitColumns()),
            NavigationTab(id: "search", stack: [Screen(id: "NoteList#2", target: "NoteList")]),
            NavigationTab(id: "settings", stack: [Screen(id: "Settings#3", target: "Settings")]),
          ], selected: "settings")))
    _ = windows.add("ipad", navigator: navigator)
    let note = try await router.open("notes://note/5", extras: [WindowCoordinators.windowExtra: "ipad"])
      .value(as: ShownModule.self)
    #expect(navigator.state.tabs?.selected == "notes")
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.id) == ["NoteList#1"])
    #expect(navigator.state.tabs?["notes"]?.split?.secondary.map(\.id) == [note.screen.id])
    #expect(note.parameters["id"] == "5")
  }
}
