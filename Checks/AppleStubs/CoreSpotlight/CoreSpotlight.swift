// Interface stubs of the CoreSpotlight declarations Waypoint's adapters use, for the Linux check
// only (no product depends on this folder). Each declaration copies the page named beside it.

/// https://developer.apple.com/documentation/corespotlight/cssearchableitemactiontype
/// `let CSSearchableItemActionType: String` (iOS 9.0; not tvOS or watchOS): the activity type of
/// a Spotlight result the user chose.
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public let CSSearchableItemActionType: String = "com.apple.corespotlightitem"

/// https://developer.apple.com/documentation/corespotlight/cssearchableitemactivityidentifier
/// `let CSSearchableItemActivityIdentifier: String` (iOS 9.0; not tvOS or watchOS): the
/// `userInfo` key of the chosen item's unique identifier.
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public let CSSearchableItemActivityIdentifier: String = "kCSSearchableItemActivityIdentifier"
