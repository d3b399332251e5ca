import Synchronization
import Testing
import Waypoint

/// Many tasks using one router, registry and navigator at once.
///
/// CI runs this suite under the
/// thread sanitizer (`swift test --sanitize=thread --filter Stress`), which fails on any data race;
/// the assertions check that nothing is lost or doubled.
@Suite("Stress")
struct StressTests {
  static let tasks = 8
  static let opensPerTask = 500

  /// The links every task opens, in turn: found, redirected, typed, not found, invalid, internal.
  static let urls = [
    "/user/7", "myapp://user/8?tab=posts", "/old/9", "/item/12/edit", "/nope", "/%zz", "/admin", "/v1/only",
  ]

  /// Counts the events of the routers it is attached to, by open and phase.
  final class CountingObserver: RouteObserver {
    let prepares = Tally()
    let endings = Tally()
    func prepare(_ event: RouteEvent) { _ = prepares.increment() }
    func didOpen(_ event: RouteEvent) { _ = endings.increment() }
    func failed(_ event: RouteEvent) { _ = endings.increment() }
  }

  static func builder(version: Int, handled: Tally, observer: CountingObserver?) -> RouterBuilder {
    var builder = RouterBuilder()
    builder.add("/user/:id", exposure: .public) { request in
      _ = handled.increment()
      return "user \(request["id"] ?? "") v\(version)"
    }
    builder.add("/item/<int:id>(/edit)") { request in
      _ = handled.increment()
      return try request.int("id")
    }
    builder.add("/admin") { _ in
      _ = handled.increment()
      return "admin"
    }
    builder.add("/v\(version % 2)/only") { _ in
      _ = handled.increment()
      return version
    }
    builder.redirect("/old/:id", to: "/user/:id")
    builder.use(
      ClosureMiddleware { request, next in
        if request.url.string.contains("admin"), request.origin.isExternal {
          throw RoutingError(.forbidden, "no admin from outside")
        }
        return try await next(request)
      })
    if let observer { builder.observe(observer) }
    return builder
  }

  /// The phases of each link in `events`, by number, until `total` links have an outcome.
  static func phases(of events: AsyncStream<RouteEvent>, until total: Int) async -> [UInt64: [RouteEvent.Phase]] {
    var phases: [UInt64: [RouteEvent.Phase]] = [:]
    var endings = 0
    for await event in events {
      phases[event.openID, default: []].append(event.phase)
      if event.phase.isOutcome { endings += 1 }
      if endings == total { break }
    }
    return phases
  }

  @Test("opens, canOpen and table replacement from many tasks: one outcome per open, every event once")
  func routerUnderReplacement() async throws {
    let handled = Tally()
    let observer = CountingObserver()
    let holder = try RouterHolder(builder: Self.builder(version: 0, handled: handled, observer: observer))
    let events = holder.events(bufferingNewest: 1_000_000)
    let total = Self.tasks * Self.opensPerTask
    let collector = Task { await Self.phases(of: events, until: total) }
    let outcomes = OutcomeCounts(total)
    let successes = Tally()
    // A redirected open must reach the user route with the id it came with.
    let redirected = Tally()
    let misdirected = Tally()
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        // Replaces the table over and over, half the time with an observer attached, and
        // subscribes to the event stream midway.
        var lateReader: Task<Void, Never>?
        for version in 1...200 {
          let observed = version.isMultiple(of: 2) ? observer : nil
          holder.replace(with: try! Self.builder(version: version, handled: handled, observer: observed).build())
          if version == 100 {
            let late = holder.events(bufferingNewest: 16)
            lateReader = Task { for await _ in late {} }
          }
          await Task.yield()
        }
        lateReader?.cancel()
      }
      for worker in 0..<Self.tasks {
        group.addTask {
          for step in 0..<Self.opensPerTask {
            let number = worker * Self.opensPerTask + step
            let url = Self.urls[number % Self.urls.count]
            let origin: Origin = step.isMultiple(of: 3) ? .external() : .internal
            _ = holder.router.canOpen(url, origin: origin)
            if step.isMultiple(of: 2) {
              if let result = try? await holder.router.open(url, origin: origin) {
                _ = successes.increment()
                if url == "/old/9" {
                  let reached = (try? result.value(as: String.self)) ?? ""
                  _ = (reached.hasPrefix("user 9 v") ? redirected : misdirected).increment()
                }
              }
              outcomes.record(number)
            } else {
              await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                holder.router.open(url, origin: origin) { result in
                  if case .success = result { _ = successes.increment() }
                  outcomes.record(number)
                  done.resume()
                }
              }
            }
          }
        }
      }
    }
    let phases = await withTaskGroup(of: [UInt64: [RouteEvent.Phase]]?.self) { group in
      group.addTask { await collector.value }
      group.addTask {
        try? await Task.sleep(for: .seconds(60))
        collector.cancel()
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? [:]
    }
    let counts = outcomes.counts
    #expect(counts.allSatisfy { $0 == 1 }, "every open has exactly one outcome")
    #expect(phases.count == total, "every open is seen by the holder's stream")
    for (openID, seen) in phases {
      #expect(seen.filter { $0 == .prepare }.count == 1, "open \(openID): \(seen)")
      #expect(seen.filter(\.isOutcome).count == 1, "open \(openID): \(seen)")
    }
    #expect(phases.values.filter { $0.contains(.did) }.count == successes.value)
    #expect(handled.value == successes.value, "one handler run per success")
    #expect(redirected.value > 0, "redirects were opened")
    #expect(misdirected.value == 0, "a redirect reached the user route without its id")
    #expect(observer.prepares.value == observer.endings.value)
  }

  /// How many outcomes each open got: one atomic counter per open.
  final class OutcomeCounts: Sendable {
    private let storage: [Tally]
    init(_ count: Int) { storage = (0..<count).map { _ in Tally() } }
    func record(_ open: Int) { _ = storage[open].increment() }
    var counts: [Int] { storage.map(\.value) }
  }

  final class Service: Sendable {
    let serial: Int
    init(_ serial: Int) { self.serial = serial }
  }

  struct Transient: Sendable { let serial: Int }

  @Test("links from many tasks while readiness flips: each link has one outcome, every waiter returns")
  func inboxWhileReadinessFlips() async throws {
    let handled = Tally()
    let holder = try RouterHolder(builder: Self.builder(version: 0, handled: handled, observer: nil))
    var policy = LinkInbox.Policy()
    policy.waitingRule = .keepAll(limit: 64)
    let inbox = LinkInbox(router: holder, policy: policy)
    let events = holder.events(bufferingNewest: 1_000_000)
    let perTask = 200
    let total = Self.tasks * perTask
    let collector = Task { await Self.phases(of: events, until: total) }
    let answered = Tally()
    let flipper = Task {
      var ready = false
      while !Task.isCancelled {
        ready.toggle()
        inbox.setReady(ready, reason: "flipping")
        await Task.yield()
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<Self.tasks {
        group.addTask {
          for step in 0..<perTask {
            let url = "/user/\(worker)-\(step)"
            if step % 2 == 0 {
              inbox.receive(url, origin: .external())
            } else {
              _ = try? await inbox.open(url, origin: .external())
              _ = answered.increment()
            }
          }
        }
      }
    }
    flipper.cancel()
    _ = await flipper.value
    inbox.setReady(true)
    let phases = await collector.value
    #expect(answered.value == total / 2, "every open(_:) returned")
    #expect(phases.count == total, "every link is seen by the holder's stream")
    for (openID, seen) in phases {
      #expect(seen.first == .received, "link \(openID): \(seen)")
      #expect(seen.filter(\.isOutcome).count == 1, "link \(openID): \(seen)")
    }
    let opened = phases.values.filter { $0.contains(.did) }.count
    #expect(opened == handled.value, "one handler run per opened link")
    #expect(inbox.waiting.isEmpty)
  }

  @Test("shared modules are made once and transient ones every time, from many tasks")
  func registryFromManyTasks() async throws {
    let sharedMade = Tally()
    let transientMade = Tally()
    var builder = ModuleRegistryBuilder()
    builder.register(Service.self, scope: .shared) { _ in
      Service(sharedMade.increment())
    }
    builder.register(Transient.self) { resolver in
      _ = try resolver.make(Service.self)
      return Transient(serial: transientMade.increment())
    }
    let registry = try builder.build()
    let perTask = 500
    let services = await withTaskGroup(of: Set<ObjectIdentifier>.self) { group in
      for _ in 0..<Self.tasks {
        group.addTask {
          var seen = Set<ObjectIdentifier>()
          for step in 0..<perTask {
            if step.isMultiple(of: 2) {
              if let service = try? registry.make(Service.self) { seen.insert(ObjectIdentifier(service)) }
            } else {
              _ = try? registry.make(Transient.self)
            }
          }
          return seen
        }
      }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1) }
    }
    #expect(services.count == 1, "one shared instance")
    #expect(sharedMade.value == 1, "the shared factory ran once")
    #expect(transientMade.value == Self.tasks * perTask / 2, "one transient per make")
  }

  final class Home {}
  final class Card {}

  @Test("performing and removing routes from many tasks leaves the screen as it was")
  func navigationFromManyTasks() async throws {
    let made = Tally()
    var builder = ModuleRegistryBuilder()
    builder.register(Home.self, target: "Home") { _ in Home() }
    builder.register(Card.self, target: "Card") { _ in
      _ = made.increment()
      return Card()
    }
    let modules = await MainActor.run {
      ScreenCoordinator(registry: try! builder.build(), navigator: HeadlessNavigator())
    }
    let home = try await modules.show(Home.self, .replaceRoot)
    let rootID = await home.screen.id
    let before = await MainActor.run { modules.navigator.state }
    let removed = Tally()
    let perTask = 200
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<Self.tasks {
        group.addTask {
          for _ in 0..<perTask {
            guard let card = try? await modules.show(Card.self, .addChild, from: rootID) else { continue }
            await Task.yield()
            if (try? await card.remove()) != nil { _ = removed.increment() }
          }
        }
      }
    }
    #expect(made.value == Self.tasks * perTask)
    #expect(removed.value == Self.tasks * perTask, "every performed route is removed once")
    let after = await MainActor.run { modules.navigator.state }
    #expect(after == before)
  }
}
