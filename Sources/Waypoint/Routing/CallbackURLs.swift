/// The callback URLs a link asks for (x-callback-url's `x-success`, `x-error`, `x-cancel`, and
/// other success keys a policy names, such as WLRRoute's `callback`).
public struct CallbackURLs: Sendable, Hashable {
  /// Called with the result's query items when the handler succeeds.
  public var success: String?
  /// Called with `errorCode` and `errorMessage` when the request fails.
  public var error: String?
  /// Called when the handler cancels.
  public var cancel: String?

  /// Callback URLs; none by default.
  package init(success: String? = nil, error: String? = nil, cancel: String? = nil) {
    self.success = success
    self.error = error
    self.cancel = cancel
  }

  /// Whether the link asked for no callback.
  package var isEmpty: Bool { success == nil && error == nil && cancel == nil }
}

extension CallbackURLs {
  /// The query items a success callback gets for a handler's value: a
  /// ``CallbackQueryRepresentable``'s own items, items or a `[String: String]` as given (sorted by
  /// name), and any other text or `LosslessStringConvertible` value as `result`.
  static func items(for value: any Sendable) -> [QueryItem] {
    switch value {
    case let representable as any CallbackQueryRepresentable: return representable.callbackQueryItems
    case let items as [QueryItem]: return items
    case let pairs as [String: String]:
      return pairs.sorted { $0.key < $1.key }.map { QueryItem(name: $0.key, value: $0.value) }
    case let text as String: return [QueryItem(name: "result", value: text)]
    case let convertible as any LosslessStringConvertible:
      return [QueryItem(name: "result", value: convertible.description)]
    default: return []
    }
  }

  /// The query items an error callback gets: `errorCode` and `errorMessage`.
  static func items(for error: RoutingError) -> [QueryItem] {
    [QueryItem(name: "errorCode", value: error.code.rawValue), QueryItem(name: "errorMessage", value: error.message)]
  }
}
