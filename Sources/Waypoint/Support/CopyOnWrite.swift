/// A value type's fields behind one reference, copied only when changed while shared.
///
/// Routes and requests travel through every middleware, handler, result, event and resolution;
/// kept this way, a copy costs one retain instead of one per field.
///
/// ```swift
/// struct Card {
///   private var storage = CopyOnWrite((title: "", tags: [String]()))
///   var title: String {
///     get { storage.fields.title }
///     set { storage.edit { $0.title = newValue } }
///   }
/// }
/// ```
struct CopyOnWrite<Shared: Sendable>: Sendable {
  /// The shared fields.
  ///
  /// `@unchecked Sendable`: `CopyOnWrite.edit(_:)` changes them only when one value holds the
  /// box, so no other thread can see the change.
  private final class Box: @unchecked Sendable {
    // Unchecked: a box is changed only by the one value that holds it (`edit(_:)`), so no read
    // can overlap a write; the runtime's check cost four of every hundred instructions of a
    // `Router.resolve`.
    @exclusivity(unchecked) var fields: Shared

    init(_ fields: Shared) {
      self.fields = fields
    }
  }

  private var box: Box

  init(_ fields: Shared) {
    box = Box(fields)
  }

  /// The fields, read in place (a read of one field does not copy the others).
  var fields: Shared {
    _read { yield box.fields }
  }

  /// Changes the fields, copying them first when another value shares them.
  mutating func edit(_ change: (inout Shared) -> Void) {
    if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    change(&box.fields)
  }

  /// Whether both share one box, so their fields are equal without comparing them.
  func isIdentical(to other: CopyOnWrite) -> Bool { box === other.box }
}

extension CopyOnWrite: Equatable where Shared: Equatable {
  /// Equal when both share one box, or their fields are equal.
  static func == (lhs: CopyOnWrite, rhs: CopyOnWrite) -> Bool {
    lhs.isIdentical(to: rhs) || lhs.fields == rhs.fields
  }
}

extension CopyOnWrite: Hashable where Shared: Hashable {
  /// Hashes the fields.
  func hash(into hasher: inout Hasher) {
    hasher.combine(fields)
  }
}
