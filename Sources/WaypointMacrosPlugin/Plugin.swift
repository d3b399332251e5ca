import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin of `WaypointMacros`.
@main
struct WaypointMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [RoutableMacro.self, RouteMacro.self]
}
