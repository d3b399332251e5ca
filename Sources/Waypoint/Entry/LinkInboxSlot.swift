/// A place for the app's ``LinkInbox`` that doors made by the system can wait on: an App Intent
/// the system runs before the app made its inbox (a cold launch from Siri or Shortcuts) waits
/// here instead of losing its link.
///
/// ```swift
/// let slot = LinkInboxSlot()
/// Task { try await slot.inbox(within: .seconds(30)).open(link, origin: .appIntent("OpenNote")) }
/// slot.fill(inbox)  // at launch
/// ```
///
/// `WaypointAppIntents` keeps one (`LinkIntents.slot`); tests make their own.
public final class LinkInboxSlot: Sendable {
  private struct State {
    var inbox: LinkInbox?
    var waiting: [UInt64: CheckedContinuation<LinkInbox?, Never>] = [:]
    var nextWaiter: UInt64 = 0
  }

  private let state = Locked(State())

  /// An empty slot.
  public init() {}

  /// The inbox, if the app filled the slot.
  public var current: LinkInbox? { state.withLock { $0.inbox } }

  /// Puts the app's inbox in the slot (again, when it makes a new one, or a window that becomes
  /// active puts its own), and hands it to every door waiting for it.
  public func fill(_ inbox: LinkInbox) {
    let waiting = state.withLock { state in
      state.inbox = inbox
      defer { state.waiting = [:] }
      return state.waiting.values
    }
    for waiter in waiting { waiter.resume(returning: inbox) }
  }

  /// Empties the slot if it holds `inbox` (its window closed), so no door opens links into it.
  public func empty(ifHolding inbox: LinkInbox) {
    state.withLock { state in
      if state.inbox === inbox { state.inbox = nil }
    }
  }

  /// The app's inbox, once it is in the slot.
  public func inbox() async -> LinkInbox {
    // Without a deadline a waiter is only ever resumed with an inbox.
    while true {
      if let inbox = await wait(expiring: nil) { return inbox }
    }
  }

  /// The app's inbox, once it is in the slot, waiting at most `timeout`.
  ///
  /// - Throws: `dropped` when the slot is still empty after `timeout` (the intent runs in a
  ///   process, or at a moment, where the app made no inbox).
  public func inbox(within timeout: Duration) async throws(RoutingError) -> LinkInbox {
    guard let inbox = await wait(expiring: timeout) else {
      throw RoutingError(
        .dropped, "no link inbox was put in the slot within \(timeout): the app did not finish launching here")
    }
    return inbox
  }

  private func wait(expiring timeout: Duration?) async -> LinkInbox? {
    await withCheckedContinuation { waiter in
      enum Found {
        case inbox(LinkInbox)
        case waiting(UInt64)
      }
      let found = state.withLock { state -> Found in
        if let inbox = state.inbox { return .inbox(inbox) }
        state.nextWaiter += 1
        state.waiting[state.nextWaiter] = waiter
        return .waiting(state.nextWaiter)
      }
      guard case .waiting(let ticket) = found else {
        if case .inbox(let inbox) = found { waiter.resume(returning: inbox) }
        return
      }
      guard let timeout else { return }
      Task {
        try? await Task.sleep(for: timeout)
        let expired = state.withLock { $0.waiting.removeValue(forKey: ticket) }
        expired?.resume(returning: nil)
      }
    }
  }
}
