/// The map page's markup, style and viewer script: the drawing (routes on the left, screens by tab
/// on the right, arrows for presentations, `under` paths and redirects), pan and zoom, the route
/// finder, and the answer for a pasted link.
///
/// Every text from the manifest reaches the page through `textContent`, never as markup, so a
/// hostile name or pattern stays text. The answer's element carries what a test reads back:
/// `data-state` (`empty`, `matched`, `unmatched`), `data-route`, `data-parameters`, `data-path`,
/// `data-redirect` and `data-error`.
enum MapPageViewer {
  /// The markup, `MapPage/viewer.html`.
  static let body = MapPageFile.text(PackageResources.viewer_html)

  /// The style, `MapPage/viewer.css`.
  static let style = MapPageFile.text(PackageResources.viewer_css)

  /// The viewer script, `MapPage/viewer.js`.
  static let script = MapPageFile.text(PackageResources.viewer_js)
}

/// The map page's files as the binary holds them.
enum MapPageFile {
  /// A file's text, without its final line break (the page puts each where it belongs).
  static func text(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
}
