#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A manifest replacement offered to a ``RouterHolder``: applied, or refused with the reason.
public struct ManifestEvent: Sendable, CustomStringConvertible {
  /// What happened to the manifest.
  public enum Outcome: String, Sendable, Hashable {
    /// It was swapped in.
    case applied
    /// The current router stays; ``ManifestEvent/error`` says why.
    case refused
  }

  /// What happened to the manifest.
  public let outcome: Outcome
  /// The offered manifest's revision, when it could be read.
  public let revision: Int?
  /// The revision in use before the replacement.
  public let previousRevision: Int?
  /// Why the manifest was refused.
  public let error: BuildError?

  /// Makes an event; the holder makes them, tests may make their own.
  package init(outcome: Outcome, revision: Int?, previousRevision: Int?, error: BuildError?) {
    self.outcome = outcome
    self.revision = revision
    self.previousRevision = previousRevision
    self.error = error
  }

  /// `applied revision 7 (was 6)` or `refused revision 5: <reason>`.
  public var description: String {
    let offered = revision.map { "revision \($0)" } ?? "a manifest"
    let was = previousRevision.map { " (in use: \($0))" } ?? ""
    switch outcome {
    case .applied: return "applied \(offered)\(was)"
    case .refused: return "refused \(offered)\(was): \(error?.description ?? "no reason")"
    }
  }
}
