/// A place for the app's ``LinkInbox`` that doors made by the system can wait on: an App Intent
/// the system runs before the app made its inbox (a cold launch from Siri or Shortcuts) waits
/// here instead of losing its link.
///
/// ```swift
/// let slot = LinkInboxSlot()
/// Task { try await slot.inbox().open(link, origin: .appIntent("OpenNote")) }  // waits
/// slot.fill(inbox)                                                             // at launch
/// ```
///
/// `WaypointAppIntents` keeps one (`LinkIntents.slot`); tests make their own.
public final class LinkInboxSlot: Sendable {
  private struct State {
    var inbox: LinkInbox?
    var waiting: [CheckedContinuation<LinkInbox, Never>] = []
  }

  private let state = Locked(State())

  /// An empty slot.
  public init() {}

  /// The inbox, if the app filled the slot.
  public var current: LinkInbox? { state.withLock { $0.inbox } }

  /// Puts the app's inbox in the slot (again, when it makes a new one), and hands it to every
  /// door waiting for it.
  public func fill(_ inbox: LinkInbox) {
    let waiting = state.withLock { state in
      state.inbox = inbox
      defer { state.waiting = [] }
      return state.waiting
    }
    for waiter in waiting { waiter.resume(returning: inbox) }
  }

  /// The app's inbox, once it is in the slot.
  public func inbox() async -> LinkInbox {
    await withCheckedContinuation { waiter in
      let inbox = state.withLock { state -> LinkInbox? in
        if let inbox = state.inbox { return inbox }
        state.waiting.append(waiter)
        return nil
      }
      if let inbox { waiter.resume(returning: inbox) }
    }
  }
}
