/// What a store holds under a code.
package struct StoredLink: Sendable, Equatable {
  /// The link (JSON), or `nil` for a tombstone: the code was removed and is never issued again.
  package var body: String?
  /// The links file's link the code was last seeded with (JSON), when any.
  package var seed: String?
}
