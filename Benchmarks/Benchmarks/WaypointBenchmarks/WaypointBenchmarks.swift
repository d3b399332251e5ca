import Benchmark
import Foundation
import Workloads

// package-benchmark suites for the workloads of `compare`: wall time and malloc counts, for local
// runs with `swift package benchmark` (see docs/Performance.md). Compare ratios within one run;
// these VMs have no hardware counters and noisy wall time.
let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .throughput]
  let configuration = Benchmark.Configuration(metrics: metrics, maxDuration: .seconds(2), maxIterations: 1_000)

  let deepLinks = DeepLinkWorkload(modules: 100, lookups: 1_000)
  guard let table = try? deepLinks.buildWaypoint() else { return }
  let kit = deepLinks.buildRoutingKit()
  Benchmark("1. deep links: Waypoint lookup ×1000", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(DeepLinkWorkload.lookUp(table, deepLinks.urls)) }
  }
  Benchmark("1. deep links: routing-kit lookup ×1000", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(DeepLinkWorkload.lookUp(kit, deepLinks.splitPaths)) }
  }

  for modules in [1, 10, 100, 1000] {
    let workload = DeepLinkWorkload(modules: modules, lookups: 1_000)
    guard let sized = try? workload.buildWaypoint() else { continue }
    Benchmark("2. scale: lookup ×1000 at \(workload.routes.count) routes", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(DeepLinkWorkload.lookUp(sized, workload.urls)) }
    }
    Benchmark("3. build \(workload.routes.count) routes", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try? workload.buildWaypoint()) }
    }
  }

  let app = AppWorkload(lookups: 1_000)
  guard let appTable = try? app.buildWaypoint() else { return }
  Benchmark("4. app table lookup ×1000", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(AppWorkload.lookUp(appTable, app.urls)) }
  }

  guard let registry = try? ResolutionWorkload.waypointRegistry() else { return }
  let container = ResolutionWorkload.swinjectContainer()
  Benchmark("5. Waypoint resolve transient ×1000", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(ResolutionWorkload.resolve(Leaf.self, in: registry, times: 1_000)) }
  }
  Benchmark("5. Swinject resolve transient ×1000", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(ResolutionWorkload.resolve(Leaf.self, in: container, times: 1_000))
    }
  }

  let small = DeepLinkWorkload(modules: 10, lookups: 100)
  guard let scan = try? small.buildRegexScan() else { return }
  Benchmark("6. regex scan ×100 at 1000 routes", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(DeepLinkWorkload.lookUp(scan, small.urls)) }
  }
}
