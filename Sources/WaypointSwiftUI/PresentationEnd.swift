#if canImport(SwiftUI)
import SwiftUI

extension View {
  /// Tells `ended` when UIKit has finished presenting the level this view is the content of, on
  /// the platforms whose SwiftUI presents with UIKit; elsewhere the view is left as it is.
  @ViewBuilder
  func reportingPresentationEnd(_ ended: (@MainActor () -> Void)?) -> some View {
    #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
    if let ended {
      background { PresentationEndReader(ended: ended) }
    } else {
      self
    }
    #else
    self
    #endif
  }
}
#endif

#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS) && !os(tvOS)
package import UIKit

/// Puts a ``PresentationEndProbe`` in the level's content: SwiftUI makes its controller a child
/// of the controller UIKit presents the level in.
struct PresentationEndReader: UIViewControllerRepresentable {
  let ended: @MainActor () -> Void

  func makeUIViewController(context: Context) -> PresentationEndProbe {
    PresentationEndProbe(ended: ended)
  }

  func updateUIViewController(_ probe: PresentationEndProbe, context: Context) {
    probe.ended = ended
  }
}

/// A controller with no content that tells when the presentation it appears in has ended.
///
/// SwiftUI has no callback for a sheet's end, and `onAppear` comes as it starts sliding in; a
/// presentation asked for before the end is dropped. UIKit's own report is exact: the
/// transition coordinator of the presentation (the transitionCoordinator page: "the active
/// transition coordinator object", found through the parents) ends, unless the user cancelled
/// it, and `viewDidAppear` comes once the view is on screen. Whichever comes first tells; a
/// second telling does nothing to the staging.
package final class PresentationEndProbe: UIViewController {
  /// What the probe tells.
  package var ended: @MainActor () -> Void

  package init(ended: @escaping @MainActor () -> Void) {
    self.ended = ended
    super.init(nibName: nil, bundle: nil)
  }

  /// Probes are made in code, never from a storyboard.
  required init?(coder: NSCoder) { nil }

  override package func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard let coordinator = transitionCoordinator else { return }
    _ = coordinator.animate(
      alongsideTransition: nil,
      completion: { [weak self] context in
        if !context.isCancelled { self?.ended() }
      })
  }

  override package func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    ended()
  }
}
#endif
