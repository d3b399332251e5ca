/// How a tab bar shows a tab: a title, an image and a badge, declared beside the tab
/// (``NavigationTab/init(_:root:title:systemImage:image:badge:)``).
///
/// `SceneLinks` makes each tab's `UITabBarItem` from it and `WaypointHost` each `Tab`'s label;
/// `WaypointApp.setBadge(_:onTab:)` changes a badge while the app runs. It is how the app looks,
/// not where the user is: a restored state takes the items of the app's start, not those saved.
public struct TabItem: Sendable, Hashable, Codable {
  /// An image: an SF Symbol by name, or an image of the app's asset catalog by name.
  public enum Image: Sendable, Hashable {
    /// A system symbol (`UIImage(systemName:)`, SwiftUI's `systemImage:`).
    case system(String)
    /// An image in the app's asset catalog (`UIImage(named:)`, SwiftUI's `image:`).
    case named(String)
  }

  /// The title; `nil` shows the tab's id.
  public var title: String?
  /// The image, if any.
  public var image: Image?
  /// The badge the tab starts with (`"3"`, `"New"`), or `nil` for none.
  public var badge: String?

  /// An item.
  ///
  /// - Parameters:
  ///   - title: The title; `nil` shows the tab's id.
  ///   - image: The image, if any.
  ///   - badge: The badge it starts with.
  public init(title: String? = nil, image: Image? = nil, badge: String? = nil) {
    self.title = title
    self.image = image
    self.badge = badge
  }

  private enum CodingKeys: String, CodingKey {
    case title, systemImage, image, badge
  }

  /// Reads an item: `{"title": "Notes", "systemImage": "note.text", "badge": "3"}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let symbol = try container.decodeIfPresent(String.self, forKey: .systemImage)
    let named = try container.decodeIfPresent(String.self, forKey: .image)
    self.init(
      title: try container.decodeIfPresent(String.self, forKey: .title),
      image: symbol.map(Image.system) ?? named.map(Image.named),
      badge: try container.decodeIfPresent(String.self, forKey: .badge))
  }

  /// Writes the item as ``init(from:)`` reads it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(title, forKey: .title)
    switch image {
    case .system(let name): try container.encode(name, forKey: .systemImage)
    case .named(let name): try container.encode(name, forKey: .image)
    case nil: break
    }
    try container.encodeIfPresent(badge, forKey: .badge)
  }
}
