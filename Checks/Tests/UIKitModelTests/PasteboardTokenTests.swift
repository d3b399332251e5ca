// PasteboardToken against the model's pasteboard: the text is read (and iOS's paste prompt shown)
// only when the pasteboard holds a web URL, and only a link of the service is a token. Then the
// token goes through DeferredTokenSource and the inbox. Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

/// One at a time: both tests use the one general pasteboard.
@Suite("The deferred token on the pasteboard", .serialized)
struct PasteboardTokenTests {
  let service = "https://notes.example.com"
  let token = "https://notes.example.com/welcome?kid=links-1&exp=1800000000&nonce=abc&sig=xyz"

  @Test("a token is read; plain text is never read, so no paste prompt shows")
  func detectsFirst() async {
    let pasteboard = UIPasteboard.general
    pasteboard._modelPromptsShown = 0
    pasteboard._modelString = "a shopping list, not a link"
    #expect(await PasteboardToken.read(service: service) == nil)
    #expect(pasteboard._modelPromptsShown == 0)
    pasteboard._modelString = "https://elsewhere.example/welcome?sig=1"
    #expect(await PasteboardToken.read(service: service) == nil)
    #expect(pasteboard._modelPromptsShown == 1)
    pasteboard._modelString = token
    #expect(await PasteboardToken.read(service: service + "/") == token)
    #expect(pasteboard._modelPromptsShown == 2)
    pasteboard._modelString = nil
  }

  @Test("E11: a token copied as selected text, with a newline and spaces around it, is read trimmed")
  func trimmed() async {
    let pasteboard = UIPasteboard.general
    pasteboard._modelString = "\n  \(token) \n"
    defer { pasteboard._modelString = nil }
    #expect(await PasteboardToken.read(service: service) == token)
  }

  @Test("the pasteboard's token, redeemed, opens its link once through the inbox")
  func throughTheInbox() async throws {
    UIPasteboard.general._modelString = token
    defer { UIPasteboard.general._modelString = nil }
    let posted = Posted()
    let service = service
    let source = DeferredTokenSource(service: service) {
      await PasteboardToken.read(service: service)
    } post: { url, body in
      posted.record(url, body)
      let answer =
        #"{"code":"welcome","route":"note","target":"NoteEditor","url":"notes://note/42","values":{"id":"42"}}"#
      return (200, Data(answer.utf8))
    }
    let link = try await source.deferredLink()
    #expect(link?.link == "notes://note/42")
    #expect(posted.urls == ["https://notes.example.com/v1/deferred/redeem"])
    #expect(posted.tokens == [token])
  }
}

/// What a source posted: each URL and the token of each body.
final class Posted: @unchecked Sendable {
  private let lock = NSLock()
  private var posts: [(url: String, body: Data)] = []
  func record(_ url: String, _ body: Data) { lock.withLock { posts.append((url, body)) } }
  var urls: [String] { lock.withLock { posts.map(\.url) } }
  var tokens: [String?] {
    lock.withLock { posts.map { (try? JSONDecoder().decode([String: String].self, from: $0.body))?["token"] } }
  }
}
