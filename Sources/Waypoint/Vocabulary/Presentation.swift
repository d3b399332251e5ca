/// How a destination is shown.
///
/// In manifests and JSON a presentation is a string: `push`, `present`, `present(formSheet)`,
/// `sheet`, `popover`, `fullScreen`, `replaceRoot`, `addChild`, `show`, `showDetail`,
/// `custom(banner)` or `none`.
public enum Presentation: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Onto the navigation stack of the source.
  case push
  /// Modally, with a style (`automatic`, `formSheet`, `pageSheet`…).
  case present(style: String)
  /// As a sheet.
  case sheet
  /// As a popover holding one screen (no navigation stack of its own); `present(popover)` shows
  /// a navigation stack in a popover.
  case popover
  /// Modally, covering the screen.
  case fullScreen
  /// As the new root, replacing everything shown.
  case replaceRoot
  /// As a child of the source screen.
  case addChild
  /// Pushed when the source has a navigation stack, presented otherwise.
  case show
  /// In the detail column, replacing what was there.
  case showDetail
  /// With an app-defined transition; the headless navigator presents it modally.
  case custom(name: String)
  /// Made, not shown.
  case none

  /// The presentation's kind, without its argument.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    case push, present, sheet, popover, fullScreen, replaceRoot, addChild, show, showDetail, custom, none
  }

  /// The kind, without the argument.
  public var kind: Kind {
    switch self {
    case .push: return .push
    case .present: return .present
    case .sheet: return .sheet
    case .popover: return .popover
    case .fullScreen: return .fullScreen
    case .replaceRoot: return .replaceRoot
    case .addChild: return .addChild
    case .show: return .show
    case .showDetail: return .showDetail
    case .custom: return .custom
    case .none: return .none
    }
  }

  /// The style of `present(popover)`: a navigation stack shown in a popover, which a route
  /// presenting its stack as a popover makes.
  package static let popoverStyle = "popover"

  /// Whether the destination is shown as a popover: `popover`, or `present(popover)` with its
  /// stack.
  package var isPopover: Bool { self == .popover || self == .present(style: Self.popoverStyle) }

  /// Whether the destination is shown modally over its source.
  package var isModal: Bool {
    switch kind {
    case .present, .sheet, .popover, .fullScreen, .custom: return true
    default: return false
    }
  }

  /// Reads a presentation from its string form; `nil` for anything else.
  public init?(_ text: String) {
    if let kind = Kind(rawValue: text) {
      switch kind {
      case .present: self = .present(style: "automatic")
      case .custom: return nil
      case .push: self = .push
      case .sheet: self = .sheet
      case .popover: self = .popover
      case .fullScreen: self = .fullScreen
      case .replaceRoot: self = .replaceRoot
      case .addChild: self = .addChild
      case .show: self = .show
      case .showDetail: self = .showDetail
      case .none: self = .none
      }
      return
    }
    for (prefix, make) in [("present(", { Presentation.present(style: $0) }), ("custom(", { .custom(name: $0) })]
    where text.hasPrefix(prefix) && text.hasSuffix(")") {
      let argument = String(text.dropFirst(prefix.count).dropLast())
      guard !argument.isEmpty, argument.allSatisfy(Self.isArgumentCharacter) else { return nil }
      self = make(argument)
      return
    }
    return nil
  }

  /// The string forms ``init(_:)`` reads, for messages about one it does not:
  /// `addChild, fullScreen, …, present(style), custom(name)`.
  package static let knownForms =
    (Kind.allCases.filter { $0 != .custom }.map(\.rawValue).sorted() + ["present(style)", "custom(name)"])
    .joined(separator: ", ")

  /// Letters, digits, `_`, `-` and `.`: what a style or custom name may hold.
  private static func isArgumentCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
  }

  /// The string form, such as `present(formSheet)` or `push`.
  public var description: String {
    switch self {
    case .present(let style): return style == "automatic" ? "present" : "present(\(style))"
    case .custom(let name): return "custom(\(name))"
    default: return kind.rawValue
    }
  }

  /// Decodes the string form.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let presentation = Presentation(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "unknown presentation '\(text)'"))
    }
    self = presentation
  }

  /// Encodes the string form.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
