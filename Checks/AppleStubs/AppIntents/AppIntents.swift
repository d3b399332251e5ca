// Interface stubs of the AppIntents declarations Waypoint's adapter and its documentation use,
// for the Linux check only (no product depends on this folder). Each declaration copies the page
// named beside it; types the pages only mention are reduced to what the adapter needs. No
// AppIntents type line on these pages carries `@MainActor`.
@_exported import AppleFoundation

/// https://developer.apple.com/documentation/foundation/customlocalizedstringresourceconvertible
/// `protocol CustomLocalizedStringResourceConvertible` (Foundation, iOS 16; here beside
/// `LocalizedStringResource`): "a type that provides an out-of-process localizable description",
/// which Siri and Shortcuts show for an error an intent throws.
public protocol CustomLocalizedStringResourceConvertible {
  /// https://developer.apple.com/documentation/foundation/customlocalizedstringresourceconvertible/localizedstringresource
  /// `var localizedStringResource: LocalizedStringResource { get }`
  var localizedStringResource: LocalizedStringResource { get }
}

/// https://developer.apple.com/documentation/appintents/intentdescription
public struct IntentDescription: ExpressibleByStringLiteral, Sendable {
  let text: String
  public init(stringLiteral value: String) { text = value }
}

/// https://developer.apple.com/documentation/appintents/intentresult — `protocol IntentResult : Sendable`
public protocol IntentResult: Sendable {}

/// https://developer.apple.com/documentation/appintents/intentresultcontainer — the concrete
/// result `.result()` returns.
public struct IntentResultContainer<Value, OpensIntent, Content, Dialog>: IntentResult {}

extension IntentResult {
  /// https://developer.apple.com/documentation/appintents/intentresult/result()
  /// `static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never>`
  public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> {
    IntentResultContainer()
  }
}

/// https://developer.apple.com/documentation/appintents/appintent
/// `protocol AppIntent : PersistentlyIdentifiable, _SupportsAppDependencies, Sendable`
/// (the two underscored and identity protocols are left out).
public protocol AppIntent: Sendable {
  /// The result `perform()` returns (its page was not in the stored pages; `perform()`'s
  /// declaration names it as `Self.PerformResult`).
  associatedtype PerformResult: IntentResult
  /// https://developer.apple.com/documentation/appintents/appintent/title
  /// `static var title: LocalizedStringResource { get }`
  static var title: LocalizedStringResource { get }
  /// https://developer.apple.com/documentation/appintents/appintent/description
  /// `static var description: IntentDescription? { get }` (optional)
  static var description: IntentDescription? { get }
  /// https://developer.apple.com/documentation/appintents/appintent/openappwhenrun
  /// `static var openAppWhenRun: Bool { get }` (deprecated at 26.0 for `supportedModes`)
  static var openAppWhenRun: Bool { get }
  /// https://developer.apple.com/documentation/appintents/appintent/perform()
  /// `func perform() async throws -> Self.PerformResult`
  func perform() async throws -> PerformResult
  /// Intents are made by the system with their parameters unset.
  init()
}

extension AppIntent {
  public static var description: IntentDescription? { nil }
  public static var openAppWhenRun: Bool { false }
  /// https://developer.apple.com/documentation/appintents/appintent/parameter
  /// `typealias Parameter = IntentParameter`
  public typealias Parameter = IntentParameter
}

/// The values an intent parameter may hold (`Value : _IntentValue`).
public protocol _IntentValue {}
extension Int: _IntentValue {}
extension String: _IntentValue {}
extension Bool: _IntentValue {}
extension Double: _IntentValue {}

/// https://developer.apple.com/documentation/appintents/intentparameter
/// `@propertyWrapper final class IntentParameter<Value> where Value : _IntentValue, Value : Sendable`
@propertyWrapper
public final class IntentParameter<Value>: @unchecked Sendable where Value: _IntentValue, Value: Sendable {
  // Safety: the model sets a value once, before `perform()`.
  private var stored: Value?
  /// `final var wrappedValue: Value { get set }`
  public var wrappedValue: Value {
    get { stored! }
    set { stored = newValue }
  }
  /// https://developer.apple.com/documentation/appintents/intentparameter/init(title:description:default:requestvaluedialog:inputconnectionbehavior:)-5ouxs
  /// (`title:` first, every other argument defaulted; reduced to the two the documentation uses)
  public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil) {}
}

/// https://developer.apple.com/documentation/appintents/appshortcutphrasetoken — `case applicationName`
public enum AppShortcutPhraseToken: Sendable {
  case applicationName
}

/// https://developer.apple.com/documentation/appintents/appshortcutphrase
/// `struct AppShortcutPhrase<Intent> where Intent : AppIntent`; its phrases name the app with
/// `\(.applicationName)` (the token's page).
public struct AppShortcutPhrase<Intent: AppIntent>: ExpressibleByStringInterpolation, Sendable {
  public struct StringInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {}
  }
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: StringInterpolation) {}
}

/// https://developer.apple.com/documentation/appintents/appshortcut — `struct AppShortcut`
public struct AppShortcut: Sendable {
  /// https://developer.apple.com/documentation/appintents/appshortcut/init(intent:phrases:shorttitle:systemimagename:)-8yntq
  /// `init<Intent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource, systemImageName: String) where Intent : AppIntent`
  public init<Intent: AppIntent>(
    intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource, systemImageName: String
  ) {}
}

/// https://developer.apple.com/documentation/appintents/appshortcutsbuilder — `@resultBuilder enum AppShortcutsBuilder`
@resultBuilder
public enum AppShortcutsBuilder {
  public static func buildBlock(_ components: AppShortcut...) -> [AppShortcut] { components }
}

/// https://developer.apple.com/documentation/appintents/appshortcutsprovider — `protocol AppShortcutsProvider : Sendable`
public protocol AppShortcutsProvider: Sendable {
  /// https://developer.apple.com/documentation/appintents/appshortcutsprovider/appshortcuts
  /// `@AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }`
  @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}
