/// How long a made module lives.
public enum ModuleScope: String, Sendable, Hashable, CaseIterable {
  /// A new instance for every `make`.
  case transient
  /// One instance, made on first use (exactly once, even when many tasks ask at the same moment)
  /// and kept for the registry's life.
  case shared
  /// One instance while someone holds it; made again after the last holder lets go. Needs a class.
  case weak
}
