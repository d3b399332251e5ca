/// Who may reach a route.
public enum Exposure: String, Sendable, Hashable, CaseIterable {
  /// Only the app itself (the default).
  case `internal`
  /// Links from outside the app too.
  case `public`
}
