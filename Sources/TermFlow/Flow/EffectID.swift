/// The identity under which effects are grouped for cancellation.
///
/// Any `Hashable & Sendable` value can name a group; a screen typically uses its own identity so
/// that tearing it down cancels everything it started.
public struct EffectID: Hashable, Sendable {
  // AnyHashable is not Sendable; every value stored here was Sendable when it was wrapped.
  nonisolated(unsafe) private let base: AnyHashable

  public init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
  }
}
