import Foundation
import Testing
import Waypoint

func screen(_ id: String, _ parameters: [String: String] = [:]) -> Screen {
  Screen(id: id, target: String(id.split(separator: "#")[0]), parameters: parameters)
}

@Suite("Navigation state: presentations and inverses")
struct NavigationStateTests {
  func rooted() throws -> NavigationState {
    var state = NavigationState()
    _ = try state.show(NavigationTransition(.replaceRoot, screen: screen("List#1")))
    return state
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let presentation: Presentation
    let check: @Sendable (NavigationState) -> Bool
    var testDescription: String { presentation.description }
  }

  static let cases: [Case] = [
    Case(presentation: .push) { $0.stack.map(\.id) == ["List#1", "New#9"] },
    Case(presentation: .show) { $0.stack.map(\.id) == ["List#1", "New#9"] },
    Case(presentation: .present(style: "formSheet")) {
      $0.presented?.presentation == .present(style: "formSheet") && $0.presented?.source == "List#1"
        && $0.presented?.state.stack.map(\.id) == ["New#9"]
    },
    Case(presentation: .sheet) { $0.presented?.presentation == .sheet && $0.topScreen?.id == "New#9" },
    Case(presentation: .fullScreen) { $0.presented?.presentation == .fullScreen },
    Case(presentation: .popover) { $0.presented?.state.hasNavigationStack == false },
    Case(presentation: .custom(name: "banner")) { $0.presented?.presentation == .custom(name: "banner") },
    Case(presentation: .addChild) { $0.stack[0].children.map(\.id) == ["New#9"] },
    Case(presentation: .showDetail) { $0.detail?.id == "New#9" },
    Case(presentation: .replaceRoot) { $0.stack.map(\.id) == ["New#9"] && $0.presented == nil },
    Case(presentation: .none) { $0.stack.map(\.id) == ["List#1"] },
  ]

  @Test("each presentation changes the state as a real UI would, and its inverse restores it", arguments: cases)
  func applyAndRevert(_ testCase: Case) throws {
    let before = try rooted()
    var state = before
    let change = try state.show(NavigationTransition(testCase.presentation, screen: screen("New#9", ["id": "9"])))
    #expect(testCase.check(state), "\(state.tree)")
    if testCase.presentation == .none {
      #expect(!state.canRemove(change))
      return
    }
    #expect(state.canRemove(change))
    try state.remove(change)
    #expect(state == before)
  }

  @Test("popping a pushed screen also pops what was pushed above it and dismisses what it presented")
  func popAbove() throws {
    var state = try rooted()
    let editor = try state.show(NavigationTransition(.push, screen: screen("Editor#2")))
    _ = try state.show(NavigationTransition(.push, screen: screen("Preview#3")))
    _ = try state.show(NavigationTransition(.sheet, screen: screen("Share#4")))
    try state.remove(editor)
    #expect(state == (try rooted()))
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    let name: String
    let transition: NavigationTransition
    let message: String
    var testDescription: String { name }
  }

  static let invalid: [Invalid] = [
    Invalid(
      name: "source not on screen", transition: NavigationTransition(.push, screen: screen("X#5"), from: "Nope#1"),
      message: "the source 'Nope#1' is not on screen"),
    Invalid(
      name: "covered source", transition: NavigationTransition(.push, screen: screen("X#5"), from: "List#1"),
      message: "'List#1' is already presenting 'Menu#2'"),
    Invalid(
      name: "push onto a popover", transition: NavigationTransition(.push, screen: screen("X#5")),
      message: "it has no navigation stack (it is a popover)"),
    Invalid(
      name: "second presentation", transition: NavigationTransition(.sheet, screen: screen("X#5"), from: "List#1"),
      message: "'List#1' is already presenting 'Menu#2'; it cannot show 'X' until that is dismissed"),
    Invalid(
      name: "duplicate id", transition: NavigationTransition(.sheet, screen: screen("Menu#2")),
      message: "a screen with the id 'Menu#2' is already shown"),
  ]

  @Test("a presentation leaves with its source: reverting what presents (detail, child, pushed parent), or removing it")
  func presentationLeavesWithItsSource() throws {
    var state = NavigationState()
    _ = try state.show(NavigationTransition(.replaceRoot, screen: Screen(id: "S#1", target: "List")))
    let detail = try state.show(NavigationTransition(.showDetail, screen: Screen(id: "S#3", target: "Editor")))
    _ = try state.show(NavigationTransition(.popover, screen: Screen(id: "S#4", target: "Editor"), from: "S#3"))
    try state.remove(detail)
    #expect(state == NavigationState(stack: [Screen(id: "S#1", target: "List")]), "found by FuzzNavigation")
    let child = try state.show(NavigationTransition(.addChild, screen: Screen(id: "C#5", target: "Card")))
    _ = try state.show(NavigationTransition(.sheet, screen: Screen(id: "S#6", target: "Editor"), from: "C#5"))
    var reported = state
    try state.remove(child)
    #expect(state.presented == nil)
    #expect(try reported.reconcile(.removedChild(screen: "C#5")).map(\.id) == ["C#5", "S#6"])
    #expect(reported.presented == nil)
    let pushed = try state.show(NavigationTransition(.push, screen: Screen(id: "S#7", target: "List")))
    _ = try state.show(NavigationTransition(.addChild, screen: Screen(id: "C#8", target: "Card")))
    _ = try state.show(NavigationTransition(.popover, screen: Screen(id: "S#9", target: "Editor"), from: "C#8"))
    try state.remove(pushed)
    #expect(state.presented == nil, "popping a screen takes away what its children presented")
  }

  @Test("invalid sources are refused with invalidSource", arguments: invalid)
  func invalidSource(_ testCase: Invalid) throws {
    var state = try rooted()
    _ = try state.show(NavigationTransition(.popover, screen: screen("Menu#2")))
    let before = state
    #expect {
      try state.show(testCase.transition)
    } throws: { error in
      (error as? NavigationError).map { $0.code == .invalidSource && $0.message.contains(testCase.message) } ?? false
    }
    #expect(state == before)
  }

  @Test("no push without a stack, and not from below the top; nothing to show from an empty state")
  func pushRules() throws {
    var state = try rooted()
    _ = try state.show(NavigationTransition(.push, screen: screen("Editor#2")))
    #expect(throws: NavigationError.self) {
      try state.show(NavigationTransition(.push, screen: screen("X#3"), from: "List#1"))
    }
    var empty = NavigationState()
    #expect(throws: NavigationError.self) { try empty.show(NavigationTransition(.push, screen: screen("X#3"))) }
  }

  @Test("removing after the screen is gone is screenGone")
  func gone() throws {
    var state = try rooted()
    let pushed = try state.show(NavigationTransition(.push, screen: screen("Editor#2")))
    _ = try state.show(NavigationTransition(.replaceRoot, screen: screen("Home#3")))
    #expect(!state.canRemove(pushed))
    #expect(throws: NavigationError.self) { try state.remove(pushed) }
  }

  @Test("a whole hierarchy saves to JSON and restores equal")
  func codable() throws {
    var state = try rooted()
    _ = try state.show(NavigationTransition(.push, screen: screen("Editor#2", ["id": "42"])))
    _ = try state.show(NavigationTransition(.addChild, screen: screen("Toolbar#3")))
    _ = try state.show(NavigationTransition(.showDetail, screen: screen("Preview#4")))
    _ = try state.show(NavigationTransition(.present(style: "pageSheet"), screen: screen("Settings#5")))
    _ = try state.show(NavigationTransition(.popover, screen: screen("Help#6")))
    let data = try JSONEncoder().encode(state)
    let restored = try JSONDecoder().decode(NavigationState.self, from: data)
    #expect(restored == state)
    #expect(String(decoding: data, as: UTF8.self).contains(#""presentation":"present(pageSheet)""#))
    #expect(state.tree.contains("⇡ present(pageSheet) from Editor#2"))
  }

  @Test(
    "a screen saved under its old key, module, reads as its target; it is written as target; missing values take defaults"
  )
  func screenKeys() throws {
    let old = Data(#"{"id":"Editor#2","module":"Editor","parameters":{"id":"42"},"children":[]}"#.utf8)
    let screen = try JSONDecoder().decode(Screen.self, from: old)
    #expect(screen == Screen(id: "Editor#2", target: "Editor", parameters: ["id": "42"]))
    let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(screen)) as? [String: Any]
    #expect(written?["target"] as? String == "Editor")
    #expect(written?["module"] == nil)
    let bare = Data(#"{"id":"List#1","target":"List"}"#.utf8)
    #expect(try JSONDecoder().decode(Screen.self, from: bare) == Screen(id: "List#1", target: "List"))
    let neither = Data(#"{"id":"Editor#2"}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Screen.self, from: neither) }
  }

  @Test(
    "presentations read and print their string form",
    arguments: [
      "push", "present", "present(formSheet)", "sheet", "popover", "fullScreen", "replaceRoot", "addChild", "show",
      "showDetail", "custom(banner)", "none",
    ])
  func strings(_ text: String) throws {
    #expect(try #require(Presentation(text)).description == text)
  }

  @Test("unknown presentation strings are refused")
  func unknownStrings() {
    for text in ["pushh", "present()", "custom()", "custom", ""] { #expect(Presentation(text) == nil, "\(text)") }
  }
}
