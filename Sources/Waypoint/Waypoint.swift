// Waypoint re-exports the matching engine, so `import Waypoint` gives the whole public API.
@_exported public import WaypointMatching
