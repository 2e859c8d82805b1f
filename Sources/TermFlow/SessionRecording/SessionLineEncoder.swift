import Foundation

/// Encodes a value as the JSON `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`,
/// byte for byte, at a fraction of its cost.
///
/// The recorder encodes an effect's answer the moment it arrives, inside the store's processing
/// of that answer (so that a crash report holds it): a page of contacts loaded while scrolling
/// the list cost `JSONEncoder` 65-130k instructions a contact, more than the rest of a step down
/// the list. `JSONEncoder` builds a tree of every value, then sorts and writes it; this writes
/// each value where it goes, and sorts an object's members in place once the object is done.
///
/// It covers what `JSONEncoder` does with the default strategies: dates as their own `Double`,
/// `Data` as Base64, a `URL` as its absolute string, non-finite numbers refused. A value that
/// uses containers out of order (writes to one after a later sibling was started), asks for a
/// super encoder, or holds a type `JSONEncoder` treats specially and this does not (`Decimal`)
/// is refused with ``Refusal``: the caller then uses `JSONEncoder`.
struct SessionLineEncoder {
  struct Refusal: Error {}

  /// The JSON of `value`, without a newline.
  static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
    let writer = JSONByteWriter()
    try writer.write(value)
    guard !writer.isRefused else { throw Refusal() }
    return writer.bytes
  }
}

/// The writer behind ``SessionLineEncoder``: one `Encoder` for every value, writing into one
/// buffer, with a stack of the objects and arrays still open.
///
/// Its stored properties are `@exclusivity(unchecked)`: a value's `encode(to:)` is code the
/// compiler cannot see, so every touch of a checked property would be tracked at run time (a
/// third of the writer's instructions), and the writer never holds an access to one across a
/// call out.
final class JSONByteWriter: Encoder {
  @exclusivity(unchecked) var bytes: [UInt8] = []
  /// Set when a value used the encoder in a way this writer cannot follow.
  @exclusivity(unchecked) private(set) var isRefused = false

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// An object or array being written.
  private struct Container {
    var id: Int
    var isObject: Bool
    /// The depth of `write` that opened it; a value's own container is closed when its
    /// `encode(to:)` returns, a nested one also when its parent starts another member.
    var depth: Int
    /// Whether it is the container a value asked its encoder for (not a nested one).
    var isOwn: Bool
    var count = 0
    /// Its first member in `members` (objects).
    var firstMember: Int
  }

  /// An object's member: where its key's text is and where the member starts (its key's quote).
  private struct Member {
    var keyStart: Int
    var keyEnd: Int
    var start: Int
  }

  @exclusivity(unchecked) private var open: [Container] = []
  @exclusivity(unchecked) private var members: [Member] = []
  @exclusivity(unchecked) private var depth = 0
  @exclusivity(unchecked) private var nextID = 0

  // MARK: Values

  /// Writes `value` where the writer is.
  func write<Value: Encodable>(_ value: Value) throws {
    if Value.self == String.self { return writeString(value as! String) }
    if Value.self == Int.self { return writeInteger(value as! Int) }
    if Value.self == Int64.self { return writeInteger(Int(value as! Int64)) }
    if Value.self == Bool.self { return writeBool(value as! Bool) }
    if Value.self == Double.self { return try writeDouble(value as! Double) }
    if Value.self == Data.self { return writeString((value as! Data).base64EncodedString()) }
    if Value.self == URL.self { return writeString((value as! URL).absoluteString) }
    if Value.self == Decimal.self {
      isRefused = true
      throw SessionLineEncoder.Refusal()
    }
    let height = open.count
    let start = bytes.count
    depth += 1
    defer { depth -= 1 }
    try value.encode(to: self)
    close(downTo: height)
    // A value that wrote nothing is an empty object, as `JSONEncoder` writes it.
    if bytes.count == start { bytes.append(contentsOf: "{}".utf8) }
  }

  func writeNull() { bytes.append(contentsOf: "null".utf8) }

  func writeBool(_ value: Bool) { bytes.append(contentsOf: value ? "true".utf8 : "false".utf8) }

  func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    writeDigits(value.magnitude)
  }

  private func writeDigits<Magnitude: FixedWidthInteger & UnsignedInteger>(_ value: Magnitude) {
    if value == 0 {
      bytes.append(UInt8(ascii: "0"))
      return
    }
    // Up to 20 digits, written from the right.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var remaining = value
      var index = buffer.count
      while remaining != 0 {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
        remaining /= 10
      }
      bytes.append(contentsOf: buffer[index...])
    }
  }

  /// A number as `JSONEncoder` writes it: Swift's shortest text that reads back the same,
  /// without a trailing `.0`; infinities and NaN refused.
  func writeDouble(_ value: Double) throws {
    guard value.isFinite else { throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "")) }
    writeNumberText(value.description)
  }

  func writeFloat(_ value: Float) throws {
    guard value.isFinite else { throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "")) }
    writeNumberText(value.description)
  }

  private func writeNumberText(_ text: String) {
    var text = text
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
  }

  /// A string in quotes, escaped as `JSONEncoder` escapes it: the quote, the backslash and the
  /// controls below U+0020 (`\b \f \n \r \t`, the others as `\u00XX`); nothing else.
  func writeString(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      var plainStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
        plainStart = index + 1
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
          let hex = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: "u00".utf8)
          bytes.append(hex[Int(byte >> 4)])
          bytes.append(hex[Int(byte & 0xF)])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
      bytes.append(UInt8(ascii: "\""))
    }
  }

  // MARK: Containers

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    // Asked again by the same value (a subclass, then its superclass): the same object.
    if let own = open.last(where: { $0.depth == depth && $0.isOwn }), own.isObject {
      return KeyedEncodingContainer(JSONObjectWriter<Key>(writer: self, id: own.id))
    }
    return KeyedEncodingContainer(JSONObjectWriter<Key>(writer: self, id: openContainer(isObject: true, isOwn: true)))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if let own = open.last(where: { $0.depth == depth && $0.isOwn }), !own.isObject {
      return JSONArrayWriter(writer: self, id: own.id)
    }
    return JSONArrayWriter(writer: self, id: openContainer(isObject: false, isOwn: true))
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValueWriter(writer: self) }

  /// Opens an object or array where the writer is; its id.
  func openContainer(isObject: Bool, isOwn: Bool) -> Int {
    bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    nextID += 1
    open.append(Container(id: nextID, isObject: isObject, depth: depth, isOwn: isOwn, firstMember: members.count))
    return nextID
  }

  /// Makes container `id` the innermost open one, closing the nested ones opened after it (a
  /// nested container is done once its parent goes on), and counts a new element or member in
  /// it: writes the comma before it. False, and the writer refuses the value, when `id` is
  /// closed already.
  func startElement(in id: Int) -> Bool {
    var index = open.count - 1
    while index >= 0 && open[index].id != id { index -= 1 }
    guard index >= 0 else {
      refuse()
      return false
    }
    if index + 1 < open.count { close(downTo: index + 1) }
    if open[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
    open[index].count += 1
    return true
  }

  /// Starts a member of object `id`: the comma, the key and the colon.
  func startMember(_ key: String, in id: Int) -> Bool {
    guard startElement(in: id) else { return false }
    let start = bytes.count
    writeString(key)
    members.append(Member(keyStart: start + 1, keyEnd: bytes.count - 1, start: start))
    bytes.append(UInt8(ascii: ":"))
    return true
  }

  func refuse() { isRefused = true }

  /// Closes the open containers above the first `height`.
  private func close(downTo height: Int) {
    while open.count > height {
      let container = open.removeLast()
      if container.isObject {
        sortMembers(from: container.firstMember)
        bytes.append(UInt8(ascii: "}"))
      } else {
        bytes.append(UInt8(ascii: "]"))
      }
    }
  }

  /// Puts the members of the object being closed (from `first` in `members`) in the order of
  /// their keys' bytes, as `JSONEncoder` sorts them.
  private func sortMembers(from first: Int) {
    defer { members.removeSubrange(first...) }
    guard members.count - first > 1 else { return }
    let end = bytes.count
    let start = members[first].start
    let sorted: [UInt8]? = bytes.withUnsafeBufferPointer { text in
      let keyOrder = { (a: Member, b: Member) in
        UnsafeBufferPointer(rebasing: text[a.keyStart..<a.keyEnd]).lexicographicallyPrecedes(
          UnsafeBufferPointer(rebasing: text[b.keyStart..<b.keyEnd]))
      }
      let object = members[first...]
      guard zip(object, object.dropFirst()).contains(where: { !keyOrder($0, $1) }) else { return nil }
      // Each member's text, without the comma that follows it.
      var texts: [(member: Member, range: Range<Int>)] = []
      texts.reserveCapacity(object.count)
      for index in object.indices {
        let upper = index + 1 < members.count ? members[index + 1].start - 1 : end
        texts.append((members[index], members[index].start..<upper))
      }
      texts.sort { keyOrder($0.member, $1.member) }
      var sorted: [UInt8] = []
      sorted.reserveCapacity(end - start)
      for (index, member) in texts.enumerated() {
        if index > 0 { sorted.append(UInt8(ascii: ",")) }
        sorted.append(contentsOf: UnsafeBufferPointer(rebasing: text[member.range]))
      }
      return sorted
    }
    if let sorted { bytes.replaceSubrange(start..<end, with: sorted) }
  }
}

/// An object's members, written by ``JSONByteWriter``.
private struct JSONObjectWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let writer: JSONByteWriter
  let id: Int
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws {
    guard writer.startMember(key.stringValue, in: id) else { throw SessionLineEncoder.Refusal() }
    writer.writeNull()
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    guard writer.startMember(key.stringValue, in: id) else { throw SessionLineEncoder.Refusal() }
    writer.writeBool(value)
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    guard writer.startMember(key.stringValue, in: id) else { throw SessionLineEncoder.Refusal() }
    writer.writeString(value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    guard writer.startMember(key.stringValue, in: id) else { throw SessionLineEncoder.Refusal() }
    try writer.writeDouble(value)
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    guard writer.startMember(key.stringValue, in: id) else { throw SessionLineEncoder.Refusal() }
    try writer.writeFloat(value)
  }

  mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

  private func integer<Integer: FixedWidthInteger>(_ value: Integer, _ key: Key) throws {
    guard writer.startMember(key.stringValue, in: id) else { throw SessionLineEncoder.Refusal() }
    writer.writeInteger(value)
  }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    guard writer.startMember(key.stringValue, in: id) else { throw SessionLineEncoder.Refusal() }
    try writer.write(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    _ = writer.startMember(key.stringValue, in: id)
    return KeyedEncodingContainer(
      JSONObjectWriter<NestedKey>(writer: writer, id: writer.openContainer(isObject: true, isOwn: false)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    _ = writer.startMember(key.stringValue, in: id)
    return JSONArrayWriter(writer: writer, id: writer.openContainer(isObject: false, isOwn: false))
  }

  mutating func superEncoder() -> any Encoder {
    writer.refuse()
    return writer
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    writer.refuse()
    return writer
  }
}

/// An array's elements, written by ``JSONByteWriter``.
private struct JSONArrayWriter: UnkeyedEncodingContainer {
  let writer: JSONByteWriter
  let id: Int
  var codingPath: [any CodingKey] { [] }
  private(set) var count = 0

  init(writer: JSONByteWriter, id: Int) {
    self.writer = writer
    self.id = id
  }

  private mutating func start() throws {
    guard writer.startElement(in: id) else { throw SessionLineEncoder.Refusal() }
    count += 1
  }

  mutating func encodeNil() throws {
    try start()
    writer.writeNull()
  }

  mutating func encode(_ value: Bool) throws {
    try start()
    writer.writeBool(value)
  }

  mutating func encode(_ value: String) throws {
    try start()
    writer.writeString(value)
  }

  mutating func encode(_ value: Double) throws {
    try start()
    try writer.writeDouble(value)
  }

  mutating func encode(_ value: Float) throws {
    try start()
    try writer.writeFloat(value)
  }

  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }

  private mutating func integer<Integer: FixedWidthInteger>(_ value: Integer) throws {
    try start()
    writer.writeInteger(value)
  }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try start()
    try writer.write(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    if (try? start()) == nil { writer.refuse() }
    return KeyedEncodingContainer(
      JSONObjectWriter<NestedKey>(writer: writer, id: writer.openContainer(isObject: true, isOwn: false)))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    if (try? start()) == nil { writer.refuse() }
    return JSONArrayWriter(writer: writer, id: writer.openContainer(isObject: false, isOwn: false))
  }

  mutating func superEncoder() -> any Encoder {
    writer.refuse()
    return writer
  }
}

/// A value that is one value, written by ``JSONByteWriter`` where it is.
private struct JSONSingleValueWriter: SingleValueEncodingContainer {
  let writer: JSONByteWriter
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { writer.writeNull() }
  mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
  mutating func encode(_ value: String) throws { writer.writeString(value) }
  mutating func encode(_ value: Double) throws { try writer.writeDouble(value) }
  mutating func encode(_ value: Float) throws { try writer.writeFloat(value) }
  mutating func encode(_ value: Int) throws { writer.writeInteger(value) }
  mutating func encode(_ value: Int8) throws { writer.writeInteger(value) }
  mutating func encode(_ value: Int16) throws { writer.writeInteger(value) }
  mutating func encode(_ value: Int32) throws { writer.writeInteger(value) }
  mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
  mutating func encode(_ value: UInt) throws { writer.writeInteger(value) }
  mutating func encode(_ value: UInt8) throws { writer.writeInteger(value) }
  mutating func encode(_ value: UInt16) throws { writer.writeInteger(value) }
  mutating func encode(_ value: UInt32) throws { writer.writeInteger(value) }
  mutating func encode(_ value: UInt64) throws { writer.writeInteger(value) }
  mutating func encode<Value: Encodable>(_ value: Value) throws { try writer.write(value) }
}
