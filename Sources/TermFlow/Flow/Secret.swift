/// A value that must never appear in logs, recordings or test output: passwords, tokens.
///
/// Wrapping a field in `Secret` marks it once, at the type, so every description of a state or
/// action that contains it (string interpolation, `dump`, `Mirror`-based tools such as the
/// logging middleware or custom-dump) shows `<redacted>` instead of the value. Code that really
/// needs the value reads `value`, which makes each such place visible in review.
public struct Secret<Value>: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The wrapped value. Reading it is a deliberate act; keep it out of descriptions.
  public var value: Value

  public init(_ value: Value) {
    self.value = value
  }

  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror {
    Mirror(self, children: [], displayStyle: .struct)
  }
}

extension Secret: Equatable where Value: Equatable {}
extension Secret: Hashable where Value: Hashable {}
extension Secret: Sendable where Value: Sendable {}
