public import Waypoint

extension NavigationState {
  /// A state for tests: a stack of the given modules (numbered `Module#1`, `Module#2`, …), and
  /// optionally something presented over it.
  ///
  /// ```swift
  /// let expected = NavigationState.fixture(["NoteList", "NoteEditor"], presenting: (.sheet, ["Login"]))
  /// ```
  ///
  /// - Parameters:
  ///   - modules: The stack's targets, bottom first; each screen's id is its target and its
  ///     number.
  ///   - presenting: How a stack is presented over the last screen, and its targets, numbered on
  ///     from the stack's; a popover's has no navigation stack. `nil`, the default, presents
  ///     nothing.
  /// - Returns: The state, with no parameters on its screens.
  public static func fixture(
    _ modules: [String], presenting: (presentation: Presentation, modules: [String])? = nil
  ) -> NavigationState {
    var number = 0
    func screens(_ names: [String]) -> [Screen] {
      names.map { name in
        number += 1
        return Screen(id: "\(name)#\(number)", target: name)
      }
    }
    var state = NavigationState(stack: screens(modules))
    if let presenting {
      state.presented = PresentedState(
        presentation: presenting.presentation, source: state.stack.last?.id,
        state: NavigationState(
          stack: screens(presenting.modules), hasNavigationStack: presenting.presentation.kind != .popover))
    }
    return state
  }

  /// The shape of the hierarchy by target, for assertions that ignore ids and parameters:
  /// `["NoteList", "NoteEditor", "sheet: Login"]`.
  public var outline: [String] {
    var lines = stack.map(\.target)
    if let detail { lines.append("detail: \(detail.target)") }
    if let presented {
      lines += presented.state.outline.map { "\(presented.presentation): \($0)" }
    }
    return lines
  }

  /// Whether the hierarchy has the same shape as `other`: the same modules, presentations and
  /// nesting, whatever the screen ids and parameters.
  public func hasSameShape(as other: NavigationState) -> Bool {
    outline == other.outline
  }
}
