import Foundation

/// Small vCard 3.0 cards for the server tests: a UID and a name, all both servers accept.
enum TestCards {
  static func card(uid: String, name: String, note: String? = nil) -> [UInt8] {
    var lines = ["BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "FN:\(name)", "N:\(name);;;;"]
    if let note { lines.append("NOTE:\(note)") }
    lines.append("END:VCARD")
    return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
  }

  /// The client timeout for tests against real servers, which do not test timeouts: long enough
  /// that a loaded machine never turns a slow answer into a failure.
  static let patientTimeout = Duration.seconds(300)

  /// A UID no other test uses.
  static func uid(_ label: String) -> String { "\(label)-\(UUID().uuidString.prefix(8))" }
}
