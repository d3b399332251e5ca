/// Who asked for a short link, read from the request's `User-Agent` alone: the platform and
/// whether a person, a link previewer or another robot is asking.
///
/// Nothing else of the device is read or kept (no address, no language, no screen): the link
/// service matches no install to a click by device attributes, and counts clicks by these two
/// words only.
package struct Visitor: Sendable, Hashable {
  /// The platform a click came from.
  package enum Platform: String, Sendable, CaseIterable {
    /// iPhone, iPad (in its mobile mode) or iPod touch.
    case ios
    /// Android.
    case android
    /// Anything else: a desktop browser, a tool.
    case desktop
  }

  /// Who is asking.
  package enum Kind: String, Sendable, CaseIterable {
    /// A person's browser.
    case person
    /// A link preview's fetch (Messages, Slack, WhatsApp, social networks): it gets the
    /// preview page and is counted apart.
    case previewer
    /// A crawler, a monitor, a command-line tool.
    case bot
    /// The app itself, asking the service for a code its own table lacks
    /// (`GET /v1/resolve/{code}`): an open in the app, never a browser's click.
    case app
  }

  /// The platform.
  package var platform: Platform
  /// Who is asking.
  package var kind: Kind

  /// The visitor a `User-Agent` names; no header is a bot on the desktop.
  ///
  /// The agent is read as ASCII bytes, lowercased once, and searched for each word: a search
  /// through `String.contains` built a table per word and took most of a redirect's time.
  package init(userAgent: String?) {
    let agent = Array((userAgent ?? "").utf8.prefix(512)).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    guard !agent.isEmpty else {
      self.init(platform: .desktop, kind: .bot)
      return
    }
    let has = { (word: [UInt8]) in Self.find(word, in: agent) }
    let platform: Platform =
      if Self.appleMobile.contains(where: has) {
        .ios
      } else if has(Self.android) {
        .android
      } else {
        .desktop
      }
    let kind: Kind =
      if Self.previewers.contains(where: has) {
        .previewer
      } else if Self.robots.contains(where: has) || !agent.starts(with: Self.mozilla) {
        .bot
      } else {
        .person
      }
    self.init(platform: platform, kind: kind)
  }

  /// Whether `word` occurs in `text`.
  static func find(_ word: [UInt8], in text: [UInt8]) -> Bool {
    guard let first = word.first, word.count <= text.count else { return word.isEmpty }
    var start = 0
    while start + word.count <= text.count {
      if text[start] == first, text[start..<(start + word.count)].elementsEqual(word) { return true }
      start += 1
    }
    return false
  }

  /// A visitor of `platform` and `kind`.
  package init(platform: Platform, kind: Kind) {
    self.platform = platform
    self.kind = kind
  }

  /// Words in the agents of link previews (lower case).
  ///
  /// Apple's Messages asks as `facebookexternalhit` and `Twitterbot`. Apps whose in-app browser
  /// names the app (LINE, Snapchat, Pinterest) are not listed: their browsers carry people; their
  /// previewers name a robot word.
  static let previewers: [[UInt8]] = [
    "facebookexternalhit", "facebot", "twitterbot", "slackbot", "slack-imgproxy", "linkedinbot", "discordbot",
    "whatsapp", "telegrambot", "skypeuripreview", "redditbot", "embedly", "vkshare", "mastodon",
    "bluesky", "iframely", "microsoft teams",
  ].map { Array($0.utf8) }

  /// Words in the agents of crawlers and tools (lower case); an agent that does not start with
  /// `Mozilla/` (as every browser's does) is one too.
  static let robots: [[UInt8]] = [
    "bot", "crawler", "spider", "crawl", "slurp", "headless", "lighthouse", "preview", "monitor", "curl", "wget",
    "python", "java/", "go-http", "okhttp",
  ].map { Array($0.utf8) }

  /// Words of Apple's phones and tablets in mobile mode.
  static let appleMobile: [[UInt8]] = ["iphone", "ipad", "ipod"].map { Array($0.utf8) }
  static let android = Array("android".utf8)
  static let mozilla = Array("mozilla/".utf8)
}
