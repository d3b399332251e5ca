/// The query item that marks a widget's link (see ``Origin/widgetLink(_:kind:)``).
enum WidgetMark {
  static let name = "waypoint-widget"

  static func adding(_ kind: String, to link: String) -> String {
    LinkText.appending([QueryItem(name: name, value: kind)], to: link)
  }

  /// The widget kind `url` is marked with, if any.
  static func kind(in url: String) -> String? {
    guard url.contains(name), let parsed = try? ParsedURL(url) else { return nil }
    return parsed.queryItems.first { $0.name == name }?.value
  }
}
