#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint

extension SceneLinks {
  /// How long a view controller not yet in a window waits for one before a link it opens ends
  /// as `noWindow`: a controller made and not yet shown (its `viewDidLoad`) gets its window
  /// within a frame or two.
  public static let windowWait = Duration.seconds(1)

  /// The links of the window `controller` belongs to: the one whose navigator shows it (or the
  /// screen it is inside of), whether or not its view is in the window now (under a push, in a
  /// tab not selected, under a full-screen cover: independent read, R4), else the window its
  /// view is in, if `SceneLinks` made that window.
  static func serving(_ controller: UIViewController?) -> SceneLinks? {
    byWindow = byWindow.filter { $0.value.links != nil }
    let all = byWindow.values.compactMap(\.links)
    var current = controller
    while let shown = current {
      if let links = all.first(where: { $0.navigator?.screenID(of: shown) != nil }) { return links }
      current = shown.parent
    }
    guard let window = controller?.viewIfLoaded?.window else { return nil }
    return byWindow[ObjectIdentifier(window)]?.links
  }

  /// Waits until `controller` is in a window `SceneLinks` made, at most ``windowWait``.
  ///
  /// Returns that window's links; `nil` when it never is (or the controller is gone). The
  /// controller is read through `controller`, so waiting does not keep it alive.
  static func waitForWindow(of controller: @MainActor () -> UIViewController?) async -> SceneLinks? {
    let step = Duration.milliseconds(16)
    var waited = Duration.zero
    while waited < windowWait, controller() != nil {
      try? await Task.sleep(for: step)
      waited += step
      if let links = serving(controller()) { return links }
      // In a window no `SceneLinks` of the app made: none will serve it.
      if controller()?.viewIfLoaded?.window != nil { return nil }
    }
    return nil
  }
}
#endif
