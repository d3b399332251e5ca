import Hummingbird

// The load test's yardstick: a plain Hummingbird server whose one route answers a fixed 302,
// with nothing looked up, counted or signed. `Scripts/link-service-load.sh` runs it beside
// `waypoint-links serve` under the same load. Usage: waypoint-links-baseline PORT
let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8081
let router = Router()
router.get("/{code}") { _, _ in
  Response.redirect(to: "https://www.notes.example.com/n/42", type: .found)
}
let application = Application(
  router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)))
try await application.runService()
