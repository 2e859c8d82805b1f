/// The editable content of a multi-line text field (a note), as a value kept in app state: its
/// text with line breaks, the cursor, how many rows it shows and which of its lines is at the
/// top. Its lines are soft-wrapped at the field's columns by display width (a wide character
/// takes two, a combining mark none), at a space when the line has one, and ↑/↓ move by those
/// wrapped lines, as in a text area of a browser.
///
/// A form holds it as ``FormContent/multiline(_:)``; ``Form/apply(_:rules:)`` makes its edits
/// (``FormIntent/newLine``, ``FormIntent/lineUp``, ``FormIntent/lineDown``, and the single-line
/// field's edits, Home/End then meaning the start and end of the line) and ``FormView`` draws it.
/// The columns come from the app (``Form/fitTextArea(_:columns:rows:)``), which knows its size:
/// until then lines are not wrapped for ↑/↓ (the view still wraps them where it draws).
public struct TextArea: Hashable, Sendable {
  /// The text and the cursor (a count of characters before it), as a single-line field's, but
  /// with its line breaks kept: a paste's CR LF and CR become LF.
  public private(set) var input: TextInput
  /// The rows the field shows (fewer when its form's area is small).
  public var rows: Int
  /// The columns its lines wrap at, as the app last told (nil: not yet).
  public private(set) var columns: Int?
  /// The first of its wrapped lines in view.
  public private(set) var scroll = 0
  /// The column ↑/↓ aim for: where the cursor was when they began, kept across shorter lines.
  private var goalColumn: Int?

  public init(_ text: String = "", rows: Int = 4, maxLength: Int = 10_000) {
    input = TextInput(text, maxLength: maxLength, keepsLineBreaks: true)
    self.rows = max(1, rows)
    input.cursor = 0
  }

  public var text: String { input.text }
  public var cursor: Int { input.cursor }

  /// The cursor by line (of the text, counting its line breaks) and column (characters).
  public var position: (line: Int, column: Int) {
    var line = 0
    var column = 0
    for character in text.prefix(cursor) {
      if character == "\n" {
        line += 1
        column = 0
      } else {
        column += 1
      }
    }
    return (line, column)
  }

  /// One line as drawn: the characters `start..<end` of the text (without the line break that
  /// ends it), and whether the text goes on in the next line without a break (a soft wrap).
  public struct Line: Hashable, Sendable {
    public var start: Int
    public var end: Int
    public var wraps: Bool
  }

  /// The text's lines wrapped at `columns` (not wrapped when nil).
  public func lines(wrappedAt columns: Int?) -> [Line] {
    Self.lines(of: Array(text), wrappedAt: columns)
  }

  static func width(of character: Character) -> Int {
    DisplayWidth.of(DisplayWidth.sanitized(character))
  }

  /// The lines of `characters` wrapped at `columns`: after the last space that fits, or, in a
  /// word longer than the line, after the last character that does. A space that does not fit
  /// stays at the end of its line, out of sight, so that the next line starts with a word.
  static func lines(of characters: [Character], wrappedAt columns: Int?) -> [Line] {
    var lines: [Line] = []
    var start = 0
    var width = 0
    // Where the line may break: after its last space.
    var breakAfter: Int?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\n" {
        lines.append(Line(start: start, end: index, wraps: false))
        (start, width, breakAfter) = (index + 1, 0, nil)
        index += 1
        continue
      }
      let characterWidth = Self.width(of: character)
      if let columns, width + characterWidth > columns, index > start {
        if character == " " {
          lines.append(Line(start: start, end: index + 1, wraps: true))
          (start, width, breakAfter) = (index + 1, 0, nil)
          index += 1
          continue
        }
        let cut = breakAfter ?? index
        lines.append(Line(start: start, end: cut, wraps: true))
        start = cut
        width = characters[cut..<index].reduce(0) { $0 + Self.width(of: $1) }
        breakAfter = nil
      }
      width += characterWidth
      if character == " " { breakAfter = index + 1 }
      index += 1
    }
    lines.append(Line(start: start, end: characters.count, wraps: false))
    return lines
  }

  /// The line of `lines` the character offset `offset` is drawn on: an offset at the end of a
  /// wrapped line is the next line's start.
  static func line(of offset: Int, in lines: [Line]) -> Int {
    lines.firstIndex { offset >= $0.start && (offset < $0.end || (offset == $0.end && !$0.wraps)) }
      ?? lines.count - 1
  }

  /// The columns `characters` take from `line`'s start to `offset`.
  static func column(of offset: Int, in line: Line, _ characters: [Character]) -> Int {
    characters[line.start..<max(line.start, offset)].reduce(0) { $0 + width(of: $1) }
  }

  /// The offset in `line` nearest `column` from the left, never past a wrapped line's last
  /// character (its end is drawn on the next line).
  static func offset(atColumn column: Int, in line: Line, _ characters: [Character]) -> Int {
    let last = line.wraps ? max(line.start, line.end - 1) : line.end
    var used = 0
    var offset = line.start
    while offset < last, used + width(of: characters[offset]) <= column {
      used += width(of: characters[offset])
      offset += 1
    }
    return offset
  }

  /// The first line in view among `lines` when `rows` are shown: the one the field keeps, moved
  /// as little as keeps the cursor in view.
  func firstShown(of lines: [Line], rows: Int) -> Int {
    let rows = max(1, rows)
    let cursorLine = Self.line(of: cursor, in: lines)
    var first = min(scroll, max(0, lines.count - rows))
    if cursorLine < first { first = cursorLine }
    if cursorLine >= first + rows { first = cursorLine - rows + 1 }
    return max(0, first)
  }

  /// Puts the cursor on the `row`th line in view (its lines as drawn, wrapped at its columns),
  /// at `column`: where a click on that row lands. Below the last line is on the last; the
  /// lines in view stay as they were.
  mutating func placeCursor(atRow row: Int, column: Int) {
    let characters = Array(text)
    let lines = Self.lines(of: characters, wrappedAt: columns)
    let first = firstShown(of: lines, rows: rows)
    let line = min(lines.count - 1, first + max(0, row))
    input.cursor = Self.offset(atColumn: max(0, column), in: lines[line], characters)
    goalColumn = nil
    scroll = first
  }

  /// Moves the cursor to the line `by` lines up (negative) or down, at the column it aimed for.
  /// Returns false, moving nothing, when there is no line there (the cursor is on the first or
  /// the last): the form then goes to the field before or after.
  mutating func moveLine(by offset: Int) -> Bool {
    let characters = Array(text)
    let lines = Self.lines(of: characters, wrappedAt: columns)
    let current = Self.line(of: cursor, in: lines)
    guard lines.indices.contains(current + offset) else { return false }
    let goal = goalColumn ?? Self.column(of: cursor, in: lines[current], characters)
    input.cursor = Self.offset(atColumn: goal, in: lines[current + offset], characters)
    scroll = firstShown(of: lines, rows: rows)
    goalColumn = goal
    return true
  }

  /// Makes a single-line field's `edit` here: Home/End go to the start and end of the line
  /// drawn, Ctrl-U/Ctrl-K delete to the start and end of the text's line (at either, the
  /// line break); the rest as in a ``TextInput``.
  mutating func apply(_ edit: TextInput.Edit) {
    var input = input
    switch edit {
    case .start, .end:
      let characters = Array(text)
      let lines = Self.lines(of: characters, wrappedAt: columns)
      let line = lines[Self.line(of: cursor, in: lines)]
      input.cursor = edit == .start ? line.start : line.wraps ? max(line.start, line.end - 1) : line.end
    case .deleteToStart:
      let before = text.prefix(cursor)
      let lineStart = before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0
      input.deleteBackward(count: max(1, cursor - lineStart))
    case .deleteToEnd:
      let after = text.dropFirst(cursor)
      let lineEnd = after.firstIndex(of: "\n").map { after.distance(from: after.startIndex, to: $0) } ?? after.count
      input.deleteForward(count: max(1, lineEnd))
    default: input.apply(edit)
    }
    edited(input)
  }

  /// Takes `newInput` as its text and cursor (an edit made): the cursor kept in view, and ↑/↓
  /// aiming anew.
  mutating func edited(_ newInput: TextInput) {
    input = newInput
    goalColumn = nil
    scroll = firstShown(of: lines(wrappedAt: columns), rows: rows)
  }

  /// Wraps its lines at `columns` from now on (the field's width, as the app's area has it).
  mutating func wrap(at columns: Int?) {
    guard columns != self.columns else { return }
    self.columns = columns.map { max(1, $0) }
    goalColumn = nil
    scroll = firstShown(of: lines(wrappedAt: self.columns), rows: rows)
  }

  /// Replaces the whole text, the cursor at its start.
  public mutating func set(_ text: String) {
    var input = input
    input.set(text)
    input.cursor = 0
    scroll = 0
    edited(input)
  }
}
