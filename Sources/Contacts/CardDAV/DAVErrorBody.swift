import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `DAV:error` body of a failed request (RFC 4918 §16): the preconditions it names, such as
/// `valid-sync-token` on a stale token (RFC 6578) or `no-uid-conflict` on a duplicate UID
/// (RFC 6352 §6.3.2.1), and the server's own words when it adds them (Cyrus writes
/// `<D:responsedescription>Missing mandatory UID property</D:responsedescription>` beside
/// `valid-address-data`). A body that is not such XML names none.
struct DAVErrorBody {
  /// Local names of the root `error` element's children, in order (not `responsedescription`,
  /// which describes rather than names).
  var conditions: [String] = []
  /// The text of a `DAV:responsedescription` child, when there is one.
  var description: String?
  /// The first non-empty line of the body when it is plain text, for a message.
  var firstLine: String?

  init(_ bytes: [UInt8]) {
    let reader = Reader()
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    parser.delegate = reader
    if parser.parse(), reader.isError {
      conditions = reader.conditions
      let described = reader.describedText.trimmingCharacters(in: .whitespacesAndNewlines)
      if !described.isEmpty { description = String(described.prefix(200)) }
    } else if !reader.sawElement {
      firstLine = String(decoding: bytes.prefix(300), as: UTF8.self)
        .split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .first { !$0.isEmpty }
    }
  }

  /// What to tell a user about the refusal: the precondition(s) with the server's description
  /// (`valid-address-data: Missing mandatory UID property`), else the server's first line.
  var reason: String? {
    guard !conditions.isEmpty else { return description ?? firstLine }
    let named = conditions.joined(separator: ", ")
    return description.map { "\(named): \($0)" } ?? named
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var depth = 0
    var isError = false
    var sawElement = false
    var conditions: [String] = []
    var describedText = ""
    private var inDescription = false

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      sawElement = true
      depth += 1
      if depth == 1 { isError = namespaceURI == "DAV:" && elementName == "error" }
      guard depth == 2, isError else { return }
      if namespaceURI == "DAV:" && elementName == "responsedescription" {
        inDescription = true
      } else {
        conditions.append(elementName)
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if inDescription { describedText += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
      if depth == 2 { inDescription = false }
      depth -= 1
    }
  }
}
