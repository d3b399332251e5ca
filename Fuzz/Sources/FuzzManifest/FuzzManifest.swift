import FoundationEssentials
import FuzzSupport
import Waypoint
import WaypointMatching

/// Manifest loading: any bytes read as a manifest or fail with `invalidManifest`; a manifest that
/// reads builds a table or fails with a documented build error; lint never crashes; every route
/// of a built table matches a URL printed from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  _ = RouteManifest.diagnose(data: bytes)
  let manifest: RouteManifest
  do {
    manifest = try RouteManifest(data: bytes)
  } catch {
    require(error, isOneOf: [.invalidManifest], input: text)
    return 0
  }
  _ = manifest.diagnose()
  let table: RouteTable<ManifestRoute>
  do {
    table = try manifest.makeTable()
  } catch {
    require(
      error, isOneOf: [.invalidManifest, .invalidPattern, .conflict, .duplicateName, .invalidRedirect], input: text)
    return 0
  }
  for route in table.routes {
    guard let (url, values) = sampleURL(for: route.pattern) else { continue }
    guard let matches = try? table.candidates(for: url) else { continue }
    require(
      matches.contains { $0.route.pattern.source == route.pattern.source && captured(values, by: $0) },
      "route \(route.pattern.source.debugDescription) does not match its own URL \(url.debugDescription)")
  }
  return 0
}
