// The link the Navigation article follows from `Router.open` to UIKit's push ("How a link becomes
// a screen"): a manifest route to a screen with an `under` screen, one pass-through middleware,
// on an empty UIKitNavigator over the model of UIKit. `Scripts/link-path.sh` builds this test
// with code coverage and `WAYPOINT_LINK_PATH`: the counters are then reset just before the open
// and written just after it, so the profile holds what the open ran and nothing else. Built
// without it, this is one more model test of that link. Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

/// The link: the editor, over a list.
private let manifest = """
  {"routes": [
    {"name": "note", "pattern": "app://note/<int:id>", "target": "Editor", "under": ["List"]}
  ]}
  """

/// A middleware that passes every request on.
private struct PassThrough: RouteMiddleware {
  func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
    try await next(request)
  }
}

#if WAYPOINT_LINK_PATH
// The coverage runtime linked into a build with `-profile-generate`.
@_silgen_name("__llvm_profile_reset_counters") private func resetCoverageCounters()
@_silgen_name("__llvm_profile_set_filename") private func setCoverageFile(_ name: UnsafePointer<CChar>)
@_silgen_name("__llvm_profile_write_file") private func writeCoverageFile() -> Int32

/// Runs `body` with coverage counted for it alone, written to `WAYPOINT_LINK_PATH_PROFILE`.
@MainActor
private func counted<Value>(_ body: () async throws -> Value) async rethrows -> Value {
  let path = ProcessInfo.processInfo.environment["WAYPOINT_LINK_PATH_PROFILE"] ?? "link-path.profraw"
  resetCoverageCounters()
  let value = try await body()
  // The runtime keeps the name; it lives until the process ends.
  setCoverageFile(strdup(path))
  _ = writeCoverageFile()
  // What runs after the open (the test's checks, the process's end) goes elsewhere.
  setCoverageFile(strdup(path + ".rest"))
  return value
}
#else
@MainActor
private func counted<Value>(_ body: () async throws -> Value) async rethrows -> Value {
  try await body()
}
#endif

extension ModelChecks {
  @MainActor
  @Suite("The link the Navigation article follows")
  struct LinkPath {
    @Test("a link with an under screen on an empty navigator: the under screen set, then the push")
    func linkPath() async throws {
      let app = try makeApp()
      var builder = RouterBuilder()
      app.modules.registerTargets(in: &builder)
      builder.add(try RouteManifest(json: manifest))
      builder.use(PassThrough())
      let router = try builder.build()
      let result = try await counted { try await router.open("app://note/42") }
      await settle()
      let editor = try result.value(as: ShownModule.self)
      #expect(app.navigator.state.stack.map(\.target) == ["List", "Editor"])
      #expect(app.root.viewControllers.count == 2)
      #expect(app.root.viewControllers.last === editor.destination(as: EditorController.self))
      #expect(editor.destination(as: EditorController.self)?.noteID == 42)
      expectNoException()
    }
  }
}
