import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
import Waypoint
import WaypointLinkService

/// Opens of short links the app resolved from its own table, reported in batches without
/// anything of the device, each counted once.
@Suite("POST /v1/opens")
struct OpensTests {
  static let links = [
    #"{"code": "spring", "route": "note", "values": {"id": "1"}, "title": "Spring"}"#,
    #"{"code": "autumn", "route": "tag", "values": {"tag": "leaves"}, "title": "Autumn"}"#,
  ].joined(separator: ", ")

  /// How the test's network behaves.
  enum Network: Sendable {
    case offline
    /// The request reaches the service, but its answer is lost on the way back.
    case answerLost
    case online
  }

  struct Unreachable: Error {}

  @Test("M opens from mixed doors, with duplicates and offline batches, count exactly M app opens, none twice")
  func exactCount() async throws {
    try await withHarness(links: Self.links) { harness, client in
      // The service's clock is the app's: an open's hour must be recent.
      harness.clock.advance(Date().timeIntervalSince(harness.clock.now))
      let network = Mutex(Network.offline)
      let posts = Mutex(0)
      let post: ShortLinkService.Post = { url, body in
        posts.withLock { $0 += 1 }
        let state = network.withLock { $0 }
        guard state != .offline else { throw Unreachable() }
        let answer = try await client.execute(
          uri: String(url.dropFirst("https://notes.example.com".count)), method: .post,
          headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body))
        guard state == .online else { throw Unreachable() }
        return Int(answer.status.code)
      }
      let app = try await AppSide(links: Self.links, client: client, adminKey: harness.adminKey, post: post) {
        $0.reportInterval = .seconds(3_600)
      }
      // A notification is known by its identifier: each tap's own.
      func door(_ index: Int) -> Origin {
        [
          .universalLink(referrer: nil), .external(sourceApplication: "com.apple.mobilesafari"),
          .notification(identifier: "n\(index)"), .widget(kind: "notes"),
        ][index % 4]
      }
      var expected = 0
      for index in 0..<620 {
        let code = index % 3 == 0 ? "autumn" : "spring"
        let link = "https://notes.example.com/\(code)?n=\(index)"
        _ = try await app.open(link, origin: door(index))
        expected += 1
        // The same tap reported twice (a launch and a delegate call): opened once, counted once.
        if index % 10 == 0 {
          await #expect(throws: RoutingError.self) { _ = try await app.open(link, origin: door(index)) }
        }
        if index == 300 {
          // Offline: nothing is taken, nothing is lost; a lost answer: taken by the service,
          // kept by the app, and sent again later.
          #expect(await app.table.service?.sendOpens() == 0)
          network.withLock { $0 = .answerLost }
          #expect(await app.table.service?.sendOpens() == 0)
          network.withLock { $0 = .offline }
        }
      }
      #expect(app.table.service?.unreportedOpens == 620)
      network.withLock { $0 = .online }
      #expect(await app.table.service?.sendOpens() == 620)
      #expect(app.table.service?.unreportedOpens == 0)
      // Two batches of 500 and 120, after the offline and lost attempts.
      #expect(posts.withLock { $0 } == 4)

      let counts = try await client.admin("/v1/clicks", key: harness.adminKey)
      let opens = try #require(counts.json["opens"] as? [[String: Any]])
      #expect(opens.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == expected)
      let bySource = Dictionary(grouping: opens) { $0["source"] as? String ?? "" }.mapValues {
        $0.reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
      }
      #expect(bySource == ["universalLink": 155, "external": 155, "notification": 155, "widget": 155])
      #expect(opens.allSatisfy { $0["revision"] as? Int == 1 && $0["platform"] as? String == "desktop" })
      // What the web saw is apart: no click was made.
      #expect((counts.json["clicks"] as? [[String: Any]])?.isEmpty == true)

      // Nothing of a device is stored: the columns, and ids random for each open.
      #expect(
        try await columns(of: "opens", in: harness.store.path) == [
          "id", "hour", "code", "revision", "source", "platform",
        ])
      for table in ["links", "clicks", "redeemed", "settings", "opens"] {
        let names = try await columns(of: table, in: harness.store.path)
        #expect(!names.contains { ["ip", "address", "agent", "device", "user", "time"].contains(where: $0.contains) })
      }
    }
  }

  @Test(
    "a batch sent again counts nothing; a wrong open is skipped by its place, the rest counted; an unknown code is not")
  func idempotentAndChecked() async throws {
    try await withHarness(links: Self.links) { harness, client in
      harness.clock.advance(Date().timeIntervalSince(harness.clock.now))
      let hour = Int((Date().timeIntervalSince1970 / 3_600).rounded(.down))
      func open(_ id: String, code: String = "spring", hour: Int = hour, platform: String = "ios") -> String {
        #"{"id": "\#(id)", "code": "\#(code)", "revision": 1, "source": "universalLink", "platform": "\#(platform)", "hour": \#(hour)}"#
      }
      let batch =
        #"{"opens": [\#(open("00000000000000000000000000000001")), \#(open("00000000000000000000000000000002", code: "never"))]}"#
      let first = try await client.admin("/v1/opens", method: .post, key: nil, body: batch)
      #expect(first.status == .ok && first.json["received"] as? Int == 2 && first.json["counted"] as? Int == 1)
      let again = try await client.admin("/v1/opens", method: .post, key: nil, body: batch)
      #expect(again.status == .ok && again.json["counted"] as? Int == 0)
      let wrong: [(String, String)] = [
        (open("xyz"), "id"), (open("00000000000000000000000000000003", code: "a/b"), "code"),
        (open("00000000000000000000000000000005", platform: "windows"), "platform"),
      ]
      for (index, (entry, field)) in wrong.enumerated() {
        let good = open(String(format: "%032x", 0xa0 + index))
        let answer = try await client.admin(
          "/v1/opens", method: .post, key: nil, body: #"{"opens": [\#(good), \#(entry)]}"#)
        let skipped = answer.json["skipped"] as? [[String: Any]]
        #expect(answer.status == .ok && answer.json["counted"] as? Int == 1, "\(entry)")
        #expect(skipped?.count == 1 && skipped?.first?["index"] as? Int == 1, "\(entry)")
        #expect((skipped?.first?["why"] as? String)?.hasPrefix("the \(field)") == true, "\(entry)")
      }
      // A device's clock days behind or hours ahead: counted at the service's hour.
      for (id, skew) in [("00000000000000000000000000000b01", -200), ("00000000000000000000000000000b02", 30)] {
        let answer = try await client.admin(
          "/v1/opens", method: .post, key: nil, body: #"{"opens": [\#(open(id, hour: hour + skew))]}"#)
        #expect(answer.json["counted"] as? Int == 1)
      }
      let tooMany =
        "{\"opens\": [" + (0..<501).map { open(String(format: "%032x", $0 + 100)) }.joined(separator: ",") + "]}"
      #expect(try await client.admin("/v1/opens", method: .post, key: nil, body: tooMany).status == .badRequest)
      let extra =
        #"{"opens": [{"id": "00000000000000000000000000000009", "code": "spring", "revision": 1, "source": "u", "platform": "ios", "hour": \#(hour), "device": "x"}]}"#
      // An extra field (a device id, say) is not stored anywhere: the open is counted without it.
      #expect(try await client.admin("/v1/opens", method: .post, key: nil, body: extra).json["counted"] as? Int == 1)
      let counts = try await client.admin("/v1/clicks?code=spring", key: harness.adminKey)
      let opens = try #require(counts.json["opens"] as? [[String: Any]])
      #expect(opens.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 7)
      let today = opens.filter { $0["day"] as? String == Self.day(hour: hour) }
      #expect(today.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == 7, "the skewed hours are counted today")
    }
  }

  /// `YYYY-MM-DD` of the hour `hour` since 1970, in UTC.
  static func day(hour: Int) -> String {
    let formatter = DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date(timeIntervalSince1970: Double(hour) * 3_600))
  }
}
