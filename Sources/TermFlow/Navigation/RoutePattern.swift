/// A route shape with parameters: `contacts/:id/edit` matches `contacts/42/edit` with
/// `["id": "42"]`. Apps list their patterns once; deep links are checked against them.
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
  private enum Part: Hashable, Sendable {
    case literal(String)
    case parameter(String)
  }

  private let parts: [Part]

  public init(_ pattern: String) {
    parts = pattern.split(separator: "/").map { segment in
      segment.hasPrefix(":") ? .parameter(String(segment.dropFirst())) : .literal(String(segment))
    }
  }

  /// The parameters when `path` has exactly this shape, nil otherwise.
  public func match(_ path: [String]) -> [String: String]? {
    guard path.count == parts.count else { return nil }
    var parameters: [String: String] = [:]
    for (part, segment) in zip(parts, path) {
      switch part {
      case .literal(let literal): guard literal == segment else { return nil }
      case .parameter(let name): parameters[name] = segment
      }
    }
    return parameters
  }

  /// `contacts/<id>/edit`: how the pattern is shown to people (help, error messages).
  public var description: String {
    parts.map { part in
      switch part {
      case .literal(let literal): literal
      case .parameter(let name): "<\(name)>"
      }
    }.joined(separator: "/")
  }
}
