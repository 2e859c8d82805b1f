import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads a 207 multistatus as a stream of events with Foundation's SAX `XMLParser`: each
/// `<response>` is handed over as soon as its end tag is read and then forgotten, so memory holds
/// one response (one card at most) whatever the size of the answer. Namespaces are processed, so
/// any prefix or a default namespace reads the same.
///
/// Anything that is not a well-formed `DAV:multistatus` (garbage, an HTML error page, a body cut
/// off in the middle) is a `CardDAVError.malformedResponse`; an error thrown by `each` stops the
/// parse at once and is rethrown unchanged.
final class MultistatusParser: NSObject, XMLParserDelegate {
  /// The multistatus-level `DAV:sync-token` (RFC 6578 §6.2), after the parse.
  private(set) var syncToken: String?

  private let source: URL
  private let each: (MultistatusResponse) throws -> Void
  private var path: [DAVName] = []
  private var response = MultistatusResponse()
  private var propstatProperties = DAVProperties()
  private var propstatStatus: Int?
  private var text: String?
  private var failure: (any Error)?
  private var sawRoot = false

  private init(source: URL, each: @escaping (MultistatusResponse) throws -> Void) {
    self.source = source
    self.each = each
  }

  /// Parses `stream` to its end, handing each response to `each`; returns the multistatus-level
  /// sync token, if any.
  static func parse(
    _ stream: InputStream, from source: URL, each: (MultistatusResponse) throws -> Void
  ) throws -> String? {
    try withoutActuallyEscaping(each) { each in
      let delegate = MultistatusParser(source: source, each: each)
      let parser = XMLParser(stream: stream)
      parser.shouldProcessNamespaces = true
      parser.shouldResolveExternalEntities = false
      parser.delegate = delegate
      let finished = parser.parse()
      if let failure = delegate.failure { throw failure }
      guard finished else {
        let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
        throw CardDAVError.malformedResponse(source, "the XML is broken or cut off (\(reason))")
      }
      guard delegate.sawRoot else {
        throw CardDAVError.malformedResponse(source, "the answer is empty")
      }
      return delegate.syncToken
    }
  }

  /// Parses a whole multistatus held in memory (small answers and tests).
  static func parse(_ bytes: [UInt8], from source: URL, each: (MultistatusResponse) throws -> Void) throws
    -> String?
  {
    try parse(InputStream(data: Data(bytes)), from: source, each: each)
  }

  // MARK: XMLParserDelegate

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let name = DAVName(namespace: namespaceURI ?? "", local: elementName)
    path.append(name)
    let depth = path.count
    if depth == 1 {
      sawRoot = true
      if name != .multistatus {
        fail(.malformedResponse(source, "expected a DAV multistatus, found <\(elementName)>"))
        parser.abortParsing()
      }
      return
    }
    guard text == nil else { return }  // markup inside a text property: keep its text only
    let parent = path[depth - 2]
    switch (depth, name) {
    case (2, .response):
      response = MultistatusResponse()
    case (2, .syncToken):
      startCapture(at: depth)
    case (3, .href) where parent == .response,
      (3, .status) where parent == .response,
      (4, .status) where parent == .propstat:
      startCapture(at: depth)
    case (3, .propstat):
      propstatProperties = DAVProperties()
      propstatStatus = nil
    default:
      startProperty(name, parent: parent, depth: depth, attributes: attributes)
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text?.append(string)
  }

  func parser(_ parser: XMLParser, foundCDATA block: Data) {
    if text != nil { text?.append(String(decoding: block, as: UTF8.self)) }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    guard let name = path.last else { return }
    let depth = path.count
    defer { path.removeLast() }
    if let captured = text {
      guard depth == captureDepth else { return }  // the end of markup inside the text
      text = nil
      finishText(captured, of: name, depth: depth)
      return
    }
    switch (depth, name) {
    case (2, .response):
      do { try each(response) } catch {
        failure = error
        parser.abortParsing()
      }
    case (3, .propstat):
      if let status = propstatStatus, !(200..<300).contains(status) { break }
      response.properties.merge(propstatProperties)
    default: break
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if failure == nil {
      let reason = (parseError as NSError).localizedDescription
      failure = CardDAVError.malformedResponse(source, "the XML is broken or cut off (\(reason))")
    }
  }

  // MARK: Properties

  /// The depth of the element whose text is being read: the capture ends with it.
  private var captureDepth = 0

  private func startCapture(at depth: Int) {
    text = ""
    captureDepth = depth
  }

  private func startProperty(_ name: DAVName, parent: DAVName, depth: Int, attributes: [String: String]) {
    let inProp = depth >= 5 && path[2] == .propstat && path[3] == .prop
    guard inProp else { return }
    if depth == 5 {
      switch name {
      case .getETag, .addressData, .displayName, .addressBookDescription,
        .syncToken, .maxResourceSize:
        startCapture(at: depth)
      default: break
      }
      return
    }
    let property = path[4]
    switch (property, depth) {
    case (.resourceType, 6):
      propstatProperties.resourceTypes.insert(name)
    case (.supportedAddressData, 6):
      if let version = attributes["version"] { propstatProperties.supportedVersions.append(version) }
    case (.supportedReportSet, 8) where parent == .report:
      propstatProperties.supportedReports.insert(name)
    case (.currentUserPrincipal, 6) where name == .href,
      (.addressBookHomeSet, 6) where name == .href:
      startCapture(at: depth)
    default: break
    }
  }

  private func finishText(_ value: String, of name: DAVName, depth: Int) {
    switch depth {
    case 2: syncToken = value.trimmingXMLWhitespace
    case 3 where name == .href: response.hrefs.append(value)
    case 3: response.status = StatusLine.code(value.trimmingXMLWhitespace)
    case 4: propstatStatus = StatusLine.code(value.trimmingXMLWhitespace)
    case 5: setProperty(name, value)
    case 6 where path[4] == .currentUserPrincipal:
      propstatProperties.currentUserPrincipal = value
    case 6 where path[4] == .addressBookHomeSet:
      propstatProperties.addressBookHomeSet.append(value)
    default: break
    }
  }

  private func setProperty(_ name: DAVName, _ value: String) {
    let trimmed = value.trimmingXMLWhitespace
    switch name {
    case .getETag: propstatProperties.etag = trimmed
    case .addressData: propstatProperties.addressData = value
    case .displayName: propstatProperties.displayName = value
    case .addressBookDescription: propstatProperties.addressBookDescription = value
    case .syncToken: propstatProperties.syncToken = trimmed
    case .maxResourceSize: propstatProperties.maxResourceSize = Int(trimmed)
    default: break
    }
  }

  private func fail(_ error: CardDAVError) {
    if failure == nil { failure = error }
  }
}
