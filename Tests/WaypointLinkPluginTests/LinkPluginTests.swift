import Foundation
import Testing
import Waypoint

/// `ShopLink` is not in this folder: the build-tool plugin made it from `shop.routes.json`.
@Suite("The link plugin")
struct LinkPluginTests {
  @Test("the plugin's enum parses and prints the manifest's links")
  func generated() throws {
    let order = UUID()
    let links: [ShopLink] = [
      .home, .itemShow(id: 4, gift: nil), .itemShow(id: 5, gift: true), .category(slug: "shoes", path: ["a", "b"]),
      .order(order: order),
    ]
    for link in links {
      #expect(try ShopLink(parsing: link.url) == link)
    }
    #expect(try ShopLink.itemShow(id: 5, gift: true).url == "shop://item/5/true")
    #expect(ShopLink(url: "shop://c/shoes/a/b") == .category(slug: "shoes", path: ["a", "b"]))
  }

  @Test("the manifest the app loads has every route of the enum the build made from it")
  func manifestMatches() throws {
    let url = try #require(Bundle.module.url(forResource: "shop.routes", withExtension: "json"))
    var builder = RouterBuilder()
    builder.allowsUnhandledTargets = true
    builder.add(try RouteManifest(data: Data(contentsOf: url)))
    builder.requireLinks(ShopLink.self)
    let router = try builder.build()
    #expect(router.canOpen(ShopLink.order(order: UUID())))
  }

  @Test("the plugin compiles the links file beside the manifest into the app's table of short links")
  func shortLinks() throws {
    let table = try ShopShortLinks.table { _ in }
    #expect(table.count == 2 && table.hosts == ["go.shop.example", "open.shop.example"])
    #expect(
      table.lookup("https://open.shop.example/SPRING")
        == .found(ShortLink(code: "spring", url: "https://go.shop.example/deal/7", route: "deal", values: ["id": "7"])))
    #expect(table.lookup("https://go.shop.example/deal/7") == .notShort)
    #expect(
      table.lookup("https://go.shop.example/later") == .missing(code: "later", web: "https://go.shop.example/later#web")
    )
  }
}
