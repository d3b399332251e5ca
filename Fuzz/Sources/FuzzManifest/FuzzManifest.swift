import FoundationEssentials
import FuzzSupport
import Waypoint
import WaypointMatching

/// Manifest loading: any bytes read as a manifest or fail with `invalidManifest`; a manifest that
/// reads builds a table or fails with a documented build error; lint never crashes; a URL printed
/// for a named route of a built table opens that route, or printing refuses with a URL that opens something else.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  _ = RouteManifest.diagnose(data: bytes)
  let manifest: RouteManifest
  do {
    manifest = try RouteManifest(data: bytes)
  } catch {
    require(error, isOneOf: ["invalidManifest"], input: text)
    return 0
  }
  _ = manifest.diagnose()
  let table: RouteTable<RouteDefinition>
  do {
    table = try manifest.makeTable()
  } catch {
    require(error, isOneOf: ["invalidPattern", "conflict", "duplicateName", "invalidRedirect"], input: text)
    return 0
  }
  // The router a tool resolves with accepts exactly the manifests the table does.
  let router: Router
  do {
    router = try manifest.makeRouter()
  } catch {
    fatalError("a manifest whose table builds has no router: \(error.message)\n\(text)")
  }
  // URLs are printed by route name; FuzzPattern checks what a pattern alone prints.
  for route in table.routes {
    guard let name = route.name else { continue }
    requirePrintedURLOpens(route, in: table) { values throws(RoutingError) in
      let url = try table.url(for: name, parameters: values)
      // One resolve path: the router takes the printed URL to the route the table matched.
      if let match = try? table.match(url), router.resolve(url).route != match.payload {
        fatalError("the router and the table disagree on '\(url)'\n\(text)")
      }
      return url
    }
  }
  return 0
}
