import Synchronization

/// Whether the change under way is a sign-in gate's (the user signed out, or in): it must land
/// even under what the app presents on its own (an account sheet, a share sheet), which a
/// navigator then dismisses rather than refusing the change (independent read, R1: a protected
/// screen stayed under the app's sheet after sign-out).
package enum GateChange {
  /// `true` while a gate's change is carried out.
  @TaskLocal package static var isUnderway = false
}
