#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
// SwiftUI's bridge to UIKit view controllers, on the platforms Waypoint's UIKit adapter serves
// (the pages also list tvOS; the check type-checks the bridge where the UIKit stub is built).
public import UIKit

/// https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable —
/// `@MainActor @preconcurrency protocol UIViewControllerRepresentable : View where Self.Body == Never`
/// (iOS 13); the coordinator and sizing requirements, which have defaults, are left out.
@MainActor @preconcurrency public protocol UIViewControllerRepresentable: View where Body == Never {
  /// https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/uiviewcontrollertype
  /// `associatedtype UIViewControllerType : UIViewController`
  associatedtype UIViewControllerType: UIViewController
  /// https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/context
  /// `typealias Context = UIViewControllerRepresentableContext<Self>`
  typealias Context = UIViewControllerRepresentableContext<Self>
  /// https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/makeuiviewcontroller(context:)
  /// `@MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType`
  @MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
  /// https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable/updateuiviewcontroller(_:context:)
  /// `@MainActor @preconcurrency func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)`
  @MainActor @preconcurrency func updateUIViewController(
    _ uiViewController: Self.UIViewControllerType, context: Self.Context)
}

extension UIViewControllerRepresentable {
  /// A representable draws its controller's view, not a body.
  public var body: Never { fatalError("model: a representable has no body") }
}

/// https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentablecontext —
/// `@MainActor @preconcurrency struct UIViewControllerRepresentableContext<Representable> where
/// Representable : UIViewControllerRepresentable`; "don't create this structure yourself".
@MainActor @preconcurrency public struct UIViewControllerRepresentableContext<Representable>
where Representable: UIViewControllerRepresentable {}
#endif
