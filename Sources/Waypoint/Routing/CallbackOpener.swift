/// Opens callback URLs; inject your app's opener (`UIApplication.open`, a test recorder…).
public protocol CallbackOpener: Sendable {
  /// Opens `url`.
  func open(_ url: String) async
}
