/// RFC 6350 §3.2 folding: no line longer than 75 octets (CRLF not counted), each continuation
/// starting with one space that counts toward its 75, never inside a UTF-8 character.
enum LineFolding {
  static let maximumOctets = 75

  static func appendFolded(_ line: [UInt8], to output: inout [UInt8]) {
    var start = 0
    var room = maximumOctets
    while line.count - start > room {
      var end = start + room
      while end > start + 1, line[end] & 0xC0 == 0x80 { end -= 1 }
      output.append(contentsOf: line[start..<end])
      output.append(contentsOf: [.carriageReturn, .lineFeed, .space])
      start = end
      room = maximumOctets - 1
    }
    output.append(contentsOf: line[start...])
    output.append(contentsOf: [.carriageReturn, .lineFeed])
  }
}
