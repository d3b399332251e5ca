// Waypoint against routing-kit and Swinject, interleaved in one process, medians over rounds.
// Synchronous on purpose, so it also runs under callgrind. Usage: compare [--rounds N] [--quick]
// [--router-only: workloads 1 and 9 alone]
import AllocationCounter
import Foundation
import Workloads

let arguments = CommandLine.arguments
let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 5
let quick = arguments.contains("--quick")
precondition(rounds >= 1, "--rounds takes a positive number")

var rows: [(String, String, String, String)] = []
func row(_ workload: String, _ waypoint: String, _ peer: String, _ note: String = "") {
  rows.append((workload, waypoint, peer, note))
}
func ns(_ value: Double) -> String {
  value >= 10_000 ? String(format: "%.1f µs", value / 1000) : String(format: "%.0f ns", value)
}

/// Medians of `a` and `b` per item, run interleaved (a, b, a, b…) for `rounds` rounds.
func interleaved(items: Int, _ a: () -> Int, _ b: () -> Int) -> (Double, Double) {
  var first: [Double] = []
  var second: [Double] = []
  for _ in 0..<rounds {
    let (x, tx) = timed(a)
    let (y, ty) = timed(b)
    keep(x)
    keep(y)
    first.append(tx / Double(items))
    second.append(ty / Double(items))
  }
  return (median(first), median(second))
}

/// ``interleaved(items:_:_:)`` for work that makes something kept: each result is freed after
/// its clock stops, as a launch keeps what it loads (its teardown is no part of the load).
func interleavedKeeping<A, B>(items: Int, _ a: () -> A, _ b: () -> B) -> (Double, Double) {
  var first: [Double] = []
  var second: [Double] = []
  for _ in 0..<rounds {
    let (x, tx) = timed(a)
    keep(x)
    let (y, ty) = timed(b)
    keep(y)
    first.append(tx / Double(items))
    second.append(ty / Double(items))
  }
  return (median(first), median(second))
}

func medianTime(_ body: () -> Void) -> Double {
  median((0..<rounds).map { _ in timed(body).1 })
}

// MARK: Workload 1: the deep-link table, with a correctness check first

if arguments.contains("--build-only") {
  // For profiles: only building workload 1's table, three times.
  let workload = DeepLinkWorkload(modules: 100, lookups: 10)
  for _ in 0..<3 { print((try workload.buildWaypoint()).routes.count) }
  exit(0)
}

if arguments.contains("--lookups-only") {
  // For profiles: only workload 1's Waypoint lookups, three times.
  let workload = DeepLinkWorkload(modules: 100)
  let built = try workload.buildWaypoint()
  for _ in 0..<3 { print(DeepLinkWorkload.lookUp(built, workload.urls)) }
  exit(0)
}

if let index = arguments.firstIndex(of: "--callgrind-lookups") {
  // For instruction counts: build a table of MODULES × 100 routes, then look up its 10,000 URLs
  // REPEAT times (`--callgrind-lookups MODULES REPEAT`). Two runs with different REPEAT give the
  // instructions per lookup by difference, apart from building (Scripts/callgrind-lookups.sh).
  let modules = Int(arguments[index + 1]) ?? 1
  let repeats = Int(arguments[index + 2]) ?? 1
  let workload = DeepLinkWorkload(modules: modules)
  let built = try workload.buildWaypoint()
  var total = 0
  for _ in 0..<repeats { total &+= DeepLinkWorkload.lookUp(built, workload.urls) }
  print(total)
  exit(0)
}

if arguments.contains("--resolve-only") {
  // For profiles: only workload 9's Router.resolve over the hits, and the table's matches it is
  // compared with, three times each.
  let workload = DeepLinkWorkload(modules: 100)
  let router = try workload.buildRouter()
  let table = try workload.buildWaypoint()
  let hits = workload.hitIndices.map { workload.urls[$0] }
  for _ in 0..<3 { print(DeepLinkWorkload.resolve(router, hits), DeepLinkWorkload.count(table, hits)) }
  exit(0)
}

if arguments.contains("--registry-only") {
  // For profiles: only building the 5,000-module registry, three times.
  let steps = RegistryWorkload.steps(5_000)
  for _ in 0..<3 { keep(try RegistryWorkload.build(steps)) }
  exit(0)
}

if arguments.contains("--manifest-only") {
  // For profiles: only loading the 10,000-route manifest, three times.
  let workload = ManifestWorkload(routes: 10_000)
  for _ in 0..<3 { keep(try workload.load()) }
  exit(0)
}

if arguments.contains("--phases") {
  // Where a manifest load's time goes, per route, three times: each phase alone (read: JSON to
  // checked routes; load: read and table; build: the same patterns into a table of `Int`
  // payloads; JSONDecoder), then load, build and read each interleaved with JSONDecoder as
  // `manifest-load-ratio-vs-jsondecoder` measures them.
  let workload = ManifestWorkload(routes: 10_000)
  let routes = Double(workload.routeCount)
  for _ in 0..<3 {
    let read = medianTime { keep(try? workload.read()) } / routes
    let load = medianTime { keep(try? workload.load()) } / routes
    let build = medianTime { keep(try? workload.buildWaypoint()) } / routes
    let plain = medianTime { keep(try? workload.decodePlain()) } / routes
    print(String(format: "alone: read %.0f, load %.0f, build %.0f, JSONDecoder %.0f ns", read, load, build, plain))
    let decode = { (try? workload.decodePlain()) ?? 0 }
    let (loadBeside, decodeBeside) = interleaved(
      items: workload.routeCount, { (try? workload.load())?.count ?? 0 }, decode)
    let (buildBeside, decodeBeside2) = interleaved(
      items: workload.routeCount, { (try? workload.buildWaypoint())?.count ?? 0 }, decode)
    let (readBeside, decodeBeside3) = interleaved(items: workload.routeCount, { (try? workload.read()) ?? 0 }, decode)
    print(
      String(
        format: "interleaved with JSONDecoder: load %.0f (%.0f), build %.0f (%.0f), read %.0f (%.0f) ns",
        loadBeside, decodeBeside, buildBeside, decodeBeside2, readBeside, decodeBeside3))
  }
  exit(0)
}

if arguments.contains("--compiled-only") {
  // For profiles: only loading the 10,000-route manifest's compiled table, three times.
  let workload = ManifestWorkload(routes: 10_000)
  for _ in 0..<3 { keep(try workload.loadCompiled()) }
  exit(0)
}

if arguments.contains("--decoder-only") {
  // For profiles: only JSONDecoder decoding the same 10,000-route manifest, three times (the floor
  // `--manifest-only` is compared with).
  let workload = ManifestWorkload(routes: 10_000)
  for _ in 0..<3 { keep(try workload.decodePlain()) }
  exit(0)
}

if arguments.contains("--peer-lookups-only") {
  // For profiles: only workload 1's routing-kit lookups, three times, to compare counts.
  let workload = DeepLinkWorkload(modules: 100)
  let built = workload.buildRoutingKit()
  for _ in 0..<3 { print(DeepLinkWorkload.lookUp(built, workload.splitPaths)) }
  exit(0)
}

let deepLinks = DeepLinkWorkload(modules: 100)
let table = try deepLinks.buildWaypoint()
let kit = deepLinks.buildRoutingKit()
let problems = deepLinks.verify(table, kit)
guard problems.isEmpty else {
  print("Waypoint and routing-kit disagree with the expected answers:\n" + problems.joined(separator: "\n"))
  exit(1)
}
_ = DeepLinkWorkload.lookUp(table, deepLinks.urls)
_ = DeepLinkWorkload.lookUp(kit, deepLinks.splitPaths)
let (waypointLookup, kitLookup) = interleaved(
  items: deepLinks.urls.count, { DeepLinkWorkload.lookUp(table, deepLinks.urls) },
  { DeepLinkWorkload.lookUp(kit, deepLinks.splitPaths) })
row(
  "1. deep links, 10,000 routes, lookup", ns(waypointLookup), ns(kitLookup),
  "Waypoint from the URL string; routing-kit from pre-split segments")

let hits = deepLinks.hitIndices.map { deepLinks.urls[$0] }
let before = waypoint_allocation_count()
keep(DeepLinkWorkload.lookUp(table, hits))
let allocationsPerLookup = Double(waypoint_allocation_count() - before) / Double(hits.count)
row(
  "1. allocations per successful lookup", String(format: "%.2f", allocationsPerLookup), "-",
  "counted by interposing malloc")

// MARK: Workload 9: the router end to end, on the same table and the URLs that hit

/// The value a task hands to the synchronous code waiting for it, behind a semaphore.
final class Handover<T>: @unchecked Sendable { var value: T? }

/// Runs `body` on the concurrency pool and waits for its value: `compare` is synchronous.
func blocking<T>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = Handover<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    box.value = await body()
    done.signal()
  }
  done.wait()
  guard let value = box.value else { preconditionFailure("the task signals after storing its value") }
  return value
}

let router = try deepLinks.buildRouter()
let hitURLs = hits
let expectedOpen = DeepLinkWorkload.lookUp(table, hitURLs)
guard blocking({ await DeepLinkWorkload.open(router, hitURLs) }) == expectedOpen,
  DeepLinkWorkload.resolve(router, hitURLs) == DeepLinkWorkload.count(table, hitURLs)
else {
  print("the router and the table disagree on the deep-link URLs")
  exit(1)
}
let openTime =
  median(
    (0..<rounds).map { _ in
      blocking {
        let (checksum, time) = await timedAsync { await DeepLinkWorkload.open(router, hitURLs) }
        keep(checksum)
        return time
      }
    }) / Double(hitURLs.count)
row(
  "9. open, 10,000 routes, per URL", ns(openTime), "-",
  "URL string in, one middleware, handler, result out (hits)")
let (resolveTime, matchTime) = interleaved(
  items: hitURLs.count, { DeepLinkWorkload.resolve(router, hitURLs) }, { DeepLinkWorkload.count(table, hitURLs) })
row("9. Router.resolve, per URL", ns(resolveTime), ns(matchTime), "peer: RouteTable.match on the same URLs")
let objectTable = try deepLinks.buildObjectTable()
let (objectMatchTime, intMatchTime) = interleaved(
  items: hitURLs.count, { DeepLinkWorkload.count(objectTable, hitURLs) }, { DeepLinkWorkload.count(table, hitURLs) })
row(
  "9. RouteTable.match, object payloads", ns(objectMatchTime), ns(intMatchTime),
  "peer: the same table with Int payloads; a router's payloads are objects")
if arguments.contains("--router-only") {
  // Workloads 1 and 9 alone, for a quick reading of the router's figures.
  print(String(format: "open-ns-per-url: %.0f", openTime))
  print(
    String(
      format: "resolve-ratio-vs-match: %.3f (%.0f ns against %.0f ns)", resolveTime / matchTime, resolveTime,
      matchTime))
  print(String(format: "object-match-ratio-vs-match: %.3f", objectMatchTime / intMatchTime))
  exit(0)
}

// MARK: Workloads 2 and 3: scale and build time

var lookupBySize: [Int: Double] = [:]
var kitLookupBySize: [Int: Double] = [:]
var buildRatioBySize: [Int: Double] = [:]
for modules in quick ? [1, 10, 100] : [1, 10, 100, 1000] {
  let workload = DeepLinkWorkload(modules: modules, lookups: 10_000)
  let routeCount = workload.routes.count
  let waypointBuild = medianTime { keep(try? workload.buildWaypoint()) }
  let kitBuild = medianTime { keep(workload.buildRoutingKit()) }
  buildRatioBySize[routeCount] = waypointBuild / kitBuild
  row(
    "3. build \(routeCount) routes, per route", ns(waypointBuild / Double(routeCount)),
    ns(kitBuild / Double(routeCount)))
  let sized = try workload.buildWaypoint()
  let sizedKit = workload.buildRoutingKit()
  let (waypointTime, kitTime) = interleaved(
    items: workload.urls.count, { DeepLinkWorkload.lookUp(sized, workload.urls) },
    { DeepLinkWorkload.lookUp(sizedKit, workload.splitPaths) })
  lookupBySize[routeCount] = waypointTime
  kitLookupBySize[routeCount] = kitTime
  row("2. lookup at \(routeCount) routes", ns(waypointTime), ns(kitTime))
}

// MARK: Workload 4: a realistic app table

let app = AppWorkload()
let appTable = try app.buildWaypoint()
let appLookup = medianTime { keep(AppWorkload.lookUp(appTable, app.urls)) } / Double(app.urls.count)
let appBuild = medianTime { keep(try? app.buildWaypoint()) } / Double(app.patterns.count)
row(
  "4. app table (\(app.patterns.count) routes), lookup", ns(appLookup), "-",
  "regex, typed, optional groups, queries, escapes")
row("4. app table, build per route", ns(appBuild), "-")

// MARK: Workload 5: module resolution

let registry = try ResolutionWorkload.waypointRegistry()
let container = ResolutionWorkload.swinjectContainer()
let resolutions = 20_000
var resolveRatio = Double.nan
for (name, waypoint, swinject) in [
  (
    "transient, no dependencies", { ResolutionWorkload.resolve(Leaf.self, in: registry, times: resolutions) },
    { ResolutionWorkload.resolve(Leaf.self, in: container, times: resolutions) }
  ),
  (
    "transient, three dependencies", { ResolutionWorkload.resolve(Composite.self, in: registry, times: resolutions) },
    { ResolutionWorkload.resolve(Composite.self, in: container, times: resolutions) }
  ),
  (
    "shared", { ResolutionWorkload.resolve(Singleton.self, in: registry, times: resolutions) },
    { ResolutionWorkload.resolve(Singleton.self, in: container, times: resolutions) }
  ),
] as [(String, () -> Int, () -> Int)] {
  let (ours, theirs) = interleaved(items: resolutions, waypoint, swinject)
  if name.hasPrefix("transient, no") { resolveRatio = ours / theirs }
  row("5. resolve \(name)", ns(ours), ns(theirs), "peer: Swinject 2.10.0")
}

// MARK: Workload 6: one regex per route, tried in turn

for modules in quick ? [1, 10] : [1, 10, 100] {
  let workload = DeepLinkWorkload(modules: modules, lookups: modules >= 100 ? 100 : 1000)
  let scan = try workload.buildRegexScan()
  let perLookup = medianTime { keep(DeepLinkWorkload.lookUp(scan, workload.urls)) } / Double(workload.urls.count)
  let sized = try workload.buildWaypoint()
  let ours = medianTime { keep(DeepLinkWorkload.lookUp(sized, workload.urls)) } / Double(workload.urls.count)
  row(
    "6. regex scan at \(workload.routes.count) routes", ns(ours), ns(perLookup),
    "peer: NSRegularExpression per route (WLRRoute-style)")
}

// MARK: Workload 7: cold start, a manifest of 10,000 routes in memory to a built table

let manifestWorkload = ManifestWorkload(routes: quick ? 1_000 : 10_000)
let manifestRoutes = Double(manifestWorkload.routeCount)
guard (try? manifestWorkload.load())?.routes.count == manifestWorkload.routeCount,
  manifestWorkload.lint().isEmpty
else {
  print("the manifest workload does not load clean")
  exit(1)
}
guard manifestWorkload.compiledIsUsed, (try? manifestWorkload.loadCompiled())?.count == manifestWorkload.routeCount
else {
  print("the manifest workload's compiled table does not load")
  exit(1)
}
guard (try? manifestWorkload.decodePlain()) == manifestWorkload.routeCount else {
  print("JSONDecoder does not decode the manifest workload")
  exit(1)
}
// Interleaved with JSONDecoder on the same bytes, so a slower machine moves both.
// Each result is freed after its clock stops: a launch keeps its table, and the decoded structs.
let (manifestLoad, plainDecode) = interleavedKeeping(
  items: manifestWorkload.routeCount, { try? manifestWorkload.load() }, { try? manifestWorkload.decodeKept() })
// A compiled table shipped with the manifest, checked and loaded, against JSONDecoder again.
let (compiledLoad, plainForCompiled) = interleavedKeeping(
  items: manifestWorkload.routeCount, { try? manifestWorkload.loadCompiled() },
  { try? manifestWorkload.decodeKept() })
let lintTime = medianTime { keep(manifestWorkload.lint()) } / manifestRoutes
row(
  "7. manifest → table, \(manifestWorkload.routeCount) routes, per route", ns(manifestLoad), "-",
  "JSON bytes in memory; reading, validation, table build")
// Reading alone (JSON to checked routes, no table), against JSONDecoder again: where the time goes.
let (manifestRead, plainAgain) = interleaved(
  items: manifestWorkload.routeCount,
  { (try? manifestWorkload.read()) ?? 0 },
  { (try? manifestWorkload.decodePlain()) ?? 0 })
row(
  "7. JSONDecoder into plain Codable structs, per route", ns(plainDecode), "-",
  "the same bytes, no checks, no table: the floor of a manifest load")
row("7. manifest read, no table, per route", ns(manifestRead), "-", "JSON to checked routes")
row(
  "7. compiled table → table, per route", ns(compiledLoad), "-",
  "format, checksum and manifest checked; the same table, nothing parsed")
row("7. lint, per route", ns(lintTime), "-", "every diagnostic, shadowing included")

/// The heap bytes `make`'s result keeps once everything else it allocated is freed.
func retainedBytes<T>(_ make: () throws -> T) rethrows -> (T, Int) {
  let before = waypoint_live_bytes()
  let value = try make()
  return (value, waypoint_live_bytes() - before)
}
let (memoryTable, tableBytes) = try retainedBytes { try manifestWorkload.buildWaypoint() }
let (memoryKit, kitBytes) = retainedBytes { manifestWorkload.buildRoutingKit() }
keep(memoryTable)
keep(memoryKit)
row(
  "7. table memory, per route", "\(tableBytes / manifestWorkload.routeCount) B",
  "\(kitBytes / manifestWorkload.routeCount) B", "live heap bytes kept by the built table (Int payloads)")

// MARK: Workload 8: the module registry at app scale

let registryModules = quick ? 1_000 : 5_000
let registrySteps = RegistryWorkload.steps(registryModules)
keep(try RegistryWorkload.build(registrySteps))
let registryBuild = medianTime { keep(try? RegistryWorkload.build(registrySteps)) } / Double(registryModules)
row(
  "8. registry, \(registryModules) modules, per module", ns(registryBuild), "-",
  "dependencies, configurations, adapters; build() validates")

// MARK: Report

let header = ("workload", "Waypoint", "peer", "")
let widths = [rows.map(\.0.count).max() ?? 0, 10, 10]
func pad(_ text: String, _ width: Int) -> String {
  text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
}
print([pad(header.0, widths[0]), pad(header.1, widths[1]), pad(header.2, widths[2])].joined(separator: "  "))
for (workload, waypoint, peer, note) in rows {
  print([pad(workload, widths[0]), pad(waypoint, widths[1]), pad(peer, widths[2]), note].joined(separator: "  "))
}
print("")
print("rounds: \(rounds) (medians), peer for lookups: routing-kit 4.9.3")
let largest = lookupBySize.keys.max() ?? 0
// The final lines, one per figure, name first; the targets are in docs/Performance.md.
print(String(format: "lookup-ratio-vs-routing-kit: %.3f", waypointLookup / kitLookup))
print(String(format: "build-ratio-vs-routing-kit: %.3f", buildRatioBySize[10_000] ?? .nan))
print(
  String(
    format: "scale-ratio-%dk-vs-100: %.3f", largest / 1000,
    (lookupBySize[largest] ?? .nan) / (lookupBySize[100] ?? .nan)))
print(
  String(
    format: "lookup-%dk-ratio-vs-routing-kit: %.3f", largest / 1000,
    (lookupBySize[largest] ?? .nan) / (kitLookupBySize[largest] ?? .nan)))
print(String(format: "allocs-per-lookup: %.2f", allocationsPerLookup))
print(String(format: "resolve-ratio-vs-swinject: %.3f", resolveRatio))
print(String(format: "manifest-load-ratio-vs-jsondecoder: %.3f", manifestLoad / plainDecode))
print(String(format: "manifest-read-ratio-vs-jsondecoder: %.3f", manifestRead / plainAgain))
print(String(format: "compiled-load-ratio-vs-jsondecoder: %.3f", compiledLoad / plainForCompiled))
print(String(format: "manifest-load-ns-per-route: %.0f", manifestLoad))
print(String(format: "lint-ns-per-route: %.0f", lintTime))
print("table-bytes-per-route: \(tableBytes / manifestWorkload.routeCount)")
print(String(format: "memory-ratio-vs-routing-kit: %.3f", Double(tableBytes) / Double(kitBytes)))
print(String(format: "registry-build-ns-per-module: %.0f", registryBuild))
print(String(format: "open-ns-per-url: %.0f", openTime))
print(String(format: "resolve-ratio-vs-match: %.3f", resolveTime / matchTime))
print(String(format: "object-match-ratio-vs-match: %.3f", objectMatchTime / intMatchTime))
