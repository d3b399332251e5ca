@_exported import AppleFoundation
// Interface stubs of exactly the SwiftUI declarations Waypoint's SwiftUI adapter, the example
// app and the README use, for the Linux check only: no product depends on this folder.
//
// Each declaration copies the signature, constraints and isolation of the page named beside it
// (see ../../shared/reference/apple-declarations.md). The 2026 pages spell the result builder
// `@ContentBuilder` and add `nonisolated` and `@export(implementation)`; Waypoint's sources use
// the `@ViewBuilder` spelling every shipping SDK accepts, so the builder is stubbed under that
// name (SDK-version noise, see the reference's notes). Modifiers return a wrapper view: the check
// is about types, not rendering.
@_exported import Foundation
@_exported import Observation

/// https://developer.apple.com/documentation/swiftui/view — `@MainActor @preconcurrency protocol View`
@MainActor @preconcurrency public protocol View {
  /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype — `associatedtype Body : View`
  associatedtype Body: View
  /// https://developer.apple.com/documentation/swiftui/view/body-8kl5o
  /// `@ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }`
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public var body: Never { fatalError("model: Never has no body") }
}

/// The result builder of view content (`@ContentBuilder` on the 2026 pages, `@ViewBuilder` in
/// shipping SDKs): blocks, `if`, `if`/`else` and `if let`.
@resultBuilder nonisolated public enum ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
  {
    TupleView((repeat each content))
  }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<First: View, Second: View>(first: First) -> _ConditionalContent<First, Second> {
    _ConditionalContent(first: first)
  }
  public static func buildEither<First: View, Second: View>(second: Second) -> _ConditionalContent<First, Second> {
    _ConditionalContent(second: second)
  }
}

/// https://developer.apple.com/documentation/swiftui/emptyview
nonisolated public struct EmptyView: View {
  public init() {}
  public var body: Never { fatalError("model") }
}

/// https://developer.apple.com/documentation/swiftui/anyview — `@frozen nonisolated struct AnyView`
@frozen nonisolated public struct AnyView: View {
  /// Model only: the view it erases.
  public let _modelView: any View
  /// https://developer.apple.com/documentation/swiftui/anyview/init(_:)
  /// `nonisolated init<V>(_ view: V) where V : View`
  public init<V: View>(_ view: V) { _modelView = view }
  public var body: Never { fatalError("model") }
}

/// https://developer.apple.com/documentation/swiftui/tupleview
nonisolated public struct TupleView<T>: View {
  public var value: T
  public init(_ value: T) { self.value = value }
  public var body: Never { fatalError("model") }
}

/// The view `if`/`else` builds.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  let first: TrueContent?
  let second: FalseContent?
  init(first: TrueContent) {
    self.first = first
    second = nil
  }
  init(second: FalseContent) {
    first = nil
    self.second = second
  }
  public var body: Never { fatalError("model") }
}

extension Optional: View where Wrapped: View {
  public var body: Never { fatalError("model") }
}

/// What a modifier returns in this model.
nonisolated public struct _Modified<Content: View>: View, _ModelModified {
  let content: Content
  /// Model only: the modifier's name, for the modifiers the checks look for.
  public var _modelModifier = ""
  public var body: Never { fatalError("model") }
  public var _modelContent: any View { content }
}

/// Model only: a view with a modifier applied, so a check can list a view's modifiers.
public protocol _ModelModified {
  var _modelModifier: String { get }
  var _modelContent: any View { get }
}

/// Model only: the names of the modifiers recorded on `view`, outermost first.
public func _modelModifiers(of view: any View) -> [String] {
  var names: [String] = []
  var current: any View = view
  while let modified = current as? any _ModelModified {
    if !modified._modelModifier.isEmpty { names.append(modified._modelModifier) }
    current = modified._modelContent
  }
  return names
}

/// https://developer.apple.com/documentation/swiftui/label — `nonisolated struct Label<Title, Icon> where Title : View, Icon : View`
nonisolated public struct Label<Title: View, Icon: View>: View {
  /// Model only: the title and icon the label was made with.
  public let _modelTitle: Title
  public let _modelIcon: Icon
  /// https://developer.apple.com/documentation/swiftui/label/init(title:icon:)
  /// `nonisolated init(@ContentBuilder title: () -> Title, @ContentBuilder icon: () -> Icon)`
  nonisolated public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    _modelTitle = title()
    _modelIcon = icon()
  }
  public var body: Never { fatalError("model") }
}

/// https://developer.apple.com/documentation/swiftui/image — `@frozen struct Image`
@frozen nonisolated public struct Image: View {
  /// Model only: `system:NAME` or `named:NAME`.
  public let _modelName: String
  /// https://developer.apple.com/documentation/swiftui/image/init(systemname:) — `init(systemName: String)`
  public init(systemName: String) { _modelName = "system:\(systemName)" }
  /// https://developer.apple.com/documentation/swiftui/image/init(_:bundle:) — `init(_ name: String, bundle: Bundle? = nil)`
  public init(_ name: String, bundle: Bundle? = nil) { _modelName = "named:\(name)" }
  public var body: Never { fatalError("model") }
}

/// https://developer.apple.com/documentation/swiftui/text — `@frozen struct Text`
@frozen nonisolated public struct Text: View {
  /// Model only: what the text says.
  public let content: String
  /// https://developer.apple.com/documentation/swiftui/text/init(verbatim:) — `init(verbatim content: String)`
  public init(verbatim content: String) { self.content = content }
  /// https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4 — `init<S>(_ content: S) where S : StringProtocol`
  public init<S>(_ content: S) where S: StringProtocol { self.content = String(content) }
  public var body: Never { fatalError("model") }
}

/// https://developer.apple.com/documentation/swiftui/button — `nonisolated struct Button<Label> where Label : View`
nonisolated public struct Button<Label: View>: View {
  /// Model only: what the button does.
  public let action: @MainActor () -> Void
  /// Model only: its label.
  public let label: Label
  /// https://developer.apple.com/documentation/swiftui/button/init(action:label:)
  /// `@preconcurrency nonisolated init(action: @escaping @MainActor () -> Void, @ContentBuilder label: () -> Label)`
  @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.action = action
    self.label = label()
  }
  public var body: Never { fatalError("model") }
}

extension Button where Label == Text {
  /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
  /// `@preconcurrency nonisolated init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol`
  /// (a literal title takes the `LocalizedStringKey` overload with the SDK; both compile the same).
  @preconcurrency public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(action: action) { Text(title) }
  }
}

// MARK: - Data flow

/// https://developer.apple.com/documentation/swiftui/binding — `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  private let read: @isolated(any) @Sendable () -> Value
  private let write: @isolated(any) @Sendable (Value) -> Void

  /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
  /// `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void)`
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    read = get
    write = set
  }

  /// The value (the model never reads it synchronously; see `_modelRead()`).
  public var wrappedValue: Value {
    get { fatalError("model: read a binding with _modelRead()") }
    nonmutating set { fatalError("model: write a binding with _modelWrite(_:)") }
  }

  /// Model only: reads the binding, on the isolation its getter was made with.
  public func _modelRead() async -> Value where Value: Sendable { await read() }

  /// Model only: writes the binding, as SwiftUI does when the user goes back or dismisses.
  public func _modelWrite(_ value: Value) async where Value: Sendable { await write(value) }

  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    fatalError("model: not used")
  }
}

/// https://developer.apple.com/documentation/swiftui/state — `@frozen @propertyWrapper struct State<Value>`
@frozen @propertyWrapper public struct State<Value> {
  private var value: Value
  /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:) — `init(wrappedValue value: Value)`
  public init(wrappedValue value: Value) { self.value = value }
  public var wrappedValue: Value {
    get { value }
    nonmutating set { fatalError("model: not used") }
  }
  /// https://developer.apple.com/documentation/swiftui/state/projectedvalue — `var projectedValue: Binding<Value> { get }`
  public var projectedValue: Binding<Value> { fatalError("model: not used") }
}

/// https://developer.apple.com/documentation/swiftui/scenestorage — `@frozen @propertyWrapper struct SceneStorage<Value>`
/// (iOS 14): "per-scene storage", restored by the system when the scene is; "data is not shared
/// between scenes", and it is destroyed with its scene. The model keeps the value with the view
/// (each view's own scene), starting from what ``_SceneStorageModel/restoring`` holds for the key:
/// what a scene the system restores had saved.
@frozen @propertyWrapper public struct SceneStorage<Value> {
  private let box: _SceneStorageBox
  /// https://developer.apple.com/documentation/swiftui/scenestorage/init(wrappedvalue:_:)
  /// (the `String` form of the overload group): `init(wrappedValue: Value, _ key: String) where Value == String`
  public init(wrappedValue: Value, _ key: String) where Value == String {
    box = _SceneStorageBox(_SceneStorageModel.restoring[key] ?? wrappedValue)
  }
  /// https://developer.apple.com/documentation/swiftui/scenestorage/wrappedvalue
  /// `var wrappedValue: Value { get nonmutating set }`
  public var wrappedValue: Value {
    get { (box.value as? Value) ?? { fatalError("model: a value of another type") }() }
    nonmutating set { box.value = newValue }
  }
}

/// Model only: where a `SceneStorage` keeps its value.
public final class _SceneStorageBox: @unchecked Sendable {
  // Safety: views and their storage live on the main actor.
  var value: Any
  init(_ value: Any) { self.value = value }
}

/// Model only: what a scene the system restores had saved, by key, which the `SceneStorage`
/// made next start from.
@MainActor public enum _SceneStorageModel {
  /// The saved values a scene being restored hands its storage.
  nonisolated(unsafe) public static var restoring: [String: String] = [:]
}

/// https://developer.apple.com/documentation/swiftui/environment — `@frozen @propertyWrapper struct Environment<Value>`
@frozen @propertyWrapper public struct Environment<Value> {
  private let value: Value
  /// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
  /// `init<T>(_ objectType: T.Type) where Value == T?, T : AnyObject, T : Observable`
  public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject, T: Observable { value = nil }
  /// The non-optional overload, listed on https://developer.apple.com/documentation/swiftui/environment
  /// (its own page was not in the stored pages): `init(_ objectType: Value.Type) where Value :
  /// AnyObject, Value : Observable`. Apple's examples (`@Environment(Library.self) private var
  /// library`, then `library.books`) resolve to it, so a property without a type annotation is
  /// not optional; SwiftUI stops the app when no such object is in the environment. Declared
  /// here, a snippet comparing such a property with `nil` fails the checks
  /// (A20 of the second adapter review).
  public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable {
    fatalError("model: no \(Value.self) in the environment")
  }
  /// The key-path initializer listed on https://developer.apple.com/documentation/swiftui/environment
  /// (`@Environment(\.scenePhase)`): `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`; the
  /// model reads a default `EnvironmentValues`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { value = EnvironmentValues()[keyPath: keyPath] }
  /// https://developer.apple.com/documentation/swiftui/environment/wrappedvalue — `var wrappedValue: Value { get }`
  public var wrappedValue: Value { value }
}

// MARK: - Navigation and presentation

/// https://developer.apple.com/documentation/swiftui/navigationstack
/// `nonisolated struct NavigationStack<Data, Root> where Root : View`
nonisolated public struct NavigationStack<Data, Root: View>: View {
  let root: Root
  /// https://developer.apple.com/documentation/swiftui/navigationstack/init(path:root:)-3bt4q
  /// `nonisolated init(path: Binding<Data>, @ContentBuilder root: () -> Root) where Data : MutableCollection, Data : RandomAccessCollection, Data : RangeReplaceableCollection, Data.Element : Hashable`
  nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable
  {
    self.root = root()
  }
  public var body: Never { fatalError("model") }
}

/// https://developer.apple.com/documentation/swiftui/navigationsplitview
/// `nonisolated struct NavigationSplitView<Sidebar, Content, Detail> where Sidebar : View, Content : View, Detail : View` (iOS 16)
nonisolated public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
  /// https://developer.apple.com/documentation/swiftui/navigationsplitview/init(sidebar:content:detail:)
  /// `nonisolated init(@ContentBuilder sidebar: () -> Sidebar, @ContentBuilder content: () -> Content, @ContentBuilder detail: () -> Detail)`
  nonisolated public init(
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail
  ) {}
  public var body: Never { fatalError("model") }
}

extension NavigationSplitView where Content == EmptyView {
  /// https://developer.apple.com/documentation/swiftui/navigationsplitview/init(sidebar:detail:)
  /// `nonisolated init(@ContentBuilder sidebar: () -> Sidebar, @ContentBuilder detail: () -> Detail) where Content == EmptyView`
  nonisolated public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {}
}

extension NavigationSplitView where Content == EmptyView {
  /// https://developer.apple.com/documentation/swiftui/navigationsplitview/init(preferredcompactcolumn:sidebar:detail:)
  /// `nonisolated init(preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ContentBuilder sidebar: () -> Sidebar, @ContentBuilder detail: () -> Detail) where Content == EmptyView` (iOS 17)
  nonisolated public init(
    preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
    @ViewBuilder detail: () -> Detail
  ) {}
}

extension NavigationSplitView {
  /// https://developer.apple.com/documentation/swiftui/navigationsplitview/init(columnvisibility:preferredcompactcolumn:sidebar:content:detail:)
  /// `nonisolated init(columnVisibility: Binding<NavigationSplitViewVisibility>, preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ContentBuilder sidebar: () -> Sidebar, @ContentBuilder content: () -> Content, @ContentBuilder detail: () -> Detail)` (iOS 17)
  nonisolated public init(
    columnVisibility: Binding<NavigationSplitViewVisibility>,
    preferredCompactColumn: Binding<NavigationSplitViewColumn>,
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail
  ) {}
}

/// https://developer.apple.com/documentation/swiftui/navigationsplitviewvisibility — `struct NavigationSplitViewVisibility`
/// (iOS 16; `Equatable`, `Codable`, `Sendable`)
public struct NavigationSplitViewVisibility: Equatable, Codable, Sendable {
  let name: String
  /// https://developer.apple.com/documentation/swiftui/navigationsplitviewvisibility/automatic — `static var automatic: NavigationSplitViewVisibility { get }`
  public static var automatic: NavigationSplitViewVisibility { NavigationSplitViewVisibility(name: "automatic") }
}

/// https://developer.apple.com/documentation/swiftui/navigationsplitviewcolumn — `struct NavigationSplitViewColumn`
/// (iOS 17; Hashable, Sendable): which column a collapsed split view shows on top.
public struct NavigationSplitViewColumn: Hashable, Sendable {
  private let name: String
  /// https://developer.apple.com/documentation/swiftui/navigationsplitviewcolumn/sidebar — `static var sidebar: NavigationSplitViewColumn { get }`
  public static var sidebar: NavigationSplitViewColumn { NavigationSplitViewColumn(name: "sidebar") }
  /// https://developer.apple.com/documentation/swiftui/navigationsplitviewcolumn/content — `static var content: NavigationSplitViewColumn { get }`
  public static var content: NavigationSplitViewColumn { NavigationSplitViewColumn(name: "content") }
  /// https://developer.apple.com/documentation/swiftui/navigationsplitviewcolumn/detail — `static var detail: NavigationSplitViewColumn { get }`
  public static var detail: NavigationSplitViewColumn { NavigationSplitViewColumn(name: "detail") }
}

// MARK: - Tabs (iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2: the package's minimums)

/// https://developer.apple.com/documentation/swiftui/tabcontent — `@MainActor @preconcurrency protocol TabContent<TabValue>`
/// (the model keeps only the selection type).
@MainActor @preconcurrency public protocol TabContent<TabValue> {
  /// The type of the tab's selection value.
  associatedtype TabValue: Hashable
}

/// https://developer.apple.com/documentation/swiftui/tabcontentbuilder
/// `@resultBuilder struct TabContentBuilder<TabValue> where TabValue : Hashable`
@resultBuilder public struct TabContentBuilder<TabValue: Hashable> {
  /// https://developer.apple.com/documentation/swiftui/tabcontentbuilder/buildblock(_:)
  /// `static func buildBlock(_ content: some TabContent<TabValue>) -> some TabContent<TabValue>`
  public static func buildBlock(_ content: some TabContent<TabValue>) -> some TabContent<TabValue> { content }

  /// https://developer.apple.com/documentation/swiftui/tabcontentbuilder/buildeither(first:)
  /// `static func buildEither<T, F>(first: T) -> _ConditionalContent<T, F> where TabValue == T.TabValue, T : TabContent, F : TabContent, T.TabValue == F.TabValue`
  public static func buildEither<T: TabContent, F: TabContent>(first: T) -> _ConditionalTabContent<T, F>
  where TabValue == T.TabValue, T.TabValue == F.TabValue {
    _ConditionalTabContent(_modelFirst: first)
  }
  /// https://developer.apple.com/documentation/swiftui/tabcontentbuilder/buildeither(second:)
  /// `static func buildEither<T, F>(second: F) -> _ConditionalContent<T, F> where TabValue == T.TabValue, T : TabContent, F : TabContent, T.TabValue == F.TabValue`
  public static func buildEither<T: TabContent, F: TabContent>(second: F) -> _ConditionalTabContent<T, F>
  where TabValue == T.TabValue, T.TabValue == F.TabValue {
    _ConditionalTabContent(_modelSecond: second)
  }

  /// https://developer.apple.com/documentation/swiftui/tabcontentbuilder/content
  /// `struct Content`: "A view representation of the content of a builder-based tab view with selection."
  nonisolated public struct Content<C: TabContent>: View {
    public var body: Never { fatalError("model") }
  }
}

/// The conditional tab content `TabContentBuilder.buildEither` makes (SwiftUI's
/// `_ConditionalContent`, whose tab content form the model names apart from its view form).
nonisolated public struct _ConditionalTabContent<T: TabContent, F: TabContent>: TabContent
where T.TabValue == F.TabValue {
  public typealias TabValue = T.TabValue
  /// Model only: which branch was built.
  public let _modelFirst: T?
  public let _modelSecond: F?
  init(_modelFirst first: T) {
    _modelFirst = first
    _modelSecond = nil
  }
  init(_modelSecond second: F) {
    _modelFirst = nil
    _modelSecond = second
  }
}

extension TabContent {
  /// https://developer.apple.com/documentation/swiftui/tabcontent/badge(_:)
  /// `nonisolated func badge(_ resource: LocalizedStringResource) -> some TabContent<Self.TabValue>`
  /// (iOS 18, macOS 15, visionOS 2; not tvOS or watchOS).
  @available(tvOS, unavailable) @available(watchOS, unavailable)
  nonisolated public func badge(_ resource: LocalizedStringResource) -> some TabContent<Self.TabValue> {
    _BadgedTab(_modelContent: self, _modelBadge: resource._modelKey)
  }
}

/// Tab content with a badge (the model keeps the badge's key).
nonisolated public struct _BadgedTab<Content: TabContent>: TabContent {
  public typealias TabValue = Content.TabValue
  public let _modelContent: Content
  public let _modelBadge: String
}

/// https://developer.apple.com/documentation/swiftui/tabview — `nonisolated struct TabView<SelectionValue, Content> where SelectionValue : Hashable, Content : View`
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View {
  /// https://developer.apple.com/documentation/swiftui/tabview/init(selection:content:)
  /// `nonisolated init<C>(selection: Binding<SelectionValue>, @TabContentBuilder<SelectionValue> content: () -> C) where Content == TabContentBuilder<SelectionValue>.Content<C>, C : TabContent`
  nonisolated public init<C: TabContent>(
    selection: Binding<SelectionValue>, @TabContentBuilder<SelectionValue> content: () -> C
  ) where Content == TabContentBuilder<SelectionValue>.Content<C> {}
  public var body: Never { fatalError("model") }
}

/// https://developer.apple.com/documentation/swiftui/tab — `struct Tab<Value, Content, Label> where Value : Hashable, Content : View, Label : View`
nonisolated public struct Tab<Value: Hashable, Content: View, Label: View>: TabContent {
  public typealias TabValue = Value
  /// https://developer.apple.com/documentation/swiftui/tab/init(value:content:label:)
  /// `nonisolated init(value: Value, @ContentBuilder content: () -> Content, @ContentBuilder label: () -> Label)`
  nonisolated public init(value: Value, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}

/// https://developer.apple.com/documentation/swiftui/foreach
/// `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`; the
/// model has only its tab content form.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  /// https://developer.apple.com/documentation/swiftui/foreach/content — `var content: (Data.Element) -> Content`
  public var content: (Data.Element) -> Content
}

/// ForEach is tab content when its content is (the TabContent page lists ForEach among its
/// conforming types). The page of this initializer is not among the stored Apple pages: its
/// form (a builder generic over the tab value, identifiable data) is the one iOS 18 code uses as
/// `ForEach(tabs) { tab in Tab(value: tab.id) { … } label: { … } }`.
extension ForEach: TabContent where Content: TabContent {
  public typealias TabValue = Content.TabValue

  nonisolated public init<V>(
    _ data: Data, @TabContentBuilder<V> content: @escaping (Data.Element) -> Content
  ) where ID == Data.Element.ID, V == Content.TabValue, Data.Element: Identifiable {
    self.content = content
  }
}

/// https://developer.apple.com/documentation/swiftui/popoverattachmentanchor — `enum PopoverAttachmentAnchor`
public enum PopoverAttachmentAnchor {
  case rect(Anchor<CGRect>.Source)
  case point(CGPoint)
}

/// The source of an anchor (only `.bounds`, the popover default).
public struct Anchor<Value> {
  public struct Source {
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source() }
  }
}

/// https://developer.apple.com/documentation/swiftui/edge
public enum Edge: Int8, Sendable {
  case top, leading, bottom, trailing
}

/// https://developer.apple.com/documentation/swiftui/alignment — `@frozen struct Alignment`;
/// only `center` is stubbed.
public struct Alignment: Equatable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/alignment/center — `static let center: Alignment`
  public static let center = Alignment()
}

extension View {
  /// https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
  nonisolated public func navigationDestination<D, C>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
  nonisolated public func sheet<Item, Content>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:)
  /// (iOS 14, not macOS)
  @available(macOS, unavailable)
  nonisolated public func fullScreenCover<Item, Content>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/popover(item:attachmentanchor:arrowedge:content:)
  /// (not tvOS, not watchOS)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  nonisolated public func popover<Item, Content>(
    item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/id(_:)
  /// `nonisolated func id<ID>(_ id: ID) -> some View where ID : Hashable`
  nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
  /// `nonisolated func background<V>(alignment: Alignment = .center, @ContentBuilder content: () -> V) -> some View where V : View`
  /// (iOS 15)
  nonisolated public func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View
  where V: View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
  /// `nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View`
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)
  /// `nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View where V : Equatable`
  /// (iOS 17)
  nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
  where V: Equatable {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
  /// `nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View`
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/handlesexternalevents(preferring:allowing:)
  /// `nonisolated func handlesExternalEvents(preferring: Set<String>, allowing: Set<String>) -> some View`
  /// (iOS 14, macOS 11, visionOS 1; not tvOS or watchOS). The model records it with its sets.
  @available(tvOS, unavailable) @available(watchOS, unavailable)
  nonisolated public func handlesExternalEvents(preferring: Set<String>, allowing: Set<String>) -> some View {
    _Modified(
      content: self,
      _modelModifier: "handlesExternalEvents(preferring: \(preferring.sorted()), allowing: \(allowing.sorted()))")
  }

  /// https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
  /// `nonisolated func onOpenURL(perform action: @escaping (URL) -> ()) -> some View`
  nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/oncontinueuseractivity(_:perform:)
  nonisolated public func onContinueUserActivity(
    _ activityType: String, perform action: @escaping (NSUserActivity) -> Void
  ) -> some View {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/environment(_:)
  /// `nonisolated func environment<T>(_ object: T?) -> some View where T : AnyObject, T : Observable`
  nonisolated public func environment<T>(_ object: T?) -> some View where T: AnyObject, T: Observable {
    _Modified(content: self)
  }

  /// https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
  /// `nonisolated func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View`
  nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
    _Modified(content: self)
  }
}

// MARK: - Apps

/// https://developer.apple.com/documentation/swiftui/app — `@MainActor @preconcurrency protocol App`
@MainActor @preconcurrency public protocol App {
  associatedtype Body: Scene
  /// https://developer.apple.com/documentation/swiftui/app/body-swift.property
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  init()
}

/// https://developer.apple.com/documentation/swiftui/scene — `@MainActor @preconcurrency protocol Scene`
@MainActor @preconcurrency public protocol Scene {}

/// The result builder of scenes.
@resultBuilder public enum SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// https://developer.apple.com/documentation/swiftui/windowgroup — `nonisolated struct WindowGroup<Content> where Content : View`
nonisolated public struct WindowGroup<Content: View>: Scene {
  let content: () -> Content
  /// https://developer.apple.com/documentation/swiftui/windowgroup/init(makecontent:)
  /// `@export(implementation) nonisolated init(@ContentBuilder makeContent: @escaping () -> Content)`
  nonisolated public init(@ViewBuilder makeContent: @escaping () -> Content) { content = makeContent }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues — `struct EnvironmentValues`
public struct EnvironmentValues {
  /// https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
  /// `var scenePhase: ScenePhase { get set }` (iOS 14)
  public var scenePhase: ScenePhase = .active
  /// https://developer.apple.com/documentation/swiftui/environmentvalues/appearsactive
  /// `var appearsActive: Bool { get set }` (iOS 18, macOS 10.15 back-deployed, tvOS 18, visionOS 2,
  /// watchOS 11): whether the views should appear active, as those of the focused (key) window do.
  public var appearsActive = true
  /// The values set for custom keys; the model starts every view's environment empty.
  private var custom: [ObjectIdentifier: Any] = [:]
  /// https://developer.apple.com/documentation/swiftui/environmentvalues/init()
  public init() {}
  /// https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)
  /// `subscript<K>(key: K.Type) -> K.Value where K : EnvironmentKey { get set }`
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { custom[ObjectIdentifier(key)] = newValue }
  }
}

/// https://developer.apple.com/documentation/swiftui/environmentkey — `protocol EnvironmentKey`
public protocol EnvironmentKey {
  /// https://developer.apple.com/documentation/swiftui/environmentkey/value — `associatedtype Value`
  associatedtype Value
  /// https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
  /// `static var defaultValue: Self.Value { get }`
  static var defaultValue: Self.Value { get }
}

/// https://developer.apple.com/documentation/swiftui/scenephase — `enum ScenePhase` (iOS 14): an
/// indication of a scene's operational state; read from a view, the phase of its scene.
public enum ScenePhase: Comparable, Hashable, Sendable {
  /// https://developer.apple.com/documentation/swiftui/scenephase/background — `case background`
  case background
  /// https://developer.apple.com/documentation/swiftui/scenephase/inactive — `case inactive`
  case inactive
  /// https://developer.apple.com/documentation/swiftui/scenephase/active — `case active`
  case active
}
