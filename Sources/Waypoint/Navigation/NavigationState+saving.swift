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
      screen.link = screen.link.map(redaction.removing(from:))
      return screen
    }
  }
}

extension LinkRedaction {
  /// `url` without the query items this redaction names.
  package func removing(from url: String) -> String {
    guard !names.isEmpty, url.contains("?") else { return url }
    var link = LinkText(url)
    return link.remove { names.contains($0.name) }.isEmpty ? url : link.string
  }
}
