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
