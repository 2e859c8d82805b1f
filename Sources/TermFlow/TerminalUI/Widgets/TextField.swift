/// A single-line text field drawing a ``TextInput``: placeholder when empty, masking for
/// passwords, a disabled look, and horizontal scrolling that keeps the cursor in view (with a
/// `…` where text is scrolled off to the left). When focused, it places the terminal's cursor.
/// With a ``clickTarget`` a click on it reaches the screen (to focus it and place the cursor).
public struct TextField: View {
  public var input: TextInput
  public var placeholder: String
  public var isMasked: Bool
  public var isFocused: Bool
  public var isDisabled: Bool
  /// The theme to draw in; nil draws in the frame's (``Frame/theme``).
  public var theme: Theme?

  public init(
    _ input: TextInput, placeholder: String = "", isMasked: Bool = false, isFocused: Bool = false,
    isDisabled: Bool = false, clickTarget: MouseTarget? = nil, theme: Theme? = nil
  ) {
    self.input = input
    self.placeholder = placeholder
    self.isMasked = isMasked
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.clickTarget = clickTarget
    self.theme = theme
  }

  /// What a click on the field does: an item of its form, as a rule.
  public var clickTarget: MouseTarget?

  public func render(into frame: inout Frame, in region: Rect) {
    render(into: &frame, in: region, readingBytes: true)
  }

  /// `readingBytes: false` draws every text the general way, by characters: the tests check
  /// that both ways draw the same cells.
  func render(into frame: inout Frame, in region: Rect, readingBytes: Bool) {
    let area = region.intersection(frame.bounds)
    guard !area.isEmpty else { return }
    if let clickTarget {
      frame.markMouseTarget(clickTarget, in: Rect(x: region.x, y: region.y, width: region.width, height: 1))
    }
    let row = Rect(x: region.x, y: region.y, width: region.width, height: 1).intersection(area)
    let style =
      isDisabled
      ? frame.style({ $0.disabled }, own: theme).underline
      : frame.style({ isFocused ? $0.focusedField : $0.field }, own: theme)
    frame.fill(row, with: .blank(style))
    if input.isEmpty {
      if !placeholder.isEmpty {
        // Drawn in the unclipped row, so that a field cut by the frame's edge clips it.
        let placeholderStyle =
          isDisabled ? frame.style({ $0.disabled }, own: theme).underline : frame.style({ $0.placeholder }, own: theme)
        Text(placeholder, style: placeholderStyle).render(
          into: &frame, in: Rect(x: region.x, y: region.y, width: region.width, height: 1))
      }
      placeCursor(in: &frame, column: 0, region: region, row: row)
      return
    }
    let drawnFromBytes = input.text.utf8.withContiguousStorageIfAvailable { bytes in
      guard readingBytes, Self.isPrintableASCII(bytes) else { return false }
      renderASCII(bytes, into: &frame, region: region, row: row, style: style)
      return true
    }
    if drawnFromBytes == true { return }
    // A line break (a note pasted or imported with several lines) shows as ↵: the field is one
    // line, and the break is kept in the text.
    let glyphs: [Character] =
      isMasked ? Array(repeating: "•", count: input.text.count) : input.text.map { $0.isNewline ? "↵" : $0 }
    let widths = glyphs.map { DisplayWidth.of(DisplayWidth.sanitized($0)) }
    // Keep one column free for the cursor at the end; scroll so the cursor stays in view, in
    // jumps of half the field (as vim and readline do): typing at the edge then rewrites the
    // field once every half-width keystrokes, not on every one.
    let room = max(1, region.width - 1)
    var first = 0
    var used = widths[0..<input.cursor].reduce(0, +)
    while used > room - (first > 0 ? 1 : 0) && first < input.cursor {
      used -= widths[first]
      first += 1
    }
    if first > 0 {
      let step = max(1, room / 2)
      first = min(input.cursor, (first + step - 1) / step * step)
    }
    var x = region.x
    if first > 0 {
      frame.set(Cell("…", style: style), at: Point(x: x, y: region.y), clip: row)
      x += 1
    }
    var cursorColumn = x - region.x
    for index in first..<glyphs.count {
      if index == input.cursor { cursorColumn = x - region.x }
      guard x + widths[index] <= region.maxX else { break }
      frame.set(Cell(DisplayWidth.sanitized(glyphs[index]), style: style), at: Point(x: x, y: region.y), clip: row)
      x += widths[index]
    }
    if input.cursor >= glyphs.count { cursorColumn = x - region.x }
    placeCursor(in: &frame, column: cursorColumn, region: region, row: row)
  }

  /// Text of printable ASCII (what an email address or a password usually is) drawn from its
  /// bytes: each is one character one column wide, so the scroll is arithmetic and only the
  /// visible bytes are read. The same cells as the general way above, whatever the text's length.
  private func renderASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, into frame: inout Frame, region: Rect, row: Rect, style: Style
  ) {
    let room = max(1, region.width - 1)
    let cursor = input.cursor
    var first = 0
    if cursor > room {
      // The first character that leaves the cursor in view once `…` takes a column.
      first = min(cursor, cursor - room + 1)
      let step = max(1, room / 2)
      first = min(cursor, (first + step - 1) / step * step)
    }
    var x = region.x
    if first > 0 {
      frame.set(Cell("…", style: style), at: Point(x: x, y: region.y), clip: row)
      x += 1
    }
    // The characters from `first` that fit, a cell each, stored as one run (a cell at a time,
    // every cell went through the frame's checks: most of a typed key's drawing).
    let shown = max(0, min(bytes.count - first, region.maxX - x))
    if shown > 0 {
      if isMasked {
        frame.fill(Rect(x: x, y: region.y, width: shown, height: 1).intersection(row), with: Cell("•", style: style))
      } else {
        frame.writeASCII(
          UnsafeBufferPointer(rebasing: bytes[first..<(first + shown)]), at: Point(x: x, y: region.y), style: style,
          clip: row)
      }
    }
    // Where the cursor goes: on its character when it is shown, after the text when it is at
    // the end, else where the characters start.
    var cursorColumn = x - region.x
    if cursor >= bytes.count {
      cursorColumn = x + shown - region.x
    } else if cursor >= first && cursor <= first + shown {
      cursorColumn = x + cursor - first - region.x
    }
    placeCursor(in: &frame, column: cursorColumn, region: region, row: row)
  }

  /// Whether every byte is printable ASCII (no line break, no tab): one byte a character.
  private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
    return true
  }

  public func preferredSize(in available: Size) -> Size {
    Size(width: available.width, height: min(1, available.height))
  }

  /// `column` counts from the region's left edge; `row` is the visible part of the field.
  private func placeCursor(in frame: inout Frame, column: Int, region: Rect, row: Rect) {
    guard isFocused, !isDisabled, !row.isEmpty else { return }
    frame.cursor = Point(x: min(max(region.x + column, row.minX), row.maxX - 1), y: row.y)
  }
}
