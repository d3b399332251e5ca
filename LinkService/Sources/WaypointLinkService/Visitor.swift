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
  }

  /// The platform.
  package var platform: Platform
  /// Who is asking.
  package var kind: Kind

  /// The visitor a `User-Agent` names; no header is a bot on the desktop.
  package init(userAgent: String?) {
    guard let agent = userAgent?.lowercased(), !agent.isEmpty else {
      self.init(platform: .desktop, kind: .bot)
      return
    }
    let platform: Platform =
      if agent.contains("iphone") || agent.contains("ipad") || agent.contains("ipod") {
        .ios
      } else if agent.contains("android") {
        .android
      } else {
        .desktop
      }
    let kind: Kind =
      if Self.previewers.contains(where: agent.contains) {
        .previewer
      } else if Self.robots.contains(where: agent.contains) || !agent.hasPrefix("mozilla/") {
        .bot
      } else {
        .person
      }
    self.init(platform: platform, kind: kind)
  }

  /// A visitor of `platform` and `kind`.
  package init(platform: Platform, kind: Kind) {
    self.platform = platform
    self.kind = kind
  }

  /// Words in the agents of link previews (lower case).
  ///
  /// Apple's Messages asks as `facebookexternalhit` and `Twitterbot`.
  static let previewers = [
    "facebookexternalhit", "facebot", "twitterbot", "slackbot", "slack-imgproxy", "linkedinbot", "discordbot",
    "whatsapp", "telegrambot", "skypeuripreview", "redditbot", "pinterest", "embedly", "vkshare", "mastodon",
    "bluesky", "snapchat", "viber", "line/", "iframely", "microsoft teams",
  ]

  /// Words in the agents of crawlers and tools (lower case); an agent that does not start with
  /// `Mozilla/` (as every browser's does) is one too.
  static let robots = [
    "bot", "crawler", "spider", "crawl", "slurp", "headless", "lighthouse", "preview", "monitor", "curl", "wget",
    "python", "java/", "go-http", "okhttp",
  ]
}
