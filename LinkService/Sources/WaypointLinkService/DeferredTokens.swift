import Foundation
import Waypoint
import WaypointLinkSite
import WaypointSignedLinks

/// The one-shot tokens of deferred links: a signed short link with a nonce and an expiry,
/// which a page puts on the pasteboard (or Google Play hands back as the install referrer) and
/// the app trades once, after install, for the route the link opens.
///
/// A token is the short link itself with its purpose, signed (`https://links.example.com/welcome
/// ?use=deferred&kid=…&exp=…&nonce=…&sig=…`): pasted into a browser it still opens the page. The
/// purpose is signed, so a signed link of the same short link made for another use under the
/// same key (`waypoint sign --nonce`) is no token. Nothing of the device goes in it or is matched
/// to it.
struct DeferredTokens: Sendable {
  let signer: LinkSigner
  let verifier: LinkVerifier
  let lifetime: Duration
  let origin: String
  let now: @Sendable () -> Date

  init(key: SigningKey, origin: String, lifetime: Duration, now: @escaping @Sendable () -> Date) throws {
    signer = LinkSigner(key: key)
    verifier = LinkVerifier(keys: try KeyRing([key.verificationKey]), clockSkew: .seconds(5), now: now)
    self.lifetime = lifetime
    self.origin = origin
    self.now = now
  }

  /// The query item that names a token's purpose, signed with it.
  static let purpose = (name: "use", value: "deferred")

  /// A new token for the link of `code`.
  func issue(code: String) throws -> String {
    let expiry = now().addingTimeInterval(TimeInterval(lifetime.components.seconds))
    return try signer.sign(
      "\(origin)/\(code)?\(Self.purpose.name)=\(Self.purpose.value)", expiresAt: expiry, nonce: LinkSigner.makeNonce())
  }

  /// What a checked token names.
  struct Checked {
    var code: String
    var nonce: String
    var expires: Date
  }

  /// Why a token is refused.
  enum Refusal: Error, Equatable {
    /// It is not a signed link of this site's (or is longer than a token can be).
    case notAToken
    /// Its signature, key, format or times do not check out.
    case refused(String)
    /// Its time is up.
    case expired
    /// It was redeemed before.
    case replayed
    /// Its link is gone.
    case unknownLink

    var text: String {
      switch self {
      case .notAToken: "not a token of this site"
      case .refused(let why): why
      case .expired: "the token has expired"
      case .replayed: "the token was redeemed before"
      case .unknownLink: "the token's link is gone"
      }
    }
  }

  /// Checks `token`'s form, signature and times; the caller claims its nonce.
  func check(_ token: String) -> Result<Checked, Refusal> {
    let prefix = origin + "/"
    guard token.utf8.count <= 1_024, token.hasPrefix(prefix) else { return .failure(.notAToken) }
    let rest = token.dropFirst(prefix.count)
    let code = String(rest.prefix { $0 != "?" })
    guard AppIdentifiers.isLinkCode(code) else { return .failure(.notAToken) }
    let verified: VerifiedLink
    do throws(SignedLinkRefusal) {
      verified = try verifier.verify(token)
    } catch {
      if case .expired = error { return .failure(.expired) }
      return .failure(.refused(error.description))
    }
    guard let nonce = verified.nonce else { return .failure(.refused("the token has no nonce")) }
    // Exactly the items a token is made with, its signed purpose among them: a signed link made
    // for another use under the same key (`--key` shared with the app's signed links, a link of
    // exactly the short link signed with a nonce) is not a token.
    let items = rest.drop { $0 != "?" }.dropFirst().split(separator: "&")
    let names = items.map { String($0.prefix { $0 != "=" }) }
    let format = signer.format
    let expected = [Self.purpose.name, format.expiryKey, format.keyIDKey, format.nonceKey, format.signatureKey]
    guard names.sorted() == expected.sorted() else {
      return .failure(.refused("the token carries items a token does not"))
    }
    guard items.contains(where: { $0 == "\(Self.purpose.name)=\(Self.purpose.value)" }) else {
      return .failure(.refused("a signed link made for another use, not a token"))
    }
    return .success(Checked(code: code, nonce: nonce, expires: verified.expiry))
  }
}
