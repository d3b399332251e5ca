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

/// Which query keys carry callback URLs, and which callback URLs the router may open.
///
/// Nothing is allowed by default: a link that asks for a callback to a scheme or host not on the
/// list fails with `callbackNotAllowed` before any handler runs, so a link can never turn the app
/// into an open redirect.
///
/// ```swift
/// builder.callbacks = CallbackPolicy(allowing: ["notes", "https://partner.example.com"])
/// ```
public struct CallbackPolicy: Sendable, Hashable {
  /// The key of the success callback.
  ///
  /// Default `x-success`.
  public var successKey = "x-success"
  /// The key of the error callback.
  ///
  /// Default `x-error`.
  public var errorKey = "x-error"
  /// The key of the cancel callback.
  ///
  /// Default `x-cancel`.
  public var cancelKey = "x-cancel"
  /// Other keys read as the success callback when `successKey` is absent, tried in order: the
  /// first one the link has wins.
  ///
  /// Links from other routers name their callback in many ways; list every spelling your links
  /// use, since a link whose key is not listed gets no callback:
  ///
  /// ```swift
  /// var policy = CallbackPolicy(allowing: ["partner"], customSuccessKeys: ["callback", "callbackUrl"])
  /// // myapp://pay?callbackUrl=partner://done  → success callback partner://done
  /// ```
  ///
  /// Empty by default.
  public var customSuccessKeys: [String]

  /// Allowed destinations: a scheme (`notes`) allows any callback with that scheme; a scheme and
  /// host (`https://partner.example.com`) allows only that host.
  public var allowed: [String]

  /// A policy allowing callbacks to `allowed`, reading `customSuccessKeys` (in order) when a
  /// link has no `x-success`.
  ///
  /// - Parameters:
  ///   - allowed: The destinations callbacks may go to: a scheme (`notes`) allows any callback
  ///     with that scheme, a scheme and host (`https://partner.example.com`) only that host,
  ///     both compared in any case. Empty, the default, allows no callback.
  ///   - customSuccessKeys: Other keys read as the success callback when a link has no
  ///     ``successKey`` item, tried in order. Empty by default.
  public init(allowing allowed: [String] = [], customSuccessKeys: [String] = []) {
    self.allowed = allowed
    self.customSuccessKeys = customSuccessKeys
  }

  /// Whether `url` may be opened as a callback.
  package func allows(_ url: String) -> Bool {
    guard let parsed = try? ParsedURL(url, options: Self.hostOptions), let scheme = parsed.scheme?.lowercased()
    else { return false }
    let host = parsed.host.map { String($0) }
    return allowed.contains { entry in
      let parts = entry.lowercased().split(separator: "://", maxSplits: 1).map(String.init)
      guard parts.first == scheme else { return false }
      return parts.count == 1 || parts[1] == host
    }
  }

  /// The callbacks `query` asks for.
  func callbacks(in query: [QueryItem]) -> CallbackURLs {
    func first(_ key: String) -> String? { query.first { $0.name == key }?.value }
    return CallbackURLs(
      success: first(successKey) ?? customSuccessKeys.lazy.compactMap(first).first, error: first(errorKey),
      cancel: first(cancelKey))
  }

  private static let hostOptions: MatchingOptions = {
    var options = MatchingOptions()
    options.host = .host
    return options
  }()
}

/// Opens callback URLs; inject your app's opener (`UIApplication.open`, a test recorder…).
public protocol CallbackOpener: Sendable {
  /// Opens `url`.
  func open(_ url: String) async
}

/// A value that knows the query items it becomes in a success callback.
public protocol CallbackQueryRepresentable: Sendable {
  /// The items appended to the success callback URL.
  var callbackQueryItems: [QueryItem] { get }
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
