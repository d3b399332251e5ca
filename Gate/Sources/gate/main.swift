import AllocationCounter
// The operations a user pays for, each run over a fixed workload with callgrind counting only while
// it runs (`gate_start` / `gate_stop`): one dump per operation, named after it, and a line
// `NAME ITEMS ALLOCATIONS CHECKSUM` on standard output. `Scripts/gate.sh` runs this under
// callgrind and compares the counts per item with `Gate/Baseline.txt`.
//
//   gate [OPERATION...]          every operation, or those named
//
// WAYPOINT_GATE_PLANT=OPERATION is for the gate's own test: that operation does one extra pass in
// twenty while its count is divided as before, a planted 5% slowdown the gate must refuse.
//
// Synchronous at the top (callgrind cannot follow an async `main` that starts tasks): the work runs
// in one main-actor task while the main queue runs, and the program exits when it ends.
import Dispatch
import Foundation
import GateProbe
import Waypoint
import WaypointMatching

/// One operation: `passes` passes over its workload, each of `items` items, each pass returning a
/// checksum so nothing is optimised away.
struct Operation {
  let name: String
  let items: Int
  let passes: Int
  let pass: @MainActor () async throws -> Int
}

@MainActor func operations() throws -> [Operation] {
  let table = try Workloads.table()
  let router = try Workloads.router()
  let registrySteps = RegistryWorkload.steps(200)
  let resolution = try Workloads.resolutionRegistry()
  let (app, navigator) = try Workloads.app()
  // A compiled table that fell back to the JSON would measure a manifest load under another name.
  if let problem = try RouteManifest(data: Workloads.manifest, compiledTable: Workloads.compiledManifest)
    .compiledTableProblem
  {
    fatalError("the gate's compiled table is not used: \(problem)")
  }
  return [
    // The synchronous operations first: the asynchronous ones allocate a little differently each
    // run (thread interleaving), which would move the heap, and with it malloc's instructions, of
    // every operation after them.
    Operation(name: "lookup", items: Workloads.urls.count, passes: 20) {
      var checksum = 0
      for url in Workloads.urls {
        guard let match = try? table.match(url) else { continue }
        checksum &+= match.payload &+ (match.parameters["id"]?.utf8.count ?? 0)
      }
      return checksum
    },
    Operation(name: "table-build-per-route", items: Workloads.patterns.count, passes: 4) {
      withExtendedLifetime(try Workloads.table()) { Workloads.patterns.count }
    },
    Operation(name: "router-resolve", items: Workloads.hits.count, passes: 10) {
      var checksum = 0
      for url in Workloads.hits {
        guard let request = router.resolve(url).request, request.route != nil else { continue }
        checksum &+= 1 &+ (request.parameters["id"]?.utf8.count ?? 0)
      }
      return checksum
    },
    Operation(name: "manifest-load-per-route", items: 1_000, passes: 2) {
      withExtendedLifetime(try RouteManifest(data: Workloads.manifest).makeTable()) { 1_000 }
    },
    Operation(name: "compiled-load-per-route", items: 1_000, passes: 2) {
      let manifest = try RouteManifest(data: Workloads.manifest, compiledTable: Workloads.compiledManifest)
      return withExtendedLifetime(try manifest.makeTable()) { 1_000 }
    },
    Operation(name: "registry-build-per-module", items: registrySteps.count, passes: 4) {
      withExtendedLifetime(try RegistryWorkload.build(registrySteps)) { registrySteps.count }
    },
    Operation(name: "module-resolve", items: 2_000, passes: 4) {
      var made = 0
      for _ in 0..<2_000 where (try? resolution.make(Workloads.Leaf.self)) != nil { made += 1 }
      return made
    },
    Operation(name: "router-open", items: Workloads.hits.count, passes: 4) {
      var checksum = 0
      for url in Workloads.hits {
        checksum &+= try await router.open(url).value(as: Int.self)
      }
      return checksum
    },
    Operation(name: "inbox-to-navigator", items: Workloads.noteLinks.count, passes: 2) {
      var checksum = 0
      for link in Workloads.noteLinks {
        _ = try await app.open(link, origin: .external())
        checksum &+= navigator.state.tabs?["notes"]?.stack.count ?? 0
      }
      return checksum
    },
    // A screen's own link (`openLink`): the string in, the window's state changed out, through
    // the inbox, the router and the window it was opened from.
    Operation(name: "in-app-open", items: Workloads.noteLinks.count, passes: 2) {
      var checksum = 0
      for link in Workloads.noteLinks {
        guard case .shown = await app.open(link, fromWindow: WaypointApp.mainWindow).finished else { continue }
        checksum &+= navigator.state.tabs?["notes"]?.stack.count ?? 0
      }
      return checksum
    },
  ]
}

@MainActor func run() async throws {
  let all = try operations()
  let wanted = Array(CommandLine.arguments.dropFirst())
  if let unknown = wanted.first(where: { name in !all.contains { $0.name == name } }) {
    FileHandle.standardError.write(
      Data("gate: no operation \(unknown); there are \(all.map(\.name).joined(separator: ", "))\n".utf8))
    exit(2)
  }
  let planted = ProcessInfo.processInfo.environment["WAYPOINT_GATE_PLANT"]
  for operation in all where wanted.isEmpty || wanted.contains(operation.name) {
    // One pass first, so what runs once per process (type metadata, lazy tables) is not counted.
    let expected = try await operation.pass()
    let extra = planted == operation.name ? max(1, operation.passes / 20) : 0
    let before = waypoint_allocation_count()
    gate_start()
    var checksum = 0
    for _ in 0..<(operation.passes + extra) { checksum &+= try await operation.pass() }
    gate_stop(operation.name)
    let allocations = waypoint_allocation_count() - before
    guard checksum == expected &* (operation.passes + extra) else {
      FileHandle.standardError.write(Data("gate: \(operation.name) gave different answers on its passes\n".utf8))
      exit(1)
    }
    print(operation.name, operation.items * operation.passes, allocations, checksum)
  }
}

/// Set by the main-actor task when the work is over; the main thread runs the main queue until then.
nonisolated(unsafe) var finished = false
Task { @MainActor in
  do {
    try await run()
  } catch {
    FileHandle.standardError.write(Data("gate: \(error)\n".utf8))
    exit(1)
  }
  finished = true
}
while !finished { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
