/// Where the app is: the only truth about which screens are on stage.
///
/// A route is a path of segments (`contacts/42/edit`). Coordinators read it from state and put
/// screens on stage; nothing else makes screens come or go. A deep link is just an initial
/// route. (A question over the stage is a ``Dialog``, also in state.)
public struct Route: Hashable, Sendable, Codable, CustomStringConvertible {
  public var path: [String]

  public init(_ path: [String] = []) {
    self.path = path
  }

  /// Parses `contacts/42/edit` (surrounding slashes allowed). Nil for an empty route, an empty
  /// segment (`a//b`), or a segment with characters other than letters, digits, `-`, `_`, `.`.
  public init?(parsing text: String) {
    var trimmed = Substring(text)
    while trimmed.first == "/" { trimmed.removeFirst() }
    while trimmed.last == "/" { trimmed.removeLast() }
    let segments = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard !trimmed.isEmpty, segments.allSatisfy(Route.isValidSegment) else { return nil }
    self.init(segments)
  }

  static func isValidSegment(_ segment: String) -> Bool {
    !segment.isEmpty
      && segment.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
      }
  }

  /// `contacts/42`.
  public var description: String {
    path.joined(separator: "/")
  }

  public func hasPrefix(_ prefix: [String]) -> Bool {
    path.count >= prefix.count && Array(path.prefix(prefix.count)) == prefix
  }
}
