extension LinkInbox {
  /// A link on the short-link site that `table` lacks, with its `#web` form `web`: asked of the
  /// table's service in a task of its own (no other link waits for it), then opened as the link
  /// it stands for, shown on the web (no link ever had the code, or no service to ask), or
  /// dropped with the reason (removed, unanswered, unreachable past the limit, or superseded by
  /// a later tap).
  func resolve(_ held: Held, code: String, web: String, in table: ShortLinks) {
    guard let service = table.service else {
      table.openOnWeb(web)
      drop(held, because: "the short link '\(code)' is not in the app's table; shown on the web")
      return
    }
    Task { [weak self] in
      let answer = await service.ask(code) { [weak self] in
        self?.report(
          RouteEvent(
            openID: held.openID, phase: .waited, url: held.url, origin: held.origin,
            reason: "asking the link service for the short link '\(code)'", timestamp: self?.now() ?? held.received))
      }
      self?.open(held, answered: answer, code: code, web: web, table: table)
    }
  }

  /// `held` as the service's `answer` says.
  private func open(
    _ held: Held, answered answer: ShortLinkService.Answer, code: String, web: String, table: ShortLinks
  ) {
    switch answer {
    case .found(let link):
      guard !hasExternalArrival(after: held.openID) else {
        drop(held, because: "superseded: a later link came while the short link '\(code)' was asked for")
        return
      }
      var origin = held.origin
      origin.details["shortLink"] = link.code
      let (url, prepared) = prepare(link.url, origin: origin)
      _ = accept(
        url, origin: prepared, extras: held.extras, id: nil, completesWhenParked: held.completesWhenParked,
        waitsWhenParkedUnshown: held.waitsWhenParkedUnshown, openID: held.openID, resolvedShortLink: true,
        completion: held.completion)
    case .notFound:
      table.openOnWeb(web)
      drop(held, because: "no short link has the code '\(code)'; shown on the web")
    case .removed(let reason):
      drop(held, because: "the short link '\(code)' was removed: \(reason)")
    case .failed(let reason):
      drop(held, because: reason)
    }
  }
}
