/// The page a short link shows a browser or a link previewer: Open Graph and Twitter tags, the
/// Smart App Banner with the link as its `app-argument`, the store buttons, and a "Continue in
/// the app" button that copies the link for the app to take after it is installed.
///
/// Every value the page shows comes from a links file and is treated as hostile: text is
/// escaped for HTML, a URL must be `https` (or `http` on `localhost`), and the page's one script
/// reads what it copies from an attribute, never from text put into the script.
package struct PreviewPage: Sendable, Equatable {
  /// The page's title.
  package var title: String
  /// One or two sentences under the title.
  package var description: String?
  /// The preview image, an `https` URL.
  package var image: String?
  /// The short link the page is served at (`og:url`).
  package var shortLink: String
  /// The link the app opens: a universal link to a public route.
  package var appLink: String
  /// What "Continue in the app" copies: the app link, signed when the site has a key.
  package var copied: String
  /// Where "Open in the app" points: the app link, or the short link on the site's alternate
  /// host (a universal link the browser hands to the app, which a link to the page's own host
  /// is not).
  package var openInApp: String
  /// The App Store id of the app, for the Smart App Banner and the App Store button.
  package var appStoreID: String?
  /// The Android package, for the Google Play button.
  package var androidPackage: String?

  /// A page for `appLink`, served at `shortLink`.
  ///
  /// - Parameters:
  ///   - title: The page's title.
  ///   - shortLink: The short link the page is served at.
  ///   - appLink: The universal link the app opens; also what the page copies unless `copied`
  ///     says otherwise.
  package init(title: String, shortLink: String, appLink: String) {
    self.title = title
    self.shortLink = shortLink
    self.appLink = appLink
    self.copied = appLink
    self.openInApp = appLink
  }

  /// Whether `url` may appear on a page: `https`, or `http` on `localhost`, with no character
  /// a URL does not hold.
  package static func isSafe(_ url: String) -> Bool {
    let lowered = url.lowercased()
    guard lowered.hasPrefix("https://") || isLocal(lowered) else { return false }
    return url.unicodeScalars.allSatisfy {
      $0.value > 0x20 && $0.value < 0x7F && !"\"'<>\\`{}|^ ".unicodeScalars.contains($0)
    }
  }

  /// Whether `url` (lowercased) is `http://localhost`, with a port of digits or none, then the
  /// end or a path: nothing a browser could read as a user name before another host.
  private static func isLocal(_ url: String) -> Bool {
    guard url.hasPrefix("http://localhost") else { return false }
    var rest = url.dropFirst("http://localhost".count)
    if rest.first == ":" {
      let port = rest.dropFirst().prefix { ("0"..."9").contains($0) }
      guard !port.isEmpty else { return false }
      rest = rest.dropFirst(1 + port.count)
    }
    return rest.isEmpty || rest.first == "/"
  }

  /// `text` escaped for HTML text and quoted attributes.
  package static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let entity = entities[scalar] {
        result += entity
      } else if scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" {
        // Other control characters show nothing a reader needs, and are left out.
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The characters HTML reads as markup, and the entities that keep them text.
  private static let entities: [Unicode.Scalar: String] = [
    "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
  ]

  /// The page's HTML.
  package var html: String {
    let title = Self.escaped(title)
    var head: [String] = [
      "<meta charset=\"utf-8\">",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
      "<meta name=\"robots\" content=\"noindex\">",
      "<title>\(title)</title>",
      "<meta property=\"og:title\" content=\"\(title)\">",
      "<meta property=\"og:type\" content=\"website\">",
      "<meta property=\"og:url\" content=\"\(Self.escaped(shortLink))\">",
      "<meta name=\"twitter:title\" content=\"\(title)\">",
    ]
    if let description {
      let text = Self.escaped(description)
      head += [
        "<meta name=\"description\" content=\"\(text)\">", "<meta property=\"og:description\" content=\"\(text)\">",
        "<meta name=\"twitter:description\" content=\"\(text)\">",
      ]
    }
    if let image {
      let url = Self.escaped(image)
      head += [
        "<meta property=\"og:image\" content=\"\(url)\">",
        "<meta name=\"twitter:card\" content=\"summary_large_image\">",
        "<meta name=\"twitter:image\" content=\"\(url)\">",
      ]
    } else {
      head.append("<meta name=\"twitter:card\" content=\"summary\">")
    }
    if let appStoreID {
      head.append(
        "<meta name=\"apple-itunes-app\" content=\"app-id=\(Self.escaped(appStoreID)), "
          + "app-argument=\(Self.escaped(appLink.replacing(",", with: "%2C")))\">"
      )
    }
    var body: [String] = ["<h1>\(title)</h1>"]
    if let description { body.append("<p>\(Self.escaped(description))</p>") }
    body.append("<p><a class=\"open\" href=\"\(Self.escaped(openInApp))\">Open in the app</a></p>")
    var stores: [String] = []
    if let appStoreID {
      stores.append("<a href=\"https://apps.apple.com/app/id\(Self.escaped(appStoreID))\">App Store</a>")
    }
    if let androidPackage {
      stores.append(
        "<a href=\"https://play.google.com/store/apps/details?id=\(Self.escaped(androidPackage))\">Google Play</a>")
    }
    if !stores.isEmpty { body.append("<p class=\"stores\">" + stores.joined(separator: " ") + "</p>") }
    body.append(
      "<p><button type=\"button\" data-copy=\"\(Self.escaped(copied))\">Continue in the app</button></p>")
    body.append(
      "<p class=\"hint\">Installing the app? Tap Continue first, then open the app once it is installed.</p>")
    body.append(Self.script)
    return """
      <!doctype html>
      <html lang="en">
      <head>
      \(head.joined(separator: "\n"))
      <style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}\
      a,button{font:inherit}.hint{color:#666;font-size:.875rem}</style>
      </head>
      <body>
      \(body.joined(separator: "\n"))
      </body>
      </html>

      """
  }

  /// Copies the button's `data-copy` to the pasteboard; no value of the page is in it.
  package static let script = """
    <script>document.querySelectorAll("[data-copy]").forEach(function (button) {\
    button.addEventListener("click", function () {\
    if (navigator.clipboard) { navigator.clipboard.writeText(button.getAttribute("data-copy")); }\
    button.textContent = "Copied: open the app"; }); });</script>
    """
}
