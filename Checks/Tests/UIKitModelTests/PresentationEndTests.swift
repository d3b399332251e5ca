// When a SwiftUI host presents the level over a sheet: once UIKit says the sheet's presentation
// ended, however long it took (A31 of the second adapter review). The host's staging runs here
// as it does in an app; the probe that tells the end runs against the model of UIKit. Not a test
// on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointAdapterSupport
import WaypointSwiftUI

/// A list with a sheet over it and a second sheet over that one.
private func twoSheets() throws -> NavigationState {
  var state = NavigationState(stack: [Screen(id: "List#1", target: "List")])
  _ = try state.show(NavigationTransition(.sheet, screen: Screen(id: "Note#2", target: "Note")))
  _ = try state.show(NavigationTransition(.sheet, screen: Screen(id: "Note#3", target: "Note"), from: "Note#2"))
  return state
}

extension ModelChecks {
  @MainActor
  @Suite("SwiftUI: the end of a presentation")
  struct PresentationEnd {
    @Test("A31: the sheet over a sheet waits for UIKit to finish presenting the first, however long it takes")
    func waitsForTheEnd() async throws {
      let levels = try twoSheets().levels
      #expect(levels.count == 3)
      let host = HostState()
      host.appeared(level: 1, screen: "Note#2")
      #expect(host.staging.shownLevels(of: levels) == 2, "the second sheet waits while the first slides in")
      // A slow first frame: the first sheet is still sliding in after 800 ms.
      try await Task.sleep(for: .milliseconds(800))
      #expect(host.staging.shownLevels(of: levels) == 2, "not asked for before the first sheet's presentation ended")
      host.presentationEnded(level: 1, screen: "Note#2")
      #expect(host.staging.shownLevels(of: levels) == 3, "asked for once UIKit says it ended")
    }

    @Test("A31 (Reduce Motion): a presentation that ends at once lets the next come at once, not after a fixed time")
    func quickEnd() throws {
      let levels = try twoSheets().levels
      let host = HostState()
      host.appeared(level: 1, screen: "Note#2")
      host.presentationEnded(level: 1, screen: "Note#2")
      #expect(host.staging.shownLevels(of: levels) == 3)
      host.presentationEnded(level: 2, screen: "Note#9")
      #expect(host.staging.shownLevels(of: levels) == 3, "an end told for a level not there changes nothing")
    }

    @Test("A31 (the probe): the end is told when UIKit's presentation transition ends, not when it starts")
    func probeTellsTheEnd() async throws {
      UIKitModel.reset()
      let window = UIWindow(windowScene: UIWindowScene())
      let root = UIViewController()
      window.rootViewController = root
      var told = 0
      let sheet = UIViewController()
      let probe = PresentationEndProbe { told += 1 }
      sheet.addChild(probe)
      sheet.view.addSubview(probe.view)
      probe.didMove(toParent: sheet)
      // The presentation slides in until the test lets it end.
      UIKitModel.holdsAnimations = true
      defer { UIKitModel.holdsAnimations = false }
      root.present(sheet, animated: true)
      for _ in 0..<5 { await Task.yield() }
      #expect(told == 0, "the sheet is still sliding in")
      UIKitModel.finishAnimations()
      #expect(told >= 1, "told once the presentation ended")
      #expect(UIKitModel.raised.isEmpty)
    }
  }
}
