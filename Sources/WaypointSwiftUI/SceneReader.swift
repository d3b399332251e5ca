#if canImport(SwiftUI)
import SwiftUI

extension View {
  /// Tells `found` the UIKit scene (a `UIWindowScene`) the view's window is in, once the view
  /// is in a window, on the platforms whose SwiftUI runs in UIKit scenes; elsewhere the view is
  /// left as it is.
  @ViewBuilder
  func readingScene(_ found: @escaping @MainActor (AnyObject) -> Void) -> some View {
    #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
    background { SceneReader(found: found) }
    #else
    self
    #endif
  }
}
#endif

#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS) && !os(tvOS)
package import UIKit

/// Puts a ``SceneProbe`` in the host's content, whose view SwiftUI puts in the window.
struct SceneReader: UIViewControllerRepresentable {
  let found: @MainActor (AnyObject) -> Void

  func makeUIViewController(context: Context) -> SceneProbe {
    SceneProbe(found: found)
  }

  func updateUIViewController(_ probe: SceneProbe, context: Context) {
    probe.found = found
  }
}

/// A controller with no content that tells the scene its view's window is in, when it appears
/// (https://developer.apple.com/documentation/uikit/uiview/window,
/// https://developer.apple.com/documentation/uikit/uiwindow/windowscene).
package final class SceneProbe: UIViewController {
  /// What the probe tells.
  package var found: @MainActor (AnyObject) -> Void

  package init(found: @escaping @MainActor (AnyObject) -> Void) {
    self.found = found
    super.init(nibName: nil, bundle: nil)
  }

  /// Probes are made in code, never from a storyboard.
  required init?(coder: NSCoder) { nil }

  override package func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    if let scene = view.window?.windowScene { found(scene) }
  }
}
#endif
