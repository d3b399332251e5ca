import AsyncHTTPClient
import Foundation
import NIOHTTP1
import SQLiteNIO
import Testing

/// The `waypoint-links` binary the test build made, beside the test bundle.
func serviceBinary() throws -> URL {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
  for folder in [bundle.deletingLastPathComponent(), bundle.deletingLastPathComponent().deletingLastPathComponent()] {
    let binary = folder.appendingPathComponent("waypoint-links")
    if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
  }
  throw CancellationError()
}

/// A `waypoint-links serve` process on a free port, and the port it said it listens on.
final class ServerProcess: @unchecked Sendable {
  let process = Process()
  let errors = Pipe()
  private(set) var port = 0

  /// A server on the store `store` gives (`--database FILE` or `--postgres URL`).
  init(store: [String]) throws {
    process.executableURL = try serviceBinary()
    process.arguments = ["serve", "--port", "0"] + store
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["WAYPOINT_LINKS_ADMIN_KEY": "shutdown-test-admin-key"], uniquingKeysWith: { $1 })
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
  }

  private let said = NSLock()
  private var rest = ""
  /// What the server wrote to standard error after it said its port.
  var log: String { said.withLock { rest } }

  /// Reads the rest of standard error on a thread of its own, so the pipe never fills.
  private func drain() {
    let handle = errors.fileHandleForReading
    Thread.detachNewThread { [self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { return }
        said.withLock { rest += String(decoding: data, as: UTF8.self) }
      }
    }
  }

  /// Waits for the line that names the port.
  func waitUntilListening() throws {
    var text = ""
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let data = errors.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
      if let range = text.range(of: "port=") {
        port = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
        if port > 0 {
          drain()
          return
        }
      }
    }
    Issue.record("the server never said its port: \(text)")
  }
}

@Suite("Shutdown")
struct ShutdownTests {
  @Test("SIGTERM in the middle of the clicks: the server finishes its requests and every answered click is written")
  func noClickLost() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let database = folder.appendingPathComponent("links.sqlite").path
    let server = try ServerProcess(store: ["--database", database])
    try server.waitUntilListening()
    var settings = HTTPClient.Configuration()
    settings.redirectConfiguration = .disallow
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
    let port = server.port
    // Eight clients click until the server stops answering; SIGTERM arrives after 300 answers.
    let answered = try await withThrowingTaskGroup(of: Int.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var answers = 0
          for index in 0..<10_000 {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/\(index % 2 == 0 ? "welcome" : "release")")
            request.headers.add(name: "User-Agent", value: [iPhone, android, desktop, messages][(worker + index) % 4])
            do {
              let response = try await client.execute(request, timeout: .seconds(5))
              _ = try await response.body.collect(upTo: 1 << 20)
              guard response.status.code == 200 || response.status.code == 302 else { break }
              answers += 1
            } catch {
              print("worker \(worker) stopped after \(answers): \(error)")
              break
            }
          }
          return answers
        }
      }
      group.addTask {
        try await Task.sleep(for: .milliseconds(1_500))
        kill(server.process.processIdentifier, SIGTERM)
        return 0
      }
      return try await group.reduce(0, +)
    }
    server.process.waitUntilExit()
    try await client.shutdown()
    #expect(server.process.terminationStatus == 0, "\(server.log)")
    #expect(answered > 50, "the clicks ran before the signal")
    let connection = try await SQLiteConnection.open(storage: .file(path: database))
    let rows = try await connection.query("SELECT COALESCE(SUM(count), 0) AS total FROM clicks")
    try await connection.close()
    #expect(rows.first?.column("total")?.integer == answered)
  }
}
