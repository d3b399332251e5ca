import Foundation
import Testing
import Waypoint

@testable import WaypointLinkSite

@Suite("Reading a links file")
struct LinkSiteFileTests {
  /// A links file with `extra` in its top level, its `apple`, its `android` and its one link.
  static func file(top: String = "", apple: String = "", android: String = "", link: String = "") -> Data {
    Data(
      """
      {"site": "https://notes.example.com"\(top),
       "apple": {"appStoreID": "1234567890"\(apple)},
       "android": {"package": "com.example.notes"\(android)},
       "links": [{"code": "welcome", "url": "https://notes.example.com/n/1", "title": "Welcome"\(link)}]}
      """.utf8)
  }

  /// The message reading `data` fails with, or `nil` when it reads.
  static func refusal(_ data: Data) -> String? {
    do {
      _ = try LinkSiteFile.read(data, name: "links.json")
      return nil
    } catch {
      return error.message
    }
  }

  @Test("a file with only known fields reads")
  func knownFields() throws {
    #expect(Self.refusal(Self.file()) == nil)
    let file = try LinkSiteFile.read(Self.file(), name: "links.json")
    #expect(file.links.first?.title == "Welcome" && file.apple?.appStoreID == "1234567890")
  }

  @Test("an unknown field is refused by name, wherever it is, never ignored")
  func unknownFields() throws {
    let top = try #require(Self.refusal(Self.file(top: #", "webb": "https://www.example.com""#)))
    #expect(
      top.contains(
        "a links file has no field 'webb'; its fields are site, alternate, claim, apple, android, web, links"), "\(top)"
    )
    let apple = try #require(Self.refusal(Self.file(apple: #", "appID": "X""#)))
    #expect(apple.contains("'apple' has no field 'appID'; its fields are appIDs, appStoreID"), "\(apple)")
    let android = try #require(Self.refusal(Self.file(android: #", "sha1": []"#)))
    #expect(android.contains("'android' has no field 'sha1'"), "\(android)")
    let link = try #require(Self.refusal(Self.file(link: #", "tilte": "Hi", "imag": "x""#)))
    #expect(link.contains("'links[0]' has no field 'imag' (nor 1 more)"), "\(link)")
  }

  @Test("a link alone, as POST /v1/links takes it, refuses an unknown field with the links file's error")
  func linkAlone() {
    let body = Data(#"{"code": "a", "url": "https://notes.example.com/n/1", "title": "A", "expires": 3}"#.utf8)
    do {
      _ = try JSONDecoder().decode(LinkSiteFile.Link.self, from: body)
      Issue.record("an unknown field was taken")
    } catch let error as LinkSiteError {
      #expect(error.message.hasPrefix("a link has no field 'expires'"), "\(error.message)")
    } catch {
      Issue.record("not the links file's error: \(error)")
    }
    let valid = Data(#"{"code": "a", "url": "https://notes.example.com/n/1", "title": "A"}"#.utf8)
    #expect((try? JSONDecoder().decode(LinkSiteFile.Link.self, from: valid))?.code == "a")
  }

  @Test("a route whose pattern names no scheme makes an https link on the site, taken when its host is the routes'")
  func schemeLessRoute() throws {
    let router = try RouteManifest(
      json: """
        {"options": {"hosts": ["notes.example.com"]},
         "routes": [{"name": "note", "pattern": "/note/<int:id>", "target": "Note", "exposure": "public"}]}
        """
    ).makeRouter()
    func entry(site: String) throws -> Result<LinkSite.Entry, LinkSiteError> {
      let file = try LinkSiteFile.read(
        Data(
          #"{"site": "\#(site)", "links": [{"code": "n7", "route": "note", "values": {"id": "7"}, "title": "Seven"}]}"#
            .utf8), name: "links.json")
      return LinkSite.entry(for: try #require(file.links.first), in: file, router: router)
    }
    guard case .success(let made) = try entry(site: "https://notes.example.com") else {
      Issue.record("refused: \(try entry(site: "https://notes.example.com"))")
      return
    }
    #expect(made.appLink == "https://notes.example.com/note/7")
    // A site on another host: the router takes no https link from it.
    guard case .failure(let error) = try entry(site: "https://go.example.org") else {
      Issue.record("a host the routes do not take made a link")
      return
    }
    #expect(error.message.contains("opens no public route"), "\(error.message)")
  }
}
