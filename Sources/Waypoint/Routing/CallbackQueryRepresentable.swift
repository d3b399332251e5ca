/// A value that knows the query items it becomes in a success callback.
public protocol CallbackQueryRepresentable: Sendable {
  /// The items appended to the success callback URL.
  var callbackQueryItems: [QueryItem] { get }
}
