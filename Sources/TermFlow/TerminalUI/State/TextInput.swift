/// The editable content of a single-line text field: text and cursor, as a value kept in app
/// state, with the editing keys of a readline-style field.
///
/// | key | edit |
/// | --- | --- |
/// | printable, paste | insert at the cursor (line breaks in a paste become spaces) |
/// | Backspace / Del, Ctrl-D | delete before / after the cursor |
/// | ← → | move one character |
/// | Ctrl-← Ctrl-→, Alt-b Alt-f | move one word |
/// | Home End, Ctrl-A Ctrl-E | move to start / end |
/// | Ctrl-W, Alt-Backspace | delete the word before the cursor |
/// | Ctrl-U / Ctrl-K | delete to start / to end |
public struct TextInput: Hashable, Sendable {
  public private(set) var text: String
  /// The cursor as a count of characters (grapheme clusters) before it.
  public internal(set) var cursor: Int
  /// The most characters the field holds; longer input is cut there.
  public let maxLength: Int
  /// Whether line breaks are kept as `\n` (the text of a ``TextArea``); a single line makes
  /// them spaces.
  let keepsLineBreaks: Bool

  public init(_ text: String = "", maxLength: Int = 4_096) {
    self.init(text, maxLength: maxLength, keepsLineBreaks: false)
  }

  init(_ text: String, maxLength: Int, keepsLineBreaks: Bool) {
    self.maxLength = maxLength
    self.keepsLineBreaks = keepsLineBreaks
    self.text = String((keepsLineBreaks ? Self.withLineFeeds(text) : text).prefix(maxLength))
    self.cursor = self.text.count
  }

  public var isEmpty: Bool { text.isEmpty }

  /// Applies an editing key. Returns false for keys that are not editing keys (Enter, Tab, Esc,
  /// ↑ ↓…) so the screen can use them.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    guard let edit = Self.edit(for: key) else { return false }
    apply(edit)
    return true
  }

  /// Makes `edit`: what a form's reducer does with the meaning a key was given (see ``Form``).
  public mutating func apply(_ edit: Edit) {
    switch edit {
    case .insert(let text): insert(text)
    case .deleteBackward: deleteBackward(count: 1)
    case .deleteWordBackward: deleteBackward(count: cursor - wordStart(before: cursor))
    case .deleteForward: deleteForward(count: 1)
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .wordLeft: cursor = wordStart(before: cursor)
    case .wordRight: cursor = wordEnd(after: cursor)
    case .start: cursor = 0
    case .end: cursor = text.count
    case .deleteToStart: deleteBackward(count: cursor)
    case .deleteToEnd: deleteForward(count: text.count - cursor)
    }
  }

  /// Whether a field edits with `key` (types it, moves in the text, deletes): what a focused
  /// field claims before a screen's other bindings, decided without touching any text.
  public static func edits(with key: Key) -> Bool { edit(for: key) != nil }

  /// What a key does to a field, as a meaning: a key map turns keys into edits once, and the
  /// reducer makes them (``apply(_:)``) without reading the key again.
  public enum Edit: Hashable, Sendable, Codable {
    /// Text typed at the cursor (one character for a key).
    case insert(String)
    case deleteBackward, deleteWordBackward, deleteForward, deleteToStart, deleteToEnd
    case left, right, wordLeft, wordRight, start, end
  }

  /// The edit `key` makes, or nil when it is not an editing key (Enter, Tab, Esc, ↑ ↓…).
  public static func edit(for key: Key) -> Edit? {
    let plain = key.modifiers.isEmpty || key.modifiers == .shift
    switch (key.code, key.modifiers) {
    case (.character(let character), _) where plain: return .insert(String(character))
    case (.backspace, []): return .deleteBackward
    case (.backspace, .alt), (.character("w"), .control): return .deleteWordBackward
    case (.delete, []), (.character("d"), .control): return .deleteForward
    case (.left, []), (.character("b"), .control): return .left
    case (.right, []), (.character("f"), .control): return .right
    case (.left, .control), (.character("b"), .alt): return .wordLeft
    case (.right, .control), (.character("f"), .alt): return .wordRight
    case (.home, []), (.character("a"), .control): return .start
    case (.end, []), (.character("e"), .control): return .end
    case (.character("u"), .control): return .deleteToStart
    case (.character("k"), .control): return .deleteToEnd
    default: return nil
    }
  }

  /// Inserts text at the cursor; tabs become spaces, line breaks too (in a text area, `\n`),
  /// and the field's `maxLength` is respected. Returns how many characters did not fit.
  @discardableResult
  public mutating func insert(_ insertion: String) -> Int {
    if Self.isPrintableASCII(insertion), Self.isPrintableASCII(text) {
      // Every character a byte, none joining another: no clusters to find (typing an email or
      // a name, where the general way below re-reads the whole text at every key).
      let kept = min(insertion.utf8.count, max(0, maxLength - text.utf8.count))
      text = Self.splicingASCII(text, replacing: cursor..<cursor, with: insertion, count: kept)
      cursor += kept
      return insertion.utf8.count - kept
    }
    var flattened = ""
    flattened.reserveCapacity(insertion.utf8.count)
    for character in insertion {
      if character.isNewline {
        // CR LF, CR and the other breaks are one line feed in a text area.
        flattened.append(keepsLineBreaks ? "\n" : " ")
      } else {
        flattened.append(character == "\t" ? " " : character)
      }
    }
    let room = maxLength - text.count
    let kept = flattened.prefix(max(0, room))
    let index = text.index(text.startIndex, offsetBy: cursor)
    let bytesAfter = text.utf8.count - text.utf8.distance(from: text.startIndex, to: index)
    text.insert(contentsOf: kept, at: index)
    // Not `cursor += kept.count`: inserted text can join the character before it (a combining
    // mark after its base, the second half of a flag), which would leave the cursor past the end.
    // Count the characters up to the end of the insertion, including any cluster it joined.
    let insertionEnd = text.utf8.count - bytesAfter
    var bytes = 0
    cursor = 0
    for character in text where bytes < insertionEnd {
      bytes += character.utf8.count
      cursor += 1
    }
    return flattened.count - kept.count
  }

  /// Puts the cursor before the character drawn at `column` of an unscrolled field (a click
  /// there), or at the end when the text ends before it. `masked`: drawn one `•` per character.
  public mutating func placeCursor(atColumn column: Int, masked: Bool = false) {
    var used = 0
    var index = 0
    for character in text {
      let width = masked ? 1 : DisplayWidth.of(DisplayWidth.sanitized(character.isNewline ? "↵" : character))
      if used + width > column { break }
      used += width
      index += 1
    }
    cursor = index
  }

  /// Replaces the whole content, cursor at the end.
  public mutating func set(_ newText: String) {
    text = String((keepsLineBreaks ? Self.withLineFeeds(newText) : newText).prefix(maxLength))
    cursor = text.count
  }

  /// `text` with every line break (CR LF, CR, and the rest) as a line feed.
  static func withLineFeeds(_ text: String) -> String {
    guard text.contains(where: { $0.isNewline && $0 != "\n" }) else { return text }
    return String(text.map { $0.isNewline ? "\n" : $0 })
  }

  mutating func deleteBackward(count: Int) {
    guard count > 0, cursor > 0 else { return }
    if Self.isPrintableASCII(text) {
      let removed = min(count, cursor)
      text = Self.splicingASCII(text, replacing: (cursor - removed)..<cursor, with: "", count: 0)
      cursor -= removed
      return
    }
    let end = text.index(text.startIndex, offsetBy: cursor)
    let start = text.index(end, offsetBy: -min(count, cursor))
    let removed = text.distance(from: start, to: end)
    text.removeSubrange(start..<end)
    cursor -= removed
  }

  mutating func deleteForward(count: Int) {
    guard count > 0, cursor < text.count else { return }
    let start = text.index(text.startIndex, offsetBy: cursor)
    let end = text.index(start, offsetBy: min(count, text.count - cursor))
    text.removeSubrange(start..<end)
  }

  /// `text` with the bytes in `range` replaced by the first `count` bytes of `insertion`, for
  /// printable ASCII, where a byte is a character: the new string made from the bytes in one
  /// go. String's own `insert` and `removeSubrange` run its generic editing code, which a key
  /// typed into a field finds out of the caches.
  private static func splicingASCII(
    _ text: String, replacing range: Range<Int>, with insertion: String, count: Int
  ) -> String {
    var text = text
    var insertion = insertion
    return text.withUTF8 { old in
      insertion.withUTF8 { new in
        let length = old.count - range.count + count
        return String(unsafeUninitializedCapacity: length) { buffer in
          guard let target = buffer.baseAddress else { return 0 }
          if let source = old.baseAddress {
            target.initialize(from: source, count: range.lowerBound)
            (target + range.lowerBound + count).initialize(
              from: source + range.upperBound, count: old.count - range.upperBound)
          }
          if count > 0, let source = new.baseAddress {
            (target + range.lowerBound).initialize(from: source, count: count)
          }
          return length
        }
      }
    }
  }

  /// Text whose characters are all single printable ASCII bytes (no line break, so no "\r\n").
  private static func isPrintableASCII(_ text: String) -> Bool {
    UTF8Scan.isPrintableASCII(text)
  }

  private func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The start of the word before `position`, skipping any separators first.
  private func wordStart(before position: Int) -> Int {
    let characters = Array(text)
    var index = position
    while index > 0 && !isWordCharacter(characters[index - 1]) { index -= 1 }
    while index > 0 && isWordCharacter(characters[index - 1]) { index -= 1 }
    return index
  }

  /// The end of the word after `position`, skipping any separators first.
  private func wordEnd(after position: Int) -> Int {
    let characters = Array(text)
    var index = position
    while index < characters.count && !isWordCharacter(characters[index]) { index += 1 }
    while index < characters.count && isWordCharacter(characters[index]) { index += 1 }
    return index
  }
}
