import Testing
import Waypoint

/// The "Opening a deep link" example of the DocC article "A tour of Waypoint", compiled and checked.
@Suite("Tour: router example")
struct ReadmeRouterTests {
  struct Note: Sendable, Equatable {
    let id: Int
    let mode: String
  }

  /// The app's session, read by the gate with `await` from off the main actor.
  @MainActor final class Session {
    var isSignedIn = false
  }

  @Test("opening a deep link")
  func openDeepLink() async throws {
    let session = Session()
    var builder = RouterBuilder()
    builder.add("notes://note/<int:id>", name: "note", exposure: .public) { request in
      Note(id: try request.int("id"), mode: request["mode"] ?? "read")
    }
    builder.add("notes://login", name: "login") { _ in "login screen" }  // internal: only the gate shows it
    let gate = SignInGate(showing: "notes://login", protecting: { _ in true }, isSignedIn: { await session.isSignedIn })
    builder.group("notes://settings", middleware: [gate]) { settings in
      settings.add("/:section", exposure: .public) { request in "settings: \(request["section"] ?? "")" }
    }
    let router = try builder.build()

    let result = try await router.open("notes://note/42?mode=edit", origin: .external())
    let note = try result.value(as: Note.self)
    #expect(note == Note(id: 42, mode: "edit"))

    let gated = try await router.open("notes://settings/privacy", origin: .external())
    #expect(try gated.value(as: String.self) == "login screen")
    #expect(gated.url == "notes://login?next=notes%3A%2F%2Fsettings%2Fprivacy")
    #expect(gated.parked?.url == "notes://settings/privacy")

    do {
      _ = try await router.open("notes://login", origin: .external())
      Issue.record("an internal route was reached from outside")
    } catch {
      #expect(error.code == .notFound)  // internal routes look unknown from outside
    }

    await MainActor.run { session.isSignedIn = true }
    let opened = try await router.open("notes://settings/privacy", origin: .external())
    #expect(try opened.value(as: String.self) == "settings: privacy")
  }
}
