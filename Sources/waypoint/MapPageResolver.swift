/// The map page's resolver: JavaScript that answers for a pasted link what `waypoint resolve`
/// answers, from the router's compiled table (``CompiledTable``) written into the page.
///
/// It mirrors, step for step, the Swift it names: `URLParser` reads the link, `RouteTrie.Search`
/// walks the trie in the table's order, `Router.RouteCandidates` skips internal routes for an
/// external link, and `RedirectTemplate.fill` prints a redirect. `Scripts/check-map-page.sh`
/// compares the page's answers with the tool's on every example URL and thousands of variations,
/// in a headless browser. `explain` says why a route other than the winner does not open the
/// link; it reads each route's spellings, not the trie, and only words the answer.
///
/// What the page cannot know: parameter types registered in the app's code (a manifest names
/// only the built-in ones) and handlers that decline; it says so where it meets them.
enum MapPageResolver {
  /// The script, `MapPage/resolver.js`.
  static let script = MapPageFile.text(PackageResources.resolver_js)
}
