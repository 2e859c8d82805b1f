/// Where the app is: the only truth about which screens are on stage.
///
/// A route is a path of segments (`contacts/42/edit`) plus, optionally, a modal presented on
/// top (a confirmation, an alert). Coordinators read it from state and put screens on stage;
/// nothing else makes screens come or go. A deep link is just an initial route.
public struct Route: Hashable, Sendable, Codable, CustomStringConvertible {
  public var path: [String]
  public var modal: ModalRoute?

  public init(_ path: [String] = [], modal: ModalRoute? = nil) {
    self.path = path
    self.modal = modal
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

  /// `contacts/42`, plus the modal's id in brackets when one is presented.
  public var description: String {
    path.joined(separator: "/") + (modal.map { " [\($0.id)]" } ?? "")
  }

  public func hasPrefix(_ prefix: [String]) -> Bool {
    path.count >= prefix.count && Array(path.prefix(prefix.count)) == prefix
  }
}

/// A modal presented over the stage. Its content is part of the route, so a confirmation can be
/// restored, replayed and snapshot-tested like any screen.
public struct ModalRoute: Hashable, Sendable, Codable {
  public enum Kind: Hashable, Sendable, Codable {
    /// A question with a confirming and a cancelling choice (`Delete` / `Cancel`).
    case confirmation(confirm: String, cancel: String)
    /// A message with one choice that dismisses it.
    case alert(dismiss: String)
  }

  /// What the modal is about, for the coordinator that acts on the answer (`delete/42`).
  public var id: String
  public var kind: Kind
  public var title: String
  public var message: String

  public init(id: String, kind: Kind, title: String, message: String) {
    self.id = id
    self.kind = kind
    self.title = title
    self.message = message
  }

  /// A question: `title`, `message`, a confirming choice and a cancelling one ("Cancel" unless
  /// said otherwise).
  public static func confirmation(
    id: String, title: String, message: String, confirm: String, cancel: String = "Cancel"
  ) -> ModalRoute {
    ModalRoute(id: id, kind: .confirmation(confirm: confirm, cancel: cancel), title: title, message: message)
  }
}
