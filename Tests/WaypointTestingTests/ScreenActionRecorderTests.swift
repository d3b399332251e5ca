import Testing
import Waypoint
import WaypointTesting

/// A screen's own calls, recorded without a router or a window (issue 70, part 5).
@MainActor
@Suite("ScreenActionRecorder")
struct ScreenActionRecorderTests {
  /// A screen of the app's: a row that opens its note, a Cancel that closes the screen.
  @MainActor struct NoteRow {
    let id: Int
    var openLink: OpenLinkAction
    var closeScreen: CloseScreenAction

    func tapped() { openLink("/note/\(id)") }
    func tappedAsSheet() { openLink("/note/\(id)", presentation: .sheet, extras: ["from": "row"]) }
    func cancelled() { closeScreen() }
  }

  @Test("what a screen opened and closed, with the window, each outcome resolved once")
  func records() async {
    let recorder = ScreenActionRecorder()
    let row = NoteRow(
      id: 7, openLink: recorder.openLink(window: "A"), closeScreen: recorder.closeScreen("Note#7", window: "A"))
    row.tapped()
    row.tappedAsSheet()
    row.cancelled()
    #expect(
      recorder.opened == [
        .init(link: "/note/7", window: "A"), .init(link: "/note/7", window: "A", presentation: .sheet),
      ])
    #expect(recorder.extras.last?["from"] as? String == "row")
    #expect(recorder.closed == [.init(screen: "Note#7", window: "A")])
    recorder.openOutcome = { _ in .noWindow }
    let opening = recorder.openLink(window: "B")("/note/8")
    var heard = 0
    opening.whenFinished { _ in heard += 1 }
    opening.finish(.failed(RoutingError(.notFound, "again")))
    opening.whenFinished { _ in heard += 1 }
    guard case .noWindow? = opening.outcome else {
      Issue.record("\(String(describing: opening.outcome))")
      return
    }
    #expect(heard == 2, "each listener once; a second end changes nothing")
    #expect(await recorder.closeScreen()().finished == .closed)
  }

  @Test("a call outside any window fails the test, naming its file and line")
  func outsideAnyWindow() {
    _ = ScreenActionRecorder()
    let line = #line + 2
    withKnownIssue {
      OpenLinkAction.outside("/note/1")
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "ScreenActionRecorderTests.swift"
        && issue.comments.contains { $0.rawValue.contains("openLink(\"/note/1\") was called outside any window") }
    }
    withKnownIssue {
      CloseScreenAction.outside()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("closeScreen() was called outside any screen") }
    }
  }
}

extension ScreenActionRecorderTests {
  @Test("R13: a host's own action without a window id is no call outside any window")
  func windowlessHostIsInside() {
    _ = ScreenActionRecorder()
    let action = OpenLinkAction(window: nil) { link, _, _ in
      let opening = ScreenActionRecorder().openLink()(link)
      return opening
    }
    action("/note/2")  // recorded no issue: the test fails if one is
  }
}
