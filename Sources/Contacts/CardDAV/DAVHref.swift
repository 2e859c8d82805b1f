import Foundation

/// The one form every href takes in and out of the client: the absolute path, percent-encoded
/// the same way whatever the server wrote (`%40` or `@`, `%7e` or `~`, a full URL or a path), so
/// the same member always gets the same string from sync-collection, PROPFIND and multiget, and
/// the sync engine can store it and hand it back.
///
/// Canonical: characters RFC 3986 allows in a path segment (unreserved, sub-delims, `:` and `@`)
/// and `/` stay as they are; every other byte is `%XX` in upper-case hex; an encoded `/` stays
/// encoded (it is not a separator).
enum DAVHref {
  /// The canonical href for what a server wrote in `<href>`, resolved against `base` (the URL the
  /// request went to) when it is relative. Nil when it names another host or is empty.
  static func canonical(_ written: String, relativeTo base: URL) -> String? {
    let text = written.trimmingXMLWhitespace
    guard !text.isEmpty else { return nil }
    var path: String
    // Searched as UTF-8 bytes, not Characters: every href of a long answer comes through here.
    if let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")), !text.utf8[..<colon].contains(UInt8(ascii: "/")) {
      guard let components = URLComponents(string: text), components.host != nil else { return nil }
      path = components.percentEncodedPath
    } else if text.hasPrefix("/") {
      path = text
    } else {
      let basePath = base.path(percentEncoded: true)
      let directory =
        basePath.hasSuffix("/") ? basePath : String(basePath[...(basePath.lastIndex(of: "/") ?? basePath.startIndex)])
      path = directory + text
    }
    if let cut = path.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
      path = String(path[..<cut])
    }
    return normalized(path)
  }

  /// `path` with its percent-encoding made canonical (see the type's comment).
  static func normalized(_ path: String) -> String {
    // Most hrefs are canonical already: every byte one that stays as it is.
    if path.utf8.allSatisfy({ isUnreserved($0) || isPathCharacter($0) }) { return path }
    var result = ""
    result.reserveCapacity(path.utf8.count)
    var bytes = Array(path.utf8)[...]
    while let byte = bytes.popFirst() {
      if byte == UInt8(ascii: "%"), bytes.count >= 2,
        let high = hexValue(bytes[bytes.startIndex]), let low = hexValue(bytes[bytes.startIndex + 1])
      {
        bytes.removeFirst(2)
        let decoded = high << 4 | low
        if decoded == UInt8(ascii: "/") { result += "%2F" } else { append(decoded, to: &result) }
      } else {
        append(byte, to: &result)
      }
    }
    return result
  }

  /// The href with a trailing slash removed, to compare a collection with a member's href.
  static func trimmed(_ href: String) -> Substring {
    var text = Substring(href)
    while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
    return text
  }

  /// The URL on `base`'s server for an absolute-path href (made canonical first, so any href a
  /// caller holds is sent the same way).
  static func url(_ href: String, on base: URL) throws(CardDAVError) -> URL {
    guard href.hasPrefix("/"), var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
    else { throw .invalidURL(href) }
    components.user = nil
    components.password = nil
    components.query = nil
    components.fragment = nil
    components.percentEncodedPath = normalized(href)
    guard let url = components.url else { throw .invalidURL(href) }
    return url
  }

  /// Percent-encodes `text` as one path segment, keeping only unreserved characters
  /// (`A-Z a-z 0-9 - . _ ~`): the form of a UID in a new card's href.
  static func segment(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      if isUnreserved(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += percentEncoded(byte)
      }
    }
    return result
  }

  private static func append(_ byte: UInt8, to result: inout String) {
    if isUnreserved(byte) || isPathCharacter(byte) {
      result.unicodeScalars.append(Unicode.Scalar(byte))
    } else {
      result += percentEncoded(byte)
    }
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// Sub-delims, `:`, `@` and the separator `/`.
  private static func isPathCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
      UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
      true
    default: false
    }
  }

  private static func percentEncoded(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
