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

  public var isLoading: Bool { self == .loading }

  public var failure: String? {
    if case .failed(let message) = self { message } else { nil }
  }
}

extension Loadable: Codable where Value: Codable {}
