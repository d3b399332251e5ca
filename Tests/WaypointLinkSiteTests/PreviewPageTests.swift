import Testing
import WaypointLinkSite

@Suite("Preview pages")
struct PreviewPageTests {
  static func page() -> PreviewPage {
    var page = PreviewPage(
      title: "Autumn notes", shortLink: "https://notes.example.com/autumn", appLink: "https://notes.example.com/note/42"
    )
    page.description = "The notes of the autumn launch."
    page.image = "https://notes.example.com/images/autumn.png"
    page.appStoreID = "1234567890"
    page.androidPackage = "com.example.notes"
    return page
  }

  @Test("Open Graph and Twitter tags, the Smart App Banner with the app link, both stores, the copy button")
  func tags() {
    let html = Self.page().html
    for expected in [
      "<title>Autumn notes</title>", "<meta property=\"og:title\" content=\"Autumn notes\">",
      "<meta property=\"og:url\" content=\"https://notes.example.com/autumn\">",
      "<meta property=\"og:description\" content=\"The notes of the autumn launch.\">",
      "<meta property=\"og:image\" content=\"https://notes.example.com/images/autumn.png\">",
      "<meta name=\"twitter:card\" content=\"summary_large_image\">",
      "<meta name=\"apple-itunes-app\" content=\"app-id=1234567890, app-argument=https://notes.example.com/note/42\">",
      "href=\"https://apps.apple.com/app/id1234567890\"",
      "href=\"https://play.google.com/store/apps/details?id=com.example.notes\"",
      "data-copy=\"https://notes.example.com/note/42\"", "<meta name=\"robots\" content=\"noindex\">",
    ] {
      #expect(html.contains(expected), "\(expected)")
    }
  }

  @Test("hostile titles and descriptions stay text: no tag, attribute or script comes out of them")
  func hostileText() {
    var page = Self.page()
    page.title = "\"><script>alert(1)</script><meta x=\"'"
    page.description = "</p><img src=x onerror=alert(1)>&amp;\u{0}\u{1b}"
    page.copied = "https://notes.example.com/note/42?a=\"><script>"
    let html = page.html
    #expect(html.ranges(of: "<script>").count == 1, "the page's own script only")
    #expect(!html.contains("<img"))
    #expect(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("&amp;amp;"))
    #expect(!html.contains("\u{0}") && !html.contains("\u{1b}"))
    #expect(!PreviewPage.script.contains("notes.example.com"), "the script holds no value of the page")
  }

  @Test("only https URLs (http on localhost) with no character a URL does not hold are safe")
  func safeURLs() {
    #expect(PreviewPage.isSafe("https://notes.example.com/a?b=c"))
    #expect(PreviewPage.isSafe("http://localhost:8080/a") && PreviewPage.isSafe("http://localhost"))
    for unsafe in [
      "javascript:alert(1)", "http://notes.example.com/", "data:text/html,x", "https://a.example/\"onload=x",
      "https://a.example/<b>", "https://a.example/ b", "HTTPS://a.example/\u{7f}", "//a.example/",
      "http://localhost.evil.example/", "http://localhost:@evil.example/t.png", "http://localhost:80@evil.example/",
      "http://localhost@evil.example/",
    ] {
      #expect(!PreviewPage.isSafe(unsafe), "\(unsafe)")
    }
  }

  @Test("a comma in the app link cannot add a field to the Smart App Banner")
  func bannerFields() throws {
    var page = Self.page()
    page.appLink = "https://notes.example.com/n/7?x=,app-id=666"
    let banner = try #require(page.html.split(separator: "\n").first { $0.contains("apple-itunes-app") })
    #expect(banner.contains("app-argument=https://notes.example.com/n/7?x=%2Capp-id=666\">"))
    #expect(banner.ranges(of: ", ").count == 1, "one separator: app-id, then app-argument")
  }
}
