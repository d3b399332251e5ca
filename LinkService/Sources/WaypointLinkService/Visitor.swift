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
  /// The agent's first 512 bytes are read once, for all of its words at the same time
  /// (``AgentWords``).
  package init(userAgent: String?) {
    var agent = userAgent ?? ""
    let (found, mozilla) = agent.withUTF8 { bytes in
      let text = UnsafeBufferPointer(rebasing: bytes.prefix(512))
      let mozilla =
        text.count >= Self.mozilla.count && zip(text, Self.mozilla).allSatisfy { AgentWords.lower($0) == $1 }
      return (Self.words.found(in: text), mozilla)
    }
    guard !agent.isEmpty else {
      self.init(platform: .desktop, kind: .bot)
      return
    }
    let among = { (range: Range<Int>) in found & (((1 << range.count) - 1) << range.lowerBound) != 0 }
    let platform: Platform = among(Self.appleMobileWords) ? .ios : among(Self.androidWords) ? .android : .desktop
    let kind: Kind =
      among(Self.previewerWords) ? .previewer : among(Self.robotWords) || !mozilla ? .bot : .person
    self.init(platform: platform, kind: kind)
  }

  /// The visitor a `User-Agent` names, found the plain way.
  ///
  /// The agent is lowercased, then each word looked for in turn: what ``init(userAgent:)`` is
  /// held to in the tests.
  package init(referenceUserAgent userAgent: String?) {
    let agent = Array((userAgent ?? "").utf8.prefix(512)).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    guard !agent.isEmpty else {
      self.init(platform: .desktop, kind: .bot)
      return
    }
    let has = { (word: String) in Self.find(Array(word.utf8), in: agent) }
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
  static let previewers = [
    "facebookexternalhit", "facebot", "twitterbot", "slackbot", "slack-imgproxy", "linkedinbot", "discordbot",
    "whatsapp", "telegrambot", "skypeuripreview", "redditbot", "embedly", "vkshare", "mastodon",
    "bluesky", "iframely", "microsoft teams",
  ]

  /// Words in the agents of crawlers and tools (lower case); an agent that does not start with
  /// `Mozilla/` (as every browser's does) is one too.
  static let robots = [
    "bot", "crawler", "spider", "crawl", "slurp", "headless", "lighthouse", "preview", "monitor", "curl", "wget",
    "python", "java/", "go-http", "okhttp",
  ]

  /// Words of Apple's phones and tablets in mobile mode.
  static let appleMobile = ["iphone", "ipad", "ipod"]
  static let android = "android"
  static let mozilla = Array("mozilla/".utf8)

  /// Every word, in one set: Apple's mobile words, Android, the previewers', the robots'.
  static let words = AgentWords(appleMobile + [android] + previewers + robots)
  static let appleMobileWords = 0..<appleMobile.count
  static let androidWords = appleMobileWords.upperBound..<(appleMobileWords.upperBound + 1)
  static let previewerWords = androidWords.upperBound..<(androidWords.upperBound + previewers.count)
  static let robotWords = previewerWords.upperBound..<(previewerWords.upperBound + robots.count)
}
