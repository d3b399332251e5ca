#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hears every screen event of a ``ScreenViews``.
///
/// Called synchronously on the main actor, in registration order; keep the work short.
///
/// ```swift
/// struct Breadcrumbs: ScreenObserver {
///   func shown(_ event: ScreenEvent) { crashReporter.leaveBreadcrumb("screen \(event.screenName)") }
/// }
/// ```
public protocol ScreenObserver: Sendable {
  /// A screen became visible.
  @MainActor func shown(_ event: ScreenEvent)
  /// A screen stopped being visible.
  @MainActor func hidden(_ event: ScreenEvent)
}

extension ScreenObserver {
  /// Does nothing.
  public func shown(_ event: ScreenEvent) {}
  /// Does nothing.
  public func hidden(_ event: ScreenEvent) {}
}
