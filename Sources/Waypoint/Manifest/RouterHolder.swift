#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Holds the current ``Router`` and swaps it for a new one while opens are in flight: each open
/// takes one router at its start and uses it to the end, so it sees one consistent table.
///
/// ```swift
/// let holder = try RouterHolder(builder: builder)       // code routes + a bundled manifest
/// let result = try await holder.router.open("myapp://promo/spring")   // the router in use now
/// try holder.replace(signedManifest: downloaded, signature: signature, verifiedBy: verifier)
/// ```
///
/// A replacement is all or nothing: the manifest is checked (signature, revision), read and
/// built first, and only a router that built is swapped in. On any failure the current router
/// keeps serving, the call throws, and ``manifestEvents(bufferingNewest:)`` reports the reason.
///
/// A lock is held only to read or swap the router reference, never while matching or handling.
public final class RouterHolder: Sendable {
  private struct State {
    var router: Router
    var revision: Int?
  }

  private let current: Locked<State>
  /// The builder the router was built from, for rebuilding with other declared routes.
  let builder: RouterBuilder?
  private let hub = EventHub<RouteEvent>()
  private let manifestHub = EventHub<ManifestEvent>()

  /// Holds `router`.
  public init(_ router: Router) {
    self.current = Locked(State(router: router.reporting(to: hub)))
    self.builder = nil
  }

  /// Builds `builder` and holds the result.
  ///
  /// `replace(manifest:)` rebuilds with the same code routes, middleware and handlers. The revision in use starts as the highest revision of the
  /// builder's manifests.
  ///
  /// - Throws: What ``RouterBuilder/build()`` throws.
  public init(builder: RouterBuilder) throws(BuildError) {
    let router = try builder.build()
    self.current = Locked(State(router: router.reporting(to: hub), revision: builder.manifestRevision))
    self.builder = builder
  }

  /// The router every new open uses: open, resolve and print links through it.
  ///
  /// Each read takes the router in use at that moment, which serves the whole call:
  /// `holder.router.open(url)`, `holder.router.canOpen(url)`.
  public var router: Router { current.withLock { $0.router } }

  /// The revision of the manifest in use, when it has one.
  public var revision: Int? { current.withLock { $0.revision } }

  /// Makes `router` the one every new open uses; opens in flight finish with the old one.
  ///
  /// The revision in use does not change.
  public func replace(with router: Router) {
    let reporting = router.reporting(to: hub)
    current.withLock { $0.router = reporting }
  }

  /// Rebuilds the held builder with `manifest` in place of its manifests and swaps the result in.
  ///
  /// A manifest with a revision must be newer than the one in use. For a manifest downloaded at
  /// run time, prefer ``replace(signedManifest:signature:verifiedBy:)``: anyone who can reach
  /// the place it comes from can otherwise replace the app's routes.
  ///
  /// - Throws: A `BuildError`: `invalidManifest` when the holder was not made from a builder,
  ///   `staleManifest` for a revision not above the one in use, or what ``RouterBuilder/build()``
  ///   throws. The current router then stays, and a ``ManifestEvent`` says why.
  public func replace(manifest: RouteManifest) throws(BuildError) {
    try install(manifest, requiresRevision: false)
  }

  /// Checks `data`'s signature, then reads, builds and swaps it in as
  /// ``replace(manifest:)`` does, refusing a manifest without a revision.
  ///
  /// ```swift
  /// let verifier = ManifestVerifier(keys: try KeyRing([.ed25519(publicKey, id: "2026-11")]))
  /// try holder.replace(signedManifest: manifestData, signature: signatureData, verifiedBy: verifier)
  /// ```
  ///
  /// - Parameters:
  ///   - data: The manifest's exact bytes, as signed.
  ///   - signature: The detached signature, as the signing tool wrote it.
  ///   - verifier: Checks the signature (`ManifestVerifier` in `WaypointSignedLinks`).
  /// - Throws: A `BuildError`: `untrustedManifest` when the signature does not verify,
  ///   `staleManifest` when the revision is missing or not above the one in use, or the
  ///   manifest's own errors. Nothing is applied on any failure.
  public func replace(
    signedManifest data: Data, signature: Data, verifiedBy verifier: some ManifestVerifying
  ) throws(BuildError) {
    let manifest: RouteManifest
    do {
      try verifier.verify(manifest: data, signature: signature)
      manifest = try RouteManifest(data: data)
    } catch let error as ManifestError {
      throw refuse(BuildError(errors: [error]), revision: nil)
    } catch let error as BuildError {
      throw refuse(error, revision: nil)
    } catch {
      throw refuse(BuildError(errors: [ManifestError(.invalidManifest, "\(error)")]), revision: nil)
    }
    try install(manifest, requiresRevision: true)
  }

  /// Every manifest replacement from now on, applied or refused with its reason.
  public func manifestEvents(bufferingNewest limit: Int = 64) -> AsyncStream<ManifestEvent> {
    manifestHub.stream(bufferingNewest: limit)
  }

  /// Every event of every open, whichever router served it.
  public func events(bufferingNewest limit: Int = 1024) -> AsyncStream<RouteEvent> {
    hub.stream(bufferingNewest: limit)
  }

  // MARK: - Replacing

  /// Builds `manifest` with the held builder and swaps it in when its revision is newer; the
  /// revision is checked again under the lock, so two replacements racing cannot go backwards.
  private func install(_ manifest: RouteManifest, requiresRevision: Bool) throws(BuildError) {
    guard let builder else {
      throw refuse(
        BuildError(errors: [
          ManifestError(.invalidManifest, "this holder was made from a router, not a builder; use replace(with:)")
        ]), revision: manifest.revision)
    }
    if requiresRevision, manifest.revision == nil {
      throw refuse(
        BuildError(errors: [
          ManifestError(
            .staleManifest,
            "the signed manifest has no 'revision', so it cannot be told apart from an older one served again",
            field: "revision")
        ]), revision: nil)
    }
    if let stale = staleness(of: manifest.revision, inUse: revision) {
      throw refuse(stale, revision: manifest.revision)
    }
    let built: Router
    do {
      built = try builder.replacingManifests(with: [manifest]).build()
    } catch {
      throw refuse(error, revision: manifest.revision)
    }
    let reporting = built.reporting(to: hub)
    let outcome: Result<Int?, BuildError> = current.withLock { state in
      if let stale = staleness(of: manifest.revision, inUse: state.revision) { return .failure(stale) }
      let previous = state.revision
      state.router = reporting
      state.revision = manifest.revision ?? state.revision
      return .success(previous)
    }
    switch outcome {
    case .failure(let stale):
      throw refuse(stale, revision: manifest.revision)
    case .success(let previous):
      manifestHub.send(
        ManifestEvent(outcome: .applied, revision: manifest.revision, previousRevision: previous, error: nil))
    }
  }

  /// The error for `offered` when it is not above `inUse`; `nil` when either is unknown or it is newer.
  private func staleness(of offered: Int?, inUse: Int?) -> BuildError? {
    guard let offered, let inUse, offered <= inUse else { return nil }
    return BuildError(errors: [
      ManifestError(
        .staleManifest,
        "the manifest's revision \(offered) is not above the revision in use (\(inUse)); an older manifest "
          + "served again could bring back removed routes",
        field: "revision")
    ])
  }

  /// Reports a refused replacement and returns its error for throwing.
  private func refuse(_ error: BuildError, revision offered: Int?) -> BuildError {
    manifestHub.send(
      ManifestEvent(outcome: .refused, revision: offered, previousRevision: revision, error: error))
    return error
  }
}
