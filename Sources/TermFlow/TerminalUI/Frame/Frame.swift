/// A full screen of cells: what one render produces and what the renderer diffs.
///
/// All drawing clips to the frame (and to an optional clip rectangle): nothing is ever written
/// outside it, at any size. Writing keeps wide clusters whole: a wide cluster that does not fit
/// in the remaining columns is replaced by blanks, and overwriting either half of a wide cluster
/// blanks the other half.
public struct Frame: Equatable, Sendable {
  public let size: Size
  public private(set) var cells: [Cell]
  /// Where the terminal's cursor should be shown (the focused text field), or nil to hide it.
  public var cursor: Point?
  /// The looks the frame is drawn in: widgets and screens take their styles from it (unless
  /// given a theme of their own), so the app's theme reaches every view without being handed
  /// down. The wireframe (`Navigation`) sets it, already mapped to the terminal's
  /// ``ColorDepth``. Not part of what makes two frames equal: only what they show is.
  public var theme: Theme
  /// The regions views marked as answering the mouse, in drawing order (see
  /// ``markMouseTarget(_:in:)``); nil, recording nothing, unless set to `[]` before drawing.
  public var mouseRegions: [MouseRegion]?
  /// The help bar's entries of the screen being drawn, as its key map has them with the user's
  /// keys (the wireframe, `Navigation`, sets them): a view that names a key in words ("Press r
  /// to try again") takes it from here (``key(labelled:)``), so it names the key that works,
  /// and none while no binding applies. Not part of what makes two frames equal.
  public var keyHelp: [HelpItem] = []
  /// Which rows show a list and which item the first of them shows, set by the first
  /// ``ListView`` drawn: from the last frame's and this one's, the renderer knows that a list
  /// scrolled, and by how much, without searching the frames for moved rows. Not part of what
  /// makes two frames equal either.
  public var listPosition: ListPosition?
  /// The named lists drawn on the frame and the rows each showed items in (see ``ShownList``),
  /// in drawing order: what an app learns its lists' page size from, after layout. Not part of
  /// what makes two frames equal.
  public var shownLists: [ShownList] = []
  /// Where cells were written since the frame was made or since ``forgetWrites()``: the
  /// wireframe (`Navigation`) learns from it where a region's drawing reached, to clear only
  /// that much before drawing the region again and to tell the renderer where to compare.
  package private(set) var writtenArea = WrittenArea()
  /// What this frame was drawn over, for the renderer (see ``FrameLineage``): nil unless the
  /// wireframe set it, and forgotten by any write after that.
  package var lineage: FrameLineage?

  public init(size: Size, fill: Cell = .blank, theme: Theme = .standard) {
    self.size = size
    self.cells = Array(repeating: fill, count: size.width * size.height)
    self.theme = theme
  }

  /// The key the help bar shows for the binding labelled `label` on the screen being drawn
  /// (``keyHelp``), or nil while none applies.
  public func key(labelled label: String) -> String? {
    keyHelp.first { $0.label == label }?.key
  }

  /// Frames are equal when they show the same: size, cells and cursor.
  public static func == (lhs: Frame, rhs: Frame) -> Bool {
    lhs.size == rhs.size && lhs.cursor == rhs.cursor && lhs.cells == rhs.cells
  }

  public var bounds: Rect { Rect(size: size) }

  public subscript(x: Int, y: Int) -> Cell {
    cells[y * size.width + x]
  }

  /// The cells of one row.
  public func row(_ y: Int) -> ArraySlice<Cell> {
    cells[(y * size.width)..<((y + 1) * size.width)]
  }

  /// Writes one cell, keeping wide clusters whole. Ignored outside the frame.
  public mutating func set(_ cell: Cell, at point: Point, clip: Rect? = nil) {
    lineage = nil
    let area = clip.map { $0.intersection(bounds) } ?? bounds
    guard area.contains(point) else { return }
    let width = cell.width
    if width == 2 {
      guard point.x + 1 < area.maxX else {
        place(.blank(cell.style), x: point.x, y: point.y)
        return
      }
      place(cell, x: point.x, y: point.y)
      place(Cell(.continuation, style: cell.style), x: point.x + 1, y: point.y)
    } else {
      place(cell, x: point.x, y: point.y)
    }
  }

  /// Writes `text` from `origin` to the right on one row; returns the columns used. Stops at
  /// the clip edge; line breaks are drawn as U+FFFD (split text into lines first).
  @discardableResult
  public mutating func write(_ text: some StringProtocol, at origin: Point, style: Style = .plain, clip: Rect? = nil)
    -> Int
  {
    writeReportingFit(text, at: origin, style: style, clip: clip).columns
  }

  /// `write`, also saying whether all of `text` fitted before the clip edge.
  mutating func writeReportingFit(
    _ text: some StringProtocol, at origin: Point, style: Style = .plain, clip: Rect? = nil
  ) -> (columns: Int, fitted: Bool) {
    lineage = nil
    let area = clip.map { $0.intersection(bounds) } ?? bounds
    guard origin.y >= area.minY, origin.y < area.maxY, origin.x < area.maxX else { return (0, text.isEmpty) }
    var x = origin.x
    let bytes = text.utf8
    var index = bytes.startIndex
    // Most text drawn is printable ASCII in contiguous UTF-8 (a list's rows, labels, bars): its
    // leading run is found in one pass over the bytes and stored a row of cells at once.
    if let run = bytes.withContiguousStorageIfAvailable({ writeASCIIRun($0, at: origin, style: style, area: area) }) {
      guard run.fitted else { return (area.maxX - origin.x, false) }
      guard run.bytes < bytes.count else { return (run.bytes, true) }
      x += run.bytes
      index = bytes.index(index, offsetBy: run.bytes)
    }
    // Printable ASCII, byte by byte, until the first byte that needs the full path: one that
    // is not printable ASCII, or one followed by a non-ASCII scalar, which may be a mark or
    // joiner that belongs to its cluster ("e\u{301}", "1\u{FE0F}\u{20E3}").
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte >= 0x20 && byte < 0x7F else { break }
      let next = bytes.index(after: index)
      if next < bytes.endIndex && bytes[next] >= 0x80 { break }
      guard x < area.maxX else { return (x - origin.x, false) }
      if x >= area.minX { place(Cell(.scalar(Unicode.Scalar(byte)), style: style), x: x, y: origin.y) }
      x += 1
      index = next
    }
    let scalars = text.unicodeScalars
    while index < scalars.endIndex {
      guard x < area.maxX else { return (x - origin.x, false) }
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      let cell: Cell
      let width: Int
      if let simpleWidth = Frame.simpleWidth(of: scalar),
        next == scalars.endIndex || Frame.simpleWidth(of: scalars[next]) != nil
      {
        // A plain scalar not followed by a mark or joiner is a cluster by itself.
        cell = Cell(.scalar(scalar), style: style)
        width = simpleWidth
        index = next
      } else {
        let character = DisplayWidth.sanitized(text[index])
        cell = Cell(character, style: style)
        width = DisplayWidth.of(character)
        index = text.index(after: index)
      }
      if x >= area.minX {
        if width == 2 && x + 1 >= area.maxX {
          place(.blank(style), x: x, y: origin.y)
          return (area.maxX - origin.x, false)
        }
        place(cell, x: x, y: origin.y)
        if width == 2 { place(Cell(.continuation, style: style), x: x + 1, y: origin.y) }
      } else if x + width > area.minX {
        // The left half is clipped away; show the visible half as a blank.
        place(.blank(style), x: area.minX, y: origin.y)
      }
      x += width
    }
    return (min(x, area.maxX) - origin.x, x <= area.maxX)
  }

  /// Writes `bytes`, all printable ASCII (a cell each), from `origin` to the right on one row,
  /// clipped: a text field's characters, stored as one run.
  mutating func writeASCII(_ bytes: UnsafeBufferPointer<UInt8>, at origin: Point, style: Style, clip: Rect) {
    lineage = nil
    let area = clip.intersection(bounds)
    guard origin.y >= area.minY, origin.y < area.maxY, origin.x < area.maxX else { return }
    _ = writeASCIIRun(bytes, at: origin, style: style, area: area)
  }

  /// Writes the leading printable ASCII of `bytes` from `origin` (a cell a byte), but not a
  /// byte followed by a non-ASCII one, which may be a mark or joiner of its cluster. Returns
  /// how many bytes it took and whether they all fitted before the area's right edge (when not,
  /// it wrote those that did). Only the cells at the run's two ends can cut a wide cluster:
  /// they go through `place`, which blanks its other half; the cells between are stored at once.
  private mutating func writeASCIIRun(
    _ bytes: UnsafeBufferPointer<UInt8>, at origin: Point, style: Style, area: Rect
  ) -> (bytes: Int, fitted: Bool) {
    var count = 0
    while count < bytes.count, bytes[count] &- 0x20 < 0x5F { count += 1 }
    if count < bytes.count, count > 0, bytes[count] >= 0x80 { count -= 1 }
    let fitted = origin.x + count <= area.maxX
    let start = max(origin.x, area.minX)
    let end = min(origin.x + count, area.maxX)
    guard start < end else { return (count, fitted) }
    let cell = { (x: Int) in Cell(.scalar(Unicode.Scalar(bytes[x - origin.x])), style: style) }
    place(cell(start), x: start, y: origin.y)
    if end - start > 1 { place(cell(end - 1), x: end - 1, y: origin.y) }
    if end - start > 2 {
      let row = origin.y * size.width
      cells.withUnsafeMutableBufferPointer { cells in
        for x in (start + 1)..<(end - 1) { cells[row + x] = cell(x) }
      }
    }
    return (count, fitted)
  }

  /// The width of a scalar that is always a cluster by itself and needs no sanitizing, or nil
  /// for everything else (controls, marks, joiners, emoji, rarer scripts): those go through
  /// the full grapheme path.
  private static func simpleWidth(of scalar: Unicode.Scalar) -> Int? {
    switch scalar.value {
    case 0x20..<0x7F, 0xA0..<0x300: 1
    // Punctuation ("›", "…", "•"), arrows, box drawing, blocks and braille: what bars, borders
    // and spinners are drawn with, at every frame. Not the format characters among them
    // (U+200B–U+200F, U+2028–U+202F, U+2060 on), which are sanitized.
    case 0x2010..<0x2028, 0x2030..<0x205F, 0x2190...0x21FF, 0x2500...0x259F, 0x2800...0x28FF: 1
    case 0x4E00...0x9FFF, 0xAC00...0xD7A3: 2
    default: nil
    }
  }

  /// A copy of the cells of a one-row rectangle inside the frame (for ``restore(_:in:)``). An
  /// array of its own, not a slice: a slice would share the frame's storage and make the next
  /// write copy the whole frame.
  func cells(in row: Rect) -> [Cell] {
    guard !row.isEmpty else { return [] }
    let start = row.y * size.width + row.x
    return Array(cells[start..<(start + row.width)])
  }

  /// Puts back cells saved by ``cells(in:)``.
  mutating func restore(_ saved: [Cell], in row: Rect) {
    guard !row.isEmpty, saved.count == row.width else { return }
    lineage = nil
    writtenArea.include(row)
    let start = row.y * size.width + row.x
    cells.replaceSubrange(start..<(start + row.width), with: saved)
  }

  /// Fills a rectangle (clipped) with `cell`.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    lineage = nil
    writtenArea.include(area)
    guard cell.width == 1 else {
      for y in area.minY..<area.maxY {
        for x in area.minX..<area.maxX { place(cell, x: x, y: y) }
      }
      return
    }
    // A one-column cell: each row's run is written at once (borders, rules, blank areas). Only
    // the wide clusters cut at the run's two ends need their other halves blanked.
    let width = size.width
    for y in area.minY..<area.maxY {
      place(cell, x: area.minX, y: y)
      guard area.width > 1 else { continue }
      place(cell, x: area.maxX - 1, y: y)
      let start = y * width + area.minX + 1
      let end = y * width + area.maxX - 1
      guard start < end else { continue }
      cells.withUnsafeMutableBufferPointer { cells in
        cells.baseAddress!.advanced(by: start).update(repeating: cell, count: end - start)
      }
    }
  }

  /// Copies whole rows of `other` (a frame of the same size) into the same rows of this one.
  package mutating func copy(rows: Range<Int>, from other: Frame) {
    let rows = rows.clamped(to: 0..<size.height)
    guard other.size == size, !rows.isEmpty else { return }
    lineage = nil
    writtenArea.include(Rect(x: 0, y: rows.lowerBound, width: size.width, height: rows.count))
    let cellRange = (rows.lowerBound * size.width)..<(rows.upperBound * size.width)
    cells.replaceSubrange(cellRange, with: other.cells[cellRange])
  }

  /// Copies the cells of a rectangle of `other` (a frame of the same size) into the same place
  /// in this one, row by row.
  package mutating func copy(_ rect: Rect, from other: Frame) {
    let area = rect.intersection(bounds)
    guard other.size == size, area.width > 0, area.height > 0 else { return }
    lineage = nil
    writtenArea.include(area)
    let width = size.width
    other.cells.withUnsafeBufferPointer { source in
      cells.withUnsafeMutableBufferPointer { target in
        for y in area.minY..<area.maxY {
          let start = y * width + area.minX
          (target.baseAddress! + start).update(from: source.baseAddress! + start, count: area.width)
        }
      }
    }
  }

  /// Starts ``writtenArea`` afresh: nothing written yet.
  package mutating func forgetWrites() {
    writtenArea = WrittenArea()
  }

  /// Changes the style of the cells in a rectangle (clipped), keeping their content.
  public mutating func restyle(_ rect: Rect, _ change: (Style) -> Style) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    lineage = nil
    writtenArea.include(area)
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX {
        let index = y * size.width + x
        cells[index].style = change(cells[index].style)
      }
    }
  }

  /// The frame with the rows of `scroll.rows` moved as a terminal's scroll region moves them:
  /// row `r` of the band shows what row `r + scroll.distance` showed, and the rows that scroll in
  /// are blank. Rows outside the band and the cursor stay as they are.
  public func scrolled(_ scroll: RowScroll) -> Frame {
    let band = scroll.rows.clamped(to: 0..<size.height)
    guard scroll.distance != 0, !band.isEmpty else { return self }
    var result = self
    let width = size.width
    result.lineage = nil
    result.writtenArea.include(Rect(x: 0, y: band.lowerBound, width: width, height: band.count))
    cells.withUnsafeBufferPointer { source in
      result.cells.withUnsafeMutableBufferPointer { target in
        for row in band {
          let from = row + scroll.distance
          for column in 0..<width {
            target[row * width + column] = band.contains(from) ? source[from * width + column] : .blank
          }
        }
      }
    }
    return result
  }

  /// The text of each row, continuation cells omitted: what a person sees.
  public var lines: [String] {
    (0..<size.height).map { y in row(y).map(\.text).joined() }
  }

  /// Whether every row holds whole clusters: each wide cluster followed by its continuation,
  /// no continuation without one, no wide cluster cut by the right edge. Drawing keeps this true.
  public var isWellFormed: Bool {
    for y in 0..<size.height {
      var x = 0
      while x < size.width {
        let cell = self[x, y]
        if cell.isContinuation { return false }
        if cell.width == 2 {
          guard x + 1 < size.width, self[x + 1, y].isContinuation else { return false }
          x += 2
        } else {
          x += 1
        }
      }
    }
    return cursor.map { bounds.contains($0) } ?? true
  }

  /// Stores a cell, blanking the other half of any wide cluster it overwrites.
  private mutating func place(_ cell: Cell, x: Int, y: Int) {
    let index = y * size.width + x
    if cells[index].isContinuation {
      if x > 0, !cell.isContinuation {
        cells[index - 1].content = .scalar(" ")
        writtenArea.include(x: x - 1, y: y)
      }
    } else if x + 1 < size.width, cells[index + 1].isContinuation {
      // The old cell was the left half of a wide cluster (its right half follows).
      cells[index + 1].content = .scalar(" ")
      writtenArea.include(x: x + 1, y: y)
    }
    cells[index] = cell
    writtenArea.include(x: x, y: y)
  }
}
