import Testing
import Waypoint

@Suite("Composition")
struct CompositionTests {
  @Test("groups prefix their routes and nest")
  func groups() async throws {
    var builder = RouterBuilder()
    builder.group("/shop") { shop in
      shop.add("/cart", name: "cart") { _ in "cart" }
      shop.add("", name: "shop") { _ in "shop" }
      shop.group("item") { item in item.add("<int:id>", name: "item") { request in "item \(request["id"] ?? "")" } }
    }
    let router = try builder.build()
    #expect(router.routes.map(\.pattern) == ["/shop/cart", "/shop", "/shop/item/<int:id>"])
    #expect(try await router.open("/shop/item/3").value(as: String.self) == "item 3")
    #expect(try await router.open("/shop/cart").value(as: String.self) == "cart")
    #expect(try router.url(for: "item", parameters: ["id": "9"]) == "/shop/item/9")
  }

  @Test("a feature router mounts under a prefix with its own middleware and targets")
  func mount() async throws {
    let recorder = Recorder()
    var notes = RouterBuilder()
    notes.use(TracingMiddleware(name: "notes", recorder: recorder))
    notes.add("/:id", name: "note") { request in "note \(request["id"] ?? "")" }
    notes.register(target: "NoteList") { _ in "list" }
    var app = RouterBuilder()
    app.use(TracingMiddleware(name: "app", recorder: recorder))
    app.add("/home") { _ in "home" }
    app.mount("/notes", notes)
    app.add(try RouteManifest(json: #"{"routes": [{"pattern": "/all", "target": "NoteList"}]}"#))
    let router = try app.build()
    #expect(try await router.open("/notes/4").value(as: String.self) == "note 4")
    #expect(recorder.all == ["app in", "notes in", "notes out", "app out"])
    #expect(try await router.open("/home").value(as: String.self) == "home")
    #expect(recorder.all.count == 6, "the feature's middleware runs for its routes only")
    #expect(try await router.open("/all").value(as: String.self) == "list")
  }

  @Test("a group's closure gets a builder: its middleware, targets, typed links and their parameter types join")
  func groupBuilder() async throws {
    let recorder = Recorder()
    var builder = RouterBuilder()
    builder.use(TracingMiddleware(name: "app", recorder: recorder))
    builder.group("/shop", middleware: [TracingMiddleware(name: "shop", recorder: recorder)]) { shop in
      shop.use(TracingMiddleware(name: "shop.use", recorder: recorder))
      shop.register(target: "Cart") { _ in "cart" }
      shop.add(RouteDefinition(pattern: "/cart", target: "Cart"))
      shop.group("/paint") { paint in
        paint.use(TracingMiddleware(name: "paint", recorder: recorder))
        paint.add("/<colour:colour>") { request in "paint \(request["colour"] ?? "")" }
        paint.parameterTypes.register(ParameterType("colour") { $0.count == 6 && $0.allSatisfy(\.isHexDigit) })
      }
    }
    builder.add("/home") { _ in "home" }
    let router = try builder.build()
    #expect(try await router.open("/shop/cart").value(as: String.self) == "cart")
    #expect(recorder.all == ["app in", "shop in", "shop.use in", "shop.use out", "shop out", "app out"])
    #expect(try await router.open("/shop/paint/ff8800").value(as: String.self) == "paint ff8800")
    #expect(
      recorder.all.suffix(8) == [
        "app in", "shop in", "shop.use in", "paint in", "paint out", "shop.use out", "shop out", "app out",
      ])
    #expect(router.resolve("/shop/paint/nothex").error?.code == .notFound)
    #expect(router.routes.map(\.pattern) == ["/shop/cart", "/shop/paint/<colour:colour>", "/home"])
  }

  @Test("a mounted feature's own group problems are reported, naming both prefixes")
  func mountedGroupProblems() {
    var feature = RouterBuilder()
    feature.group("/a") { group in group.add("myapp://x") { _ in 1 } }
    var app = RouterBuilder()
    app.mount("/f", feature)
    let error = #expect(throws: BuildError.self) { try app.build() }
    #expect(error?.errors(as: RoutingError.self).map(\.code) == [.invalidPattern])
    #expect(error?.message.contains("'myapp://x'") == true, "\(error?.message ?? "")")
  }

  @Test("a route under a prefix cannot name a scheme; build problems are reported together")
  func problems() {
    var builder = RouterBuilder()
    builder.group("/shop") { shop in shop.add("myapp://x") { _ in 1 } }
    builder.add("/a(") { _ in 1 }
    let error = #expect(throws: BuildError.self) { try builder.build() }
    #expect(error?.errors(as: RoutingError.self).map(\.code) == [.invalidPattern, .invalidPattern])
    #expect(error?.diagnostics.count == 2)
    #expect(error?.message.hasPrefix("2 problems:\n- invalidPattern: ") == true)
  }
}

@Suite("Routers from manifests")
struct ManifestRouterTests {
  static let json = """
    {"routes": [
      {"name": "note", "pattern": "notes://note/<int:id>", "target": "NoteEditor", "presentation": "push",
       "exposure": "public", "defaults": {"mode": "read"}},
      {"name": "legacy", "pattern": "notes://n/<int:id>", "redirect": "notes://note/:id", "exposure": "public"},
      {"name": "settings", "pattern": "/settings", "target": "Settings"}
    ]}
    """

  @Test("manifest targets run handlers registered in code, with the route's fields")
  func targets() async throws {
    var builder = RouterBuilder()
    builder.register(target: "NoteEditor") { request in
      "\(request.route?.target ?? "") \(request.route?.presentation?.description ?? "") \(try request.int("id")) \(request["mode"] ?? "")"
    }
    builder.register(target: "Settings") { _ in "settings" }
    builder.add(try RouteManifest(json: Self.json))
    let router = try builder.build()
    #expect(
      try await router.open("notes://note/3", origin: .external()).value(as: String.self) == "NoteEditor push 3 read")
    #expect(try await router.open("notes://n/3?mode=edit").value(as: String.self) == "NoteEditor push 3 edit")
    #expect(
      await #expect(throws: RoutingError.self) { _ = try await router.open("/settings", origin: .external()) }?.code
        == .notFound)
  }

  @Test("a target with no handler is a build error naming the route")
  func missingHandler() throws {
    var builder = RouterBuilder()
    builder.register(target: "NoteEditor") { _ in 1 }
    builder.add(try RouteManifest(json: Self.json))
    let error = #expect(throws: BuildError.self) { try builder.build() }?.routing
    #expect(error?.code == .missingHandler)
    #expect(error?.routeName == "settings")
    #expect(error?.message.hasPrefix("routes[2] ('settings'): the target 'Settings' has no handler") == true)
  }

  @Test("conflicts between code routes and manifest routes name both")
  func conflicts() throws {
    var builder = RouterBuilder()
    builder.register(target: "NoteEditor") { _ in 1 }
    builder.register(target: "Settings") { _ in 1 }
    builder.add("notes://note/<int:x>") { _ in 2 }
    builder.add(try RouteManifest(json: Self.json))
    let error = #expect(throws: BuildError.self) { try builder.build() }?.routing
    #expect(error?.code == .conflict)
    #expect(error?.message.contains("routes[0] ('note')") == true)
    #expect(error?.message.contains("'notes://note/<int:x>'") == true)
  }
}

@Suite("Runtime replacement")
struct HolderTests {
  @Test("opens in flight finish on the table they started with; new opens use the new one")
  func replaceWhileOpening() async throws {
    let gate = AsyncStream<Void>.makeStream()
    var builder = RouterBuilder()
    builder.register(target: "Promo") { request in
      if request["wait"] != nil { for await _ in gate.stream { break } }
      return "v1 \(request["campaign"] ?? "")"
    }
    builder.add(try RouteManifest(json: #"{"routes": [{"pattern": "/promo/:campaign", "target": "Promo"}]}"#))
    let holder = try RouterHolder(builder: builder)
    let events = holder.events()
    let inFlight = Task { try await holder.router.open("/promo/spring?wait=1").value(as: String.self) }
    try await Task.sleep(for: .milliseconds(50))
    try holder.replace(
      manifest: try RouteManifest(json: #"{"routes": [{"pattern": "/sale/:campaign", "target": "Promo"}]}"#))
    #expect(!holder.router.canOpen("/promo/spring"))
    #expect(try await holder.router.open("/sale/summer").value(as: String.self) == "v1 summer")
    gate.continuation.yield()
    #expect(try await inFlight.value == "v1 spring")
    var phases: [RouteEvent.Phase] = []
    for await event in events {
      phases.append(event.phase)
      if phases.filter({ $0 == .did }).count == 2 { break }
    }
    #expect(phases.filter { $0 == .prepare }.count == 2, "one event stream across replacements")
  }

  @Test("a failed replacement keeps the current router")
  func failedReplacement() async throws {
    var builder = RouterBuilder()
    builder.add("/a") { _ in "a" }
    let holder = try RouterHolder(builder: builder)
    #expect(throws: BuildError.self) {
      try holder.replace(manifest: try RouteManifest(json: #"{"routes": [{"pattern": "/b", "target": "Nope"}]}"#))
    }
    #expect(try await holder.router.open("/a").value(as: String.self) == "a")
    let plain = RouterHolder(try builder.build())
    let refused = #expect(throws: BuildError.self) { try plain.replace(manifest: RouteManifest(routes: [])) }
    #expect(refused?.manifest?.code == .invalidManifest)
  }
}
