import Waypoint

@MainActor var isSignedIn = false  // the app's session, on the main actor like its UI

// The app's links: custom-scheme (notes://note/42) and universal (https://notes.example.com/note/42)
// alike, since a pattern without a scheme takes any scheme, and http(s) only from the app's hosts.
func notesRoutes() -> RouterBuilder {
  var routes = RouterBuilder()
  routes.hosts = ["notes.example.com"]
  // Settings needs a signed-in user: its links wait behind the login sheet, its tab shows the login screen.
  routes.use(SignInGate(showing: "/login", protecting: ["Settings"]) { isSignedIn })
  routes.add("/note/<int:id>", target: "Note", tab: "notes", under: ["Notes"], exposure: .public)
  routes.add("/settings", target: "Settings", tab: "settings", exposure: .public)
  routes.add("/login", target: "Login", presentation: .sheet)  // internal: only the gate shows it
  return routes
}

// The tab bar, each tab with its first screen, title and SF Symbol.
let notesTabs = [
  NavigationTab("notes", root: "Notes", title: "Notes", systemImage: "note.text"),
  NavigationTab("settings", root: "Settings", title: "Settings", systemImage: "gear"),
]

@MainActor func signedIn(_ app: WaypointApp) {  // the links that waited behind the gate open
  isSignedIn = true
  app.resume()
}
