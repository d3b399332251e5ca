#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
public import UIKit
public import Waypoint

extension UIViewController {
  /// Opens `link` in this controller's window, in one line: `openLink("/note/7")`.
  ///
  /// ```swift
  /// override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
  ///   openLink("/note/\(notes[indexPath.row].id)")
  /// }
  /// ```
  ///
  /// The window is the one `SceneLinks` made for the controller's scene: the link lands there,
  /// never in another window. A controller not yet in a window (made, not yet shown) waits for
  /// one, at most ``SceneLinks/windowWait``, and then ends as `noWindow`; one in a window that
  /// `SceneLinks(app:scene:options:)` did not make (links wired by hand) ends as `noWindow` at once.
  ///
  /// - Parameters:
  ///   - link: The link (`"/note/7"`, `"notes://note/7"`).
  ///   - presentation: How to show the screen this time; `nil` for its route's.
  ///   - extras: In-process values for the handler.
  /// - Returns: The opening, whose outcome resolves exactly once.
  @discardableResult
  public func openLink(
    _ link: String, presentation: Presentation? = nil, extras: [String: any Sendable] = [:]
  ) -> LinkOpening {
    if let links = SceneLinks.serving(self) { return links.openLinkAction(link, presentation, extras) }
    let opening = LinkOpening(link, window: nil)
    // In a window no `SceneLinks(app:scene:options:)` made (links wired by hand, the app's own
    // overlay window): no window of the app will take it (independent read, V1).
    if viewIfLoaded?.window != nil {
      opening.finish(.noWindow)
      return opening
    }
    Task { @MainActor [weak self] in
      guard let links = await SceneLinks.waitForWindow(of: { self }) else { return opening.finish(.noWindow) }
      let opened = links.openLinkAction(link, presentation, extras)
      opening.window = opened.window
      opened.whenFinished { opening.finish($0) }
    }
    return opening
  }

  /// Opens a typed link in this controller's window; see ``openLink(_:presentation:extras:)-(String,_,_)``.
  ///
  /// - Parameters:
  ///   - link: The link; a value no URL can carry ends it as `failed`.
  ///   - presentation: How to show the screen this time; `nil` for its route's.
  ///   - extras: In-process values for the handler.
  /// - Returns: The opening, whose outcome resolves exactly once.
  @discardableResult
  public func openLink(
    _ link: some RoutableLink, presentation: Presentation? = nil, extras: [String: any Sendable] = [:]
  ) -> LinkOpening {
    do {
      return openLink(try link.url, presentation: presentation, extras: extras)
    } catch {
      let opening = LinkOpening(String(describing: link), window: nil)
      opening.finish(.failed(error))
      return opening
    }
  }

  /// Closes the screen this controller shows, in one line: `closeScreen()`.
  ///
  /// The screen is this controller's, or the one it is inside of (a child of the screen's
  /// controller, the root of a screen that is a navigation controller). A pushed screen pops with what is above it, the root of a presented stack
  /// dismisses it, a tab's first screen stays (see `ScreenClosing`).
  ///
  /// On the screen a sign-in gate showed, it is the user cancelling sign-in: the links waiting
  /// for it in this window are dropped.
  ///
  /// - Returns: The close, whose outcome resolves exactly once: `notShown` for a controller that
  ///   is no screen of a window of the app.
  @discardableResult
  public func closeScreen() -> ScreenClosing {
    guard let links = SceneLinks.serving(self), let navigator = links.navigator else {
      return CloseScreenAction.outsideWindow()
    }
    var controller: UIViewController? = self
    while let current = controller {
      if let screen = navigator.screenID(of: current) { return links.closeScreenAction(screen) }
      controller = current.parent
    }
    return CloseScreenAction.outsideWindow()
  }
}
#endif
