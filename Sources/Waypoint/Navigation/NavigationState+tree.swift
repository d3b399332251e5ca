extension NavigationState {
  /// The hierarchy as indented lines, for logs, tests and the demo.
  ///
  /// For example:
  ///
  /// ```
  /// ▸ NoteList#1
  ///   ▸ NoteEditor#2 {id=42}
  ///   ⇡ sheet from NoteEditor#2
  ///     ▸ Login#3
  /// ```
  public var tree: String {
    lines(indent: "").joined(separator: "\n")
  }

  private func lines(indent: String) -> [String] {
    var lines: [String] = []
    if stack.isEmpty { lines.append(indent + "(empty)") }
    for (depth, screen) in stack.enumerated() {
      lines += Self.lines(screen, indent: indent + String(repeating: "  ", count: depth), marker: "▸")
    }
    if let detail { lines += Self.lines(detail, indent: indent, marker: "◫ detail:") }
    if let presented {
      let inner = indent + String(repeating: "  ", count: max(stack.count, 1))
      lines.append(inner + "⇡ \(presented.presentation)" + (presented.source.map { " from \($0)" } ?? ""))
      lines += presented.state.lines(indent: inner + "  ")
    }
    return lines
  }

  private static func lines(_ screen: Screen, indent: String, marker: String) -> [String] {
    [indent + marker + " " + screen.description]
      + screen.children.flatMap { lines($0, indent: indent + "    ", marker: "◦ child:") }
  }
}
