// Three journeys of several hundred steps, modelled on how Kickstarter, WordPress and
// WooCommerce are navigated, run against UIKitNavigator over the model of UIKit: what Waypoint's
// screen views report after each step is compared with what the model shows, and with what two
// trackers apps use today would have counted on the same steps. Not a test on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

/// A screen of a journey: one class per target, since a registry tells modules apart by type.
class JourneyScreen: UIViewController {}
final class J0: JourneyScreen {}
final class J1: JourneyScreen {}
final class J2: JourneyScreen {}
final class J3: JourneyScreen {}
final class J4: JourneyScreen {}
final class J5: JourneyScreen {}
final class J6: JourneyScreen {}
final class J7: JourneyScreen {}
final class J8: JourneyScreen {}
final class J9: JourneyScreen {}
final class J10: JourneyScreen {}
final class J11: JourneyScreen {}
final class J12: JourneyScreen {}
final class J13: JourneyScreen {}
final class J14: JourneyScreen {}
final class J15: JourneyScreen {}

/// An app a journey goes through: its tabs, its routes, its links and the screens its own code
/// pushes.
struct JourneyApp: Sendable {
  /// Kickstarter, WordPress or WooCommerce.
  var name: String
  /// The tabs, each with its root screen's target; `split` names the tab that is a split view.
  var tabs: [(id: String, root: String)]
  var split: String?
  /// The routes, as a manifest.
  var manifest: String
  /// Links the journey opens; `#` is replaced by a number from 1 to 9.
  var links: [String]
  /// Screens the app's own code pushes onto the top stack.
  var pushes: [String]

  /// Every target the routes, tabs and pushes name.
  var targets: [String] {
    var names = tabs.map(\.root) + pushes
    for route in (try? RouteManifest(json: manifest).routes) ?? [] {
      names += route.underTargets + (route.target.map { [$0] } ?? [])
    }
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }

  /// The state the app starts on: its tabs, the first selected.
  var start: NavigationState {
    NavigationState(
      tabs: TabContainer(
        tabs.map { tab in
          NavigationTab(
            id: tab.id, stack: [Screen(id: "\(tab.root)#\(tab.id)", target: tab.root)],
            split: tab.id == split ? SplitColumns(.doubleColumn) : nil)
        }))
  }
}

/// The doors the journeys' links come through.
let journeyDoors: [Origin] = [
  .internal, .external(), .notification, Origin(kind: "universalLink", isExternal: true),
  Origin(kind: "spotlight", isExternal: true), Origin(kind: "widget", isExternal: true),
]

extension JourneyApp {
  /// Kickstarter: four tabs; every project link presents the project with the screens under it
  /// as one sheet over the tab bar; messages live in the profile tab.
  static let kickstarter = JourneyApp(
    name: "Kickstarter",
    tabs: [
      ("discovery", "Discovery"), ("activity", "Activity"), ("search", "Search"),
      ("profile", "Profile"),
    ], split: nil,
    manifest: """
      {"routes": [
        {"name": "project", "pattern": "ks://projects/:creator/:project", "target": "ProjectPage",
         "presentation": "sheet", "presentsStack": true, "presented": "dismiss", "exposure": "public"},
        {"name": "comments", "pattern": "ks://projects/:creator/:project/comments", "target": "Comments",
         "presentation": "sheet", "presentsStack": true, "presented": "dismiss", "exposure": "public",
         "under": [{"target": "ProjectPage", "parameters": ["creator", "project"]}]},
        {"name": "replies", "pattern": "ks://projects/:creator/:project/comments/<int:comment>",
         "target": "CommentReplies", "presentation": "sheet", "presentsStack": true, "presented": "dismiss",
         "exposure": "public", "under": [{"target": "ProjectPage", "parameters": ["creator", "project"]},
         {"target": "Comments", "parameters": ["creator", "project"]}]},
        {"name": "pledge", "pattern": "ks://projects/:creator/:project/pledge", "target": "ManagePledge",
         "presentation": "sheet", "presentsStack": true, "presented": "dismiss", "exposure": "public",
         "under": [{"target": "ProjectPage", "parameters": ["creator", "project"]}]},
        {"name": "messages", "pattern": "ks://messages/<int:thread>", "target": "Messages", "tab": "profile",
         "under": ["Profile", "MessageThreads"], "presented": "dismiss", "exposure": "public"},
        {"name": "category", "pattern": "ks://discover/<int:category>", "target": "DiscoveryCategory",
         "tab": "discovery", "under": ["Discovery"], "presented": "dismiss", "exposure": "public"},
        {"name": "activity", "pattern": "ks://activity", "target": "Activity", "tab": "activity",
         "presented": "dismiss", "exposure": "public"}
      ]}
      """,
    links: [
      "ks://projects/creator/project-#", "ks://projects/creator/project-#/comments",
      "ks://projects/creator/project-#/comments/#", "ks://projects/creator/project-#/pledge", "ks://messages/#",
      "ks://discover/#", "ks://activity",
    ], pushes: ["CreatorBio", "Updates", "Rewards"])

  /// WordPress: My Site builds the blog's screens under its links; the reader, notifications and
  /// an editor presented as a sheet.
  static let wordpress = JourneyApp(
    name: "WordPress", tabs: [("mySite", "MySite"), ("reader", "Reader"), ("notifications", "Notifications")],
    split: nil,
    manifest: """
      {"routes": [
        {"name": "stats", "pattern": "wp://stats/:domain", "target": "Stats", "tab": "mySite",
         "under": ["MySite", {"target": "BlogDetails", "parameters": ["domain"]}], "presented": "dismiss",
         "exposure": "public"},
        {"name": "pages", "pattern": "wp://pages/:domain", "target": "Pages", "tab": "mySite",
         "under": ["MySite", {"target": "BlogDetails", "parameters": ["domain"]}], "presented": "dismiss",
         "exposure": "public"},
        {"name": "post", "pattern": "wp://read/<int:post>", "target": "ReaderPost", "tab": "reader",
         "under": ["Reader"], "presented": "dismiss", "exposure": "public"},
        {"name": "notification", "pattern": "wp://notifications/<int:id>", "target": "NotificationDetail",
         "tab": "notifications", "under": ["Notifications"], "presented": "dismiss", "exposure": "public"},
        {"name": "editor", "pattern": "wp://post/new/<int:site>", "target": "Editor", "presentation": "sheet",
         "presented": "keep", "exposure": "public"}
      ]}
      """,
    links: ["wp://stats/site#.com", "wp://pages/site#.com", "wp://read/#", "wp://notifications/#", "wp://post/new/#"],
    pushes: ["PostDetail", "Comments", "Likes"])

  /// WooCommerce: orders in a split view that collapses on a narrow window, products, the hub
  /// menu with payments and reviews, and a new order presented as a sheet.
  static let woocommerce = JourneyApp(
    name: "WooCommerce",
    tabs: [
      ("myStore", "Dashboard"), ("orders", "OrdersList"), ("products", "Products"),
      ("menu", "HubMenu"),
    ], split: "orders",
    manifest: """
      {"routes": [
        {"name": "order", "pattern": "woo://orders/<int:id>", "target": "OrderDetail", "tab": "orders",
         "column": "secondary", "under": ["OrdersList"], "presented": "dismiss", "exposure": "public"},
        {"name": "product", "pattern": "woo://products/<int:id>", "target": "ProductDetail", "tab": "products",
         "under": ["Products"], "presented": "dismiss", "exposure": "public"},
        {"name": "payments", "pattern": "woo://payments", "target": "Payments", "tab": "menu", "under": ["HubMenu"],
         "presented": "dismiss", "exposure": "public"},
        {"name": "review", "pattern": "woo://reviews/<int:id>", "target": "ReviewDetail", "tab": "menu",
         "under": ["HubMenu", "Reviews"], "presented": "dismiss", "exposure": "public"},
        {"name": "newOrder", "pattern": "woo://orders/new/<int:draft>", "target": "NewOrder", "presentation": "sheet",
         "presentsStack": true, "presented": "dismiss", "exposure": "public"}
      ]}
      """,
    links: ["woo://orders/#", "woo://products/#", "woo://payments", "woo://reviews/#", "woo://orders/new/#"],
    pushes: ["CustomerDetail", "ShippingLabel", "Notes"])
}

/// What a journey does next.
enum JourneyStep: CustomStringConvertible {
  case link(String, Origin)
  case push(String, Int)
  case back(cancelled: Bool)
  case tapTab(Int)
  case pullDown
  case collapse(Bool)

  /// The kind of step, for the journey's summary.
  var kind: String {
    switch self {
    case .link: "links"
    case .push: "pushes"
    case .back(let cancelled): cancelled ? "cancelled back swipes" : "back swipes"
    case .tapTab: "tab taps"
    case .pullDown: "sheets pulled down"
    case .collapse: "collapses and expansions"
    }
  }

  var description: String {
    switch self {
    case .link(let url, let origin): "link \(url) (\(origin.kind))"
    case .push(let target, let id): "push \(target) \(id)"
    case .back(let cancelled): cancelled ? "back swipe, cancelled" : "back swipe"
    case .tapTab(let index): "tap tab \(index)"
    case .pullDown: "pull the sheet down"
    case .collapse(let collapsed): collapsed ? "collapse" : "expand"
    }
  }
}

/// A seeded generator (SplitMix64), so a journey is the same on every run.
struct JourneyRandom {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D4_9BB1_3311_13EB
    return value ^ (value >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// How one tracker did on a journey: the views it counted, and how they compare with what the
/// model showed.
struct TrackerScore {
  var views = 0
  var missing = 0
  var duplicated = 0
  var phantom = 0

  /// Scores one step: `counted` are the controllers the tracker counted, in order; `new` the
  /// ones the model shows after the step and did not before; `before` and `after` what it showed.
  mutating func score(
    _ counted: [ObjectIdentifier], new: Set<ObjectIdentifier>, before: Set<ObjectIdentifier>,
    after: Set<ObjectIdentifier>
  ) {
    views += counted.count
    var matched = Set<ObjectIdentifier>()
    for controller in counted {
      if new.contains(controller), matched.insert(controller).inserted { continue }
      if matched.contains(controller) || (before.contains(controller) && after.contains(controller)) {
        duplicated += 1
      } else {
        phantom += 1
      }
    }
    missing += new.subtracting(matched).count
  }

  /// Scores one step of another run of the journey by what the screens show: `counted` are the
  /// labels of what it counted, `new`, `before` and `after` those of what the model showed.
  mutating func score(labels counted: [String], new: [String], before: [String], after: [String]) {
    views += counted.count
    var unmatched = new
    var seen: [String] = []
    for label in counted {
      if let index = unmatched.firstIndex(of: label) {
        unmatched.remove(at: index)
        seen.append(label)
      } else if seen.contains(label) || (before.contains(label) && after.contains(label)) {
        duplicated += 1
      } else {
        phantom += 1
      }
    }
    missing += unmatched.count
  }

  /// `views 812, missing 0, duplicated 0, phantom 0`.
  var line: String { "views \(views), missing \(missing), duplicated \(duplicated), phantom \(phantom)" }
}
