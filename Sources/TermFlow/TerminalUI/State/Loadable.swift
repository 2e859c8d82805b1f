/// Something that arrives later: loading, loaded, or failed with a message for the screen.
///
/// Screens show it with ``LoadingView``: a spinner, then the content, or the error with the key
/// that tries again.
public enum Loadable<Value: Equatable & Sendable>: Equatable, Sendable {
  case loading
  case loaded(Value)
  case failed(String)

  public var value: Value? {
    if case .loaded(let value) = self { value } else { nil }
  }

  /// A match, not `== .loading`: asked at every action (whether a spinner turns), where the
  /// derived `==` would compare through the runtime's generic code.
  @inlinable
  public var isLoading: Bool {
    if case .loading = self { true } else { false }
  }

  public var failure: String? {
    if case .failed(let message) = self { message } else { nil }
  }
}

extension Loadable: Codable where Value: Codable {}

/// What a ``Loadable`` holds when only the outcome matters, not a value: a save, a sign-out, a
/// connection test. `Loadable<Done>` is loading, ``Loadable/done`` or failed with a message, and
/// ``LoadingView`` shows it like any other.
public struct Done: Hashable, Sendable, Codable {
  public init() {}
}

extension Loadable where Value == Done {
  /// Finished, with nothing to show but that it did.
  public static var done: Self { .loaded(Done()) }

  /// Whether it finished (and did not fail).
  public var isDone: Bool { self == .done }
}
