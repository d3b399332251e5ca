/// A state made fit to save: what a window writes with its scene keeps no secret a link carried.
extension NavigationState {
  /// The state with each screen passed through `transform` (children too), in every stack,
  /// column, tab, detail and presented level.
  package func mappingScreens(_ transform: (Screen) -> Screen) -> NavigationState {
    func map(_ screen: Screen) -> Screen {
      var mapped = transform(screen)
      mapped.children = mapped.children.map(map)
      return mapped
    }
    func columns(_ split: SplitColumns?) -> SplitColumns? {
      guard var split else { return nil }
      split.secondary = split.secondary.map(map)
      split.supplementary = split.supplementary?.map(map)
      return split
    }
    var state = self
    state.stack = stack.map(map)
    state.detail = detail.map(map)
    state.split = columns(split)
    state.tabs?.tabs = (tabs?.tabs ?? []).map { tab in
      var tab = tab
      tab.stack = tab.stack.map(map)
      tab.split = columns(tab.split)
      return tab
    }
    if var presented {
      presented.state = presented.state.mappingScreens(transform)
      state.presented = presented
    }
    return state
  }

  /// The state without the query items and values `redaction` names (`sig`, `token`).
  ///
  /// They are taken out of each screen's link and parameters, so a saved state keeps no signed
  /// link's secret (third adapter review, B17). A screen restored from it is bound without them.
  package func removingSecrets(_ redaction: LinkRedaction) -> NavigationState {
    guard !redaction.names.isEmpty else { return self }
    return mappingScreens { screen in
      var screen = screen
      for name in redaction.names { screen.parameters[name] = nil }
      // A value that is a link itself (a sign-in screen's `next`, the link parked behind it)
      // keeps none of its secrets either (independent read, R5).
      screen.parameters = screen.parameters.mapValues { $0.contains("?") ? redaction.removing(from: $0) : $0 }
      screen.link = screen.link.map(redaction.removing(from:))
      return screen
    }
  }
}

extension LinkRedaction {
  /// `url` without the query items this redaction names, in its own query and in the links its
  /// items' values hold (`next=notes%3A%2F%2Fnote%2F42%3Fsig%3D…`), three links deep.
  package func removing(from url: String) -> String {
    removing(from: url, depth: 0)
  }

  private func removing(from url: String, depth: Int) -> String {
    guard !names.isEmpty, url.contains("?") else { return url }
    var link = LinkText(url)
    let removed = !link.remove { names.contains($0.name) }.isEmpty
    let unchanged = removed ? link.string : url
    guard depth < 3, let raws = link.items else { return unchanged }
    var items: [QueryItem] = []
    var nested = false
    for raw in raws {
      guard let item = LinkText.decode(raw) else { return unchanged }
      let value = item.value.contains("?") ? removing(from: item.value, depth: depth + 1) : item.value
      nested = nested || value != item.value
      items.append(QueryItem(name: item.name, value: value))
    }
    guard nested else { return unchanged }
    var rebuilt = link
    rebuilt.items = nil
    rebuilt.append(items)
    return rebuilt.string
  }
}
