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
    if let tabs {
      for tab in tabs.tabs {
        lines.append(indent + "▤ tab \(tab.id)" + (tab.id == tabs.selected ? " (selected)" : ""))
        lines += Self.lines(stack: tab.stack, split: tab.split, indent: indent + "  ")
      }
    } else {
      lines += Self.lines(stack: stack, split: split, indent: indent)
    }
    if let detail { lines += Self.lines(detail, indent: indent, marker: "◫ detail:") }
    if let presented {
      let inner = indent + String(repeating: "  ", count: tabs == nil ? max(stack.count, 1) : 1)
      lines.append(inner + "⇡ \(presented.presentation)" + (presented.source.map { " from \($0)" } ?? ""))
      lines += presented.state.lines(indent: inner + "  ")
    }
    return lines
  }

  private static func lines(stack: [Screen], split: SplitColumns?, indent: String) -> [String] {
    var lines: [String] = []
    if stack.isEmpty { lines.append(indent + "(empty)") }
    for (level, screen) in stack.enumerated() {
      lines += Self.lines(screen, indent: indent + String(repeating: "  ", count: level), marker: "▸")
    }
    guard let split else { return lines }
    let columns = (split.supplementary.map { [("supplementary", $0)] } ?? []) + [("secondary", split.secondary)]
    for (name, screens) in columns {
      lines.append(indent + "◫ \(name)" + (split.isCollapsed ? " (collapsed)" : ""))
      if screens.isEmpty { lines.append(indent + "  (empty)") }
      for (level, screen) in screens.enumerated() {
        lines += Self.lines(screen, indent: indent + String(repeating: "  ", count: level + 1), marker: "▸")
      }
    }
    return lines
  }

  private static func lines(_ screen: Screen, indent: String, marker: String) -> [String] {
    [indent + marker + " " + screen.description]
      + screen.children.flatMap { lines($0, indent: indent + "    ", marker: "◦ child:") }
  }
}
