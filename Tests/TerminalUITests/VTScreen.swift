import CNcursesw

@testable import TerminalUI

/// A terminal screen as far as the sequences ``FrameWriter`` sends go, each as xterm takes it:
/// what the writer's bytes would put on a real screen, cell by cell, to compare with the frame.
///
/// It knows cursor position (CUP, CHA, CUF, CUB, CUU, CUD, CR), SGR, the scroll region
/// (DECSTBM) with index and reverse index, erase to the end of the line (EL), the cursor's
/// visibility (DECTCEM) and, as xterm does, the pending wrap after the last column: the next
/// character is written at the start of the next row. A character takes libc's `wcwidth` of
/// columns, as a terminal does; a zero-width scalar joins the cell before. Anything else it is
/// sent is an error, recorded in ``unknownSequences``.
struct VTScreen {
  struct Glyph: Equatable, CustomStringConvertible {
    var text: String
    var style: Style

    static let blank = Glyph(text: " ", style: .plain)

    var description: String { "\(text.debugDescription) \(style)" }
  }

  let size: Size
  private(set) var rows: [[Glyph]]
  private(set) var cursor = Point(x: 0, y: 0)
  private(set) var cursorIsVisible = false
  private(set) var unknownSequences: [String] = []
  private var pendingWrap = false
  private var pen = Style.plain
  private var region: Range<Int>
  private var lastWritten: Point?

  init(size: Size) {
    self.size = size
    rows = Array(repeating: Array(repeating: .blank, count: size.width), count: size.height)
    region = 0..<size.height
  }

  /// What erasing leaves: a blank in the pen's background, nothing else of it.
  private var erased: Glyph { Glyph(text: " ", style: Style(foreground: .default, background: pen.background)) }

  mutating func feed(_ bytes: [UInt8]) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B, index + 1 < bytes.count {
        let next = bytes[index + 1]
        if next == 0x5B {
          var end = index + 2
          while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
          guard end < bytes.count else {
            unknownSequences.append("unterminated CSI")
            return
          }
          controlSequence(String(decoding: bytes[(index + 2)..<end], as: UTF8.self), final: bytes[end])
          index = end + 1
        } else {
          if next == 0x44 {
            lineFeed()
          } else if next == 0x4D {
            reverseIndex()
          } else {
            unknownSequences.append("ESC \(Character(Unicode.Scalar(next)))")
          }
          index += 2
        }
        continue
      }
      if byte == 0x0D {
        cursor.x = 0
        pendingWrap = false
        index += 1
        continue
      }
      // One UTF-8 scalar.
      let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
      let scalar = String(decoding: bytes[index..<min(bytes.count, index + length)], as: UTF8.self).unicodeScalars
        .first!
      if scalar.value < 0x20 {
        unknownSequences.append("control \(scalar.value)")
      } else {
        print(scalar)
      }
      index += length
    }
  }

  private mutating func print(_ scalar: Unicode.Scalar) {
    let width = Int(tf_wcwidth(scalar.value))
    if width == 0, let last = lastWritten {
      rows[last.y][last.x].text.unicodeScalars.append(scalar)
      return
    }
    let columns = max(1, width)
    if pendingWrap || cursor.x + columns > size.width {
      cursor.x = 0
      pendingWrap = false
      lineFeed()
    }
    rows[cursor.y][cursor.x] = Glyph(text: String(Character(scalar)), style: pen)
    if columns == 2, cursor.x + 1 < size.width { rows[cursor.y][cursor.x + 1] = Glyph(text: "", style: pen) }
    lastWritten = cursor
    if cursor.x + columns >= size.width {
      cursor.x = size.width - 1
      pendingWrap = true
    } else {
      cursor.x += columns
    }
  }

  private mutating func lineFeed() {
    if cursor.y == region.upperBound - 1 {
      rows.remove(at: region.lowerBound)
      rows.insert(Array(repeating: erased, count: size.width), at: region.upperBound - 1)
    } else if cursor.y < size.height - 1 {
      cursor.y += 1
    }
  }

  private mutating func reverseIndex() {
    pendingWrap = false
    if cursor.y == region.lowerBound {
      rows.remove(at: region.upperBound - 1)
      rows.insert(Array(repeating: erased, count: size.width), at: region.lowerBound)
    } else if cursor.y > 0 {
      cursor.y -= 1
    }
  }

  private mutating func controlSequence(_ parameters: String, final: UInt8) {
    let isPrivate = parameters.hasPrefix("?")
    let numbers = parameters.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0)
    }
    let first = (numbers.first ?? nil) ?? 1
    let count = max(1, first)
    switch (isPrivate, final) {
    case (true, 0x68), (true, 0x6C):  // h, l
      if numbers.first == 25 {
        cursorIsVisible = final == 0x68
      } else if numbers.first != 2026 {
        unknownSequences.append("CSI \(parameters)\(Character(Unicode.Scalar(final)))")
      }
      return
    case (false, 0x48):  // CUP
      let row = numbers.count > 0 ? (numbers[0] ?? 1) : 1
      let column = numbers.count > 1 ? (numbers[1] ?? 1) : 1
      cursor = Point(x: min(size.width, max(1, column)) - 1, y: min(size.height, max(1, row)) - 1)
    case (false, 0x47):  // CHA
      cursor.x = min(size.width, count) - 1
    case (false, 0x43):  // CUF
      cursor.x = min(size.width - 1, cursor.x + count)
    case (false, 0x44):  // CUB
      cursor.x = max(0, cursor.x - count)
    case (false, 0x41):  // CUU
      cursor.y = max(cursor.y >= region.lowerBound ? region.lowerBound : 0, cursor.y - count)
    case (false, 0x42):  // CUD
      cursor.y = min(cursor.y < region.upperBound ? region.upperBound - 1 : size.height - 1, cursor.y + count)
    case (false, 0x4B):  // EL
      guard numbers.first == nil || numbers.first! == nil || numbers.first! == 0 else {
        unknownSequences.append("EL \(parameters)")
        return
      }
      for column in cursor.x..<size.width { rows[cursor.y][column] = erased }
    case (false, 0x72):  // DECSTBM
      let top = numbers.count > 0 ? (numbers[0] ?? 1) : 1
      let bottom = numbers.count > 1 ? (numbers[1] ?? size.height) : size.height
      region = (max(1, top) - 1)..<min(size.height, bottom)
      cursor = Point(x: 0, y: 0)
    case (false, 0x6D):  // SGR
      selectGraphicRendition(numbers.map { $0 ?? 0 })
      return
    default:
      unknownSequences.append("CSI \(parameters)\(Character(Unicode.Scalar(final)))")
      return
    }
    pendingWrap = false
  }

  private mutating func selectGraphicRendition(_ codes: [Int]) {
    var index = 0
    let codes = codes.isEmpty ? [0] : codes
    func color(at index: inout Int) -> Color? {
      guard index + 1 < codes.count else { return nil }
      if codes[index + 1] == 5, index + 2 < codes.count {
        index += 2
        return .palette(UInt8(codes[index]))
      }
      if codes[index + 1] == 2, index + 4 < codes.count {
        index += 4
        return .rgb(UInt8(codes[index - 2]), UInt8(codes[index - 1]), UInt8(codes[index]))
      }
      return nil
    }
    while index < codes.count {
      let code = codes[index]
      switch code {
      case 0: pen = .plain
      case 1: pen.attributes.insert(.bold)
      case 2: pen.attributes.insert(.dim)
      case 3: pen.attributes.insert(.italic)
      case 4: pen.attributes.insert(.underline)
      case 7: pen.attributes.insert(.reverse)
      case 30...37: pen.foreground = .palette(UInt8(code - 30))
      case 39: pen.foreground = .default
      case 40...47: pen.background = .palette(UInt8(code - 40))
      case 49: pen.background = .default
      case 90...97: pen.foreground = .palette(UInt8(code - 90 + 8))
      case 100...107: pen.background = .palette(UInt8(code - 100 + 8))
      case 38:
        if let color = color(at: &index) { pen.foreground = color } else { unknownSequences.append("SGR 38") }
      case 48:
        if let color = color(at: &index) { pen.background = color } else { unknownSequences.append("SGR 48") }
      default: unknownSequences.append("SGR \(code)")
      }
      index += 1
    }
  }

  /// How a cell of a frame looks on a terminal that shows `depth`: its text (nothing for the
  /// right half of a wide one) and its look, as it is seen: a blank's foreground, italic and
  /// boldness are not.
  static func glyph(of cell: Cell, depth: ColorDepth) -> Glyph {
    seen(Glyph(text: cell.text, style: depth.approximating(cell.style)))
  }

  /// `glyph` as it is seen (see ``glyph(of:depth:)``).
  static func seen(_ glyph: Glyph) -> Glyph {
    guard glyph.text == " " else { return glyph }
    var style = glyph.style
    style.foreground = style.attributes.isDisjoint(with: [.underline, .reverse]) ? .default : style.foreground
    style.attributes.subtract([.bold, .dim, .italic])
    return Glyph(text: " ", style: style)
  }

  /// The first cell where this screen does not show `frame` at `depth`, with both sides.
  func firstDifference(from frame: Frame, depth: ColorDepth) -> (Point, shown: Glyph, expected: Glyph)? {
    for y in 0..<size.height {
      for x in 0..<size.width {
        let expected = Self.glyph(of: frame[x, y], depth: depth)
        let shown = Self.seen(rows[y][x])
        // The right half of a wide character is only that: its look is the left half's.
        let differs = expected.text.isEmpty ? !shown.text.isEmpty : shown != expected
        if differs { return (Point(x: x, y: y), shown, expected) }
      }
    }
    return nil
  }
}
