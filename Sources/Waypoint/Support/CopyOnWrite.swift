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
    var fields: Shared

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
