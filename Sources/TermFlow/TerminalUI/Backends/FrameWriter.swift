import CNcursesw

/// The bytes that bring a terminal's screen from the frame it shows to the next one.
///
/// The renderer knows exactly which cells changed (``FrameDiff``, narrowed by the views'
/// damage), so the backend writes those cells itself instead of handing them to ncurses, whose
/// refresh would compare them again with its own picture of the screen and format every move
/// and colour through terminfo (`tparm`, `vsprintf`). A typed key went through some 300 cache
/// lines of ncurses' code that way, and a frame at 250×70 through six times more instructions
/// than at 80×24 (Benchmarks/README.md, issue 21). ncurses still sets the terminal up and gives
/// it back (``NcursesBackend``).
///
/// It speaks the ECMA-48 and VT100 sequences that every terminal in use takes (xterm and its
/// kin, VTE, kitty, tmux, screen, the Linux console): cursor position (CUP) and relative moves,
/// SGR, the scroll region (DECSTBM) with index and reverse index, erase to the end of the line
/// (EL), and the cursor's visibility (DECTCEM).
///
/// It keeps what the terminal holds between frames: where its cursor is (unknown after the
/// last column, where a terminal waits to wrap) and its pen, the look the next character takes.
/// A character typed at the cursor is then the character alone. ``forgetTerminalState()``
/// after anything else wrote to the terminal.
struct FrameWriter {
  /// The colours the terminal shows: every style is approximated to it before it is written.
  var colorDepth: ColorDepth
  /// Whether the terminal joins grapheme clusters itself (see ``TerminalGlyphs``).
  var terminalClustersGraphemes = false
  /// The bytes of the last frame written.
  private(set) var bytes: [UInt8] = []
  /// Where the terminal's cursor is, when known.
  private(set) var cursor: Point?
  /// The look the terminal gives the next character, when known.
  private var pen: Style?
  /// Whether the terminal shows its cursor (it is hidden when the terminal is taken over).
  private(set) var cursorIsVisible = false
  /// The last style asked for and what it is on this terminal (its colours approximated).
  private var lastStyle = Style.plain
  private var lastDrawnStyle = Style.plain

  init(colorDepth: ColorDepth) {
    self.colorDepth = colorDepth
  }

  /// After something else wrote to the terminal (ncurses set it up again, it was resized): the
  /// cursor and pen are unknown until the next sequence sets them; the cursor is hidden.
  mutating func forgetTerminalState() {
    cursor = nil
    pen = nil
    cursorIsVisible = false
  }

  /// Writes into ``bytes`` what changes the screen, of `frame`'s size, to `frame`: the rows of
  /// `scrolling` moved first (a scroll region the terminal shifts), then the cells of `changes`
  /// (relative to the moved rows), then the cursor placed at `frame.cursor`, or hidden. With
  /// `synchronized`, between the marks of DEC mode 2026, so that the terminal shows it at once.
  /// Nothing at all when nothing changes.
  mutating func write(_ frame: Frame, scrolling: RowScroll?, changes: [ChangedSpan], synchronized: Bool) {
    bytes.removeAll(keepingCapacity: true)
    if synchronized { bytes.append(contentsOf: Self.synchronizedOutputBegin) }
    let start = bytes.count
    let size = frame.size
    let wantedCursor = frame.cursor.flatMap { $0.x < size.width && $0.y < size.height ? $0 : nil }
    if cursorIsVisible, wantedCursor == nil || (!synchronized && movesCursorAway(scrolling, changes)) {
      bytes.append(contentsOf: Self.hideCursor)
      cursorIsVisible = false
    }
    var spans = changes
    if let scrolling, !scroll(scrolling, height: size.height) {
      // The changes are relative to rows that did not move: every cell is written instead.
      spans = (0..<size.height).map { ChangedSpan(row: $0, columns: 0..<size.width) }
    }
    frame.cells.withUnsafeBufferPointer { cells in
      for span in spans where span.row < size.height {
        let row = UnsafeBufferPointer(rebasing: cells[(span.row * size.width)..<((span.row + 1) * size.width)])
        write(span.columns.clamped(to: 0..<size.width), of: row, at: span.row)
      }
    }
    if let wantedCursor {
      move(to: wantedCursor, over: nil)
      if !cursorIsVisible {
        bytes.append(contentsOf: Self.showCursor)
        cursorIsVisible = true
      }
    }
    if synchronized {
      if bytes.count == start {
        bytes.removeAll(keepingCapacity: true)
      } else {
        bytes.append(contentsOf: Self.synchronizedOutputEnd)
      }
    }
  }

  /// Whether drawing would take a shown cursor away from where it is: anything but the one
  /// span that starts under it (a character typed at the cursor).
  private func movesCursorAway(_ scrolling: RowScroll?, _ changes: [ChangedSpan]) -> Bool {
    guard scrolling == nil, changes.count <= 1 else { return true }
    guard let span = changes.first else { return false }
    return cursor != Point(x: span.columns.lowerBound, y: span.row)
  }

  // MARK: Cells

  /// Writes `columns` of one row, whose cells are `row`.
  private mutating func write(_ columns: Range<Int>, of row: UnsafeBufferPointer<Cell>, at y: Int) {
    let width = row.count
    let erasedFrom = blankTail(of: row, within: columns)
    var column = columns.lowerBound
    while column < columns.upperBound {
      if column == erasedFrom {
        // Blanks to the end of the row: erased at once (EL), in the default background.
        move(to: Point(x: column, y: y), over: row)
        if pen?.background != .default || pen?.attributes.isEmpty != true { setPen(row[column].style) }
        bytes.append(contentsOf: Self.eraseToEndOfLine)
        return
      }
      let cell = row[column]
      if cell.isContinuation {
        column += 1
        continue
      }
      move(to: Point(x: column, y: y), over: row)
      setPen(cell.style)
      if case .scalar(let scalar) = cell.content, scalar.value >= 0x20 && scalar.value < 0x7F {
        // Printable ASCII, most of what is on screen: one byte, one column.
        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
        column += 1
        cursor = column < width ? Point(x: column, y: y) : nil
        continue
      }
      column = writeCluster(cell, at: Point(x: column, y: y), width: width, over: row)
    }
  }

  /// Where the cells of `columns` that EL can write start: blanks in the default background
  /// and no attribute, like every cell after them to the end of the row, at least
  /// ``shortestErasedRun`` of them within `columns`. Nil when there are fewer.
  private func blankTail(of row: UnsafeBufferPointer<Cell>, within columns: Range<Int>) -> Int? {
    guard columns.count >= Self.shortestErasedRun else { return nil }
    let style = row[row.count - 1].style
    guard style.attributes.isEmpty, style.background == .default else { return nil }
    let blank = Cell.blank(style)
    var start = row.count
    while start > columns.lowerBound, row[start - 1] == blank { start -= 1 }
    return columns.upperBound - start >= Self.shortestErasedRun ? start : nil
  }

  /// Writes a cell that is not printable ASCII, in the pieces that keep the terminal's columns
  /// where ours are (``TerminalGlyphs``); returns the column after it.
  private mutating func writeCluster(_ cell: Cell, at point: Point, width: Int, over row: UnsafeBufferPointer<Cell>)
    -> Int
  {
    var column = point.x
    let pieces = TerminalGlyphs.pieces(
      for: cell, terminalClustersGraphemes: terminalClustersGraphemes, libcWidth: { Int(tf_wcwidth($0.value)) })
    for piece in pieces {
      move(to: Point(x: column, y: point.y), over: row)
      for scalar in piece { bytes.append(contentsOf: scalar.utf8) }
      column += max(1, Int(tf_wcwidth(piece[0].value)))
      cursor = column < width ? Point(x: column, y: point.y) : nil
    }
    return max(column, point.x + max(1, cell.width))
  }

  /// Makes `style` (its colours as the terminal shows them) the pen.
  private mutating func setPen(_ style: Style) {
    if style != lastStyle {
      lastStyle = style
      lastDrawnStyle = colorDepth.approximating(style)
    }
    guard pen != lastDrawnStyle else { return }
    SelectGraphicRendition.appendTransition(from: pen, to: lastDrawnStyle, into: &bytes)
    pen = lastDrawnStyle
  }

  // MARK: Moves

  /// Moves the cursor to `target` by the shortest sequence: none when it is there; on its row,
  /// the cells in between written again when they are few, plain ASCII and in the pen's look
  /// (`row`, when given, holds them), else a move forward or back, or to a column; on its
  /// column, a move up or down; elsewhere, the position itself.
  private mutating func move(to target: Point, over row: UnsafeBufferPointer<Cell>?) {
    if let cursor, cursor == target { return }
    var best = Self.positionLength(target)
    var choice = Move.position
    if let cursor, cursor.y == target.y {
      let distance = target.x - cursor.x
      if distance > 0 {
        if distance <= 4, let row, rewritable(row, cursor.x..<target.x) {
          best = distance
          choice = .rewrite
        } else if Self.relativeLength(distance) < best {
          best = Self.relativeLength(distance)
          choice = .forward
        }
      } else {
        if target.x == 0, best > 1 {
          best = 1
          choice = .carriageReturn
        }
        if Self.relativeLength(-distance) < best {
          best = Self.relativeLength(-distance)
          choice = .back
        }
        if Self.relativeLength(target.x + 1) < best {
          choice = .column
        }
      }
    } else if let cursor, cursor.x == target.x, Self.relativeLength(abs(target.y - cursor.y)) < best {
      choice = target.y > cursor.y ? .down : .up
    }
    switch choice {
    case .rewrite:
      for column in cursor!.x..<target.x {
        guard case .scalar(let scalar) = row![column].content else { continue }
        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
      }
    case .carriageReturn:
      bytes.append(0x0D)
    case .forward:
      appendCSI(target.x - cursor!.x, final: 0x43)  // CUF
    case .back:
      appendCSI(cursor!.x - target.x, final: 0x44)  // CUB
    case .column:
      appendCSI(target.x + 1, final: 0x47)  // CHA
    case .down:
      appendCSI(target.y - cursor!.y, final: 0x42)  // CUD
    case .up:
      appendCSI(cursor!.y - target.y, final: 0x41)  // CUU
    case .position:
      bytes.append(contentsOf: [0x1B, 0x5B])
      bytes.appendDecimal(target.y + 1)
      if target.x > 0 {
        bytes.append(0x3B)
        bytes.appendDecimal(target.x + 1)
      }
      bytes.append(0x48)  // CUP
    }
    cursor = target
  }

  private enum Move {
    case rewrite, carriageReturn, forward, back, column, down, up, position
  }

  /// Whether the cells of `columns` can be written again to move over them: printable ASCII in
  /// the pen's look (what the terminal shows there already, since they did not change).
  private func rewritable(_ row: UnsafeBufferPointer<Cell>, _ columns: Range<Int>) -> Bool {
    guard let pen else { return false }
    for column in columns {
      let cell = row[column]
      guard case .scalar(let scalar) = cell.content, scalar.value >= 0x20 && scalar.value < 0x7F,
        cell.style == lastStyle || colorDepth.approximating(cell.style) == pen
      else { return false }
    }
    return true
  }

  /// `CSI n final`; `n` is left out when it is 1, the default.
  private mutating func appendCSI(_ count: Int, final: UInt8) {
    bytes.append(contentsOf: [0x1B, 0x5B])
    if count != 1 { bytes.appendDecimal(count) }
    bytes.append(final)
  }

  private static func positionLength(_ target: Point) -> Int {
    3 + digits(target.y + 1) + (target.x > 0 ? 1 + digits(target.x + 1) : 0)
  }

  private static func relativeLength(_ count: Int) -> Int { 3 + (count == 1 ? 0 : digits(count)) }

  private static func digits(_ number: Int) -> Int { number < 10 ? 1 : number < 100 ? 2 : number < 1000 ? 3 : 4 }

  // MARK: Scrolling

  /// Shifts the rows of `scroll` on the terminal: the band made the scroll region (DECSTBM),
  /// then index at its bottom (up) or reverse index at its top (down) once per row, and the
  /// region reset. The rows that come in take the pen's background, so the pen is plain first.
  /// Returns false for a band the terminal cannot shift (no taller than the distance).
  private mutating func scroll(_ scroll: RowScroll, height: Int) -> Bool {
    let band = scroll.rows.clamped(to: 0..<height)
    guard band.count > abs(scroll.distance), band.count > 1, scroll.distance != 0 else { return false }
    setPen(.plain)
    bytes.append(contentsOf: [0x1B, 0x5B])
    bytes.appendDecimal(band.lowerBound + 1)
    bytes.append(0x3B)
    bytes.appendDecimal(band.upperBound)
    bytes.append(0x72)  // DECSTBM; the cursor goes home
    cursor = Point(x: 0, y: 0)
    if scroll.distance > 0 {
      move(to: Point(x: 0, y: band.upperBound - 1), over: nil)
      for _ in 0..<scroll.distance { bytes.append(contentsOf: [0x1B, 0x44]) }  // IND
    } else {
      move(to: Point(x: 0, y: band.lowerBound), over: nil)
      for _ in 0..<(-scroll.distance) { bytes.append(contentsOf: [0x1B, 0x4D]) }  // RI
    }
    bytes.append(contentsOf: [0x1B, 0x5B, 0x72])  // the whole screen again; the cursor goes home
    cursor = Point(x: 0, y: 0)
    return true
  }

  // MARK: Sequences

  /// DEC mode 2026 on and off: the terminal shows what comes between at once.
  static let synchronizedOutputBegin: [UInt8] = Array("\u{1B}[?2026h".utf8)
  static let synchronizedOutputEnd: [UInt8] = Array("\u{1B}[?2026l".utf8)
  static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
  static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
  static let eraseToEndOfLine: [UInt8] = Array("\u{1B}[K".utf8)
  /// Blanks to the end of a row shorter than this are written: EL costs three bytes.
  static let shortestErasedRun = 4
}
