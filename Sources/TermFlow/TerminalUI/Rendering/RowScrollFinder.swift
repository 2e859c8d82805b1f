#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FrameDiff {
  /// What scrolling a band costs, in cells: setting the terminal's scroll region, moving to its
  /// edge, scrolling and resetting the region take about 25 bytes, and the cursor is then placed
  /// from an unknown position. A scroll must save more cells than this.
  static let rowScrollCost = 32

  /// ncurses moves no fewer rows than this (it drops smaller runs of moved lines as not worth it).
  static let minimumMovedRows = 3

  /// The rows of `new` that are rows of `old` moved up or down, when letting the terminal move
  /// them (a scroll region) leaves fewer cells to write than rewriting them: a list scrolled by
  /// a row or a few. `changes` are the changed spans of `new` against `old`. Nil when no scroll
  /// pays.
  ///
  /// A terminal moves whole rows, so whatever shares those rows with the list (a pane beside it,
  /// a scrollbar) moves too and has to be written back where it then differs; the band is chosen
  /// by the cells it saves across the full width, counting that. ncurses' own scrolling instead
  /// pairs only rows identical across the full width: a static pane beside a scrolled list (one
  /// line of text in it is enough) splits its scroll in two and costs the rows around the split.
  public static func rowScroll(from old: Frame, to new: Frame, changes: [ChangedSpan]) -> RowScroll? {
    let height = new.size.height
    let width = new.size.width
    guard old.size == new.size, height > minimumMovedRows, width > 0 else { return nil }
    // Too few rows changed for a scroll to pay (a typed key's one): known from the spans, in
    // row order, before anything is made.
    var changedRows = 0
    var lastRow = -1
    for span in changes where span.row != lastRow {
      changedRows += 1
      lastRow = span.row
    }
    guard changedRows >= minimumMovedRows else { return nil }
    // The cells each row needs without a scroll, and the columns that changed at all.
    var plain = [Int](repeating: 0, count: height)
    var lower = width
    var upper = 0
    for span in changes {
      plain[span.row] += span.columns.count
      lower = min(lower, span.columns.lowerBound)
      upper = max(upper, span.columns.upperBound)
    }
    guard plain.count(where: { $0 > 0 }) >= minimumMovedRows else { return nil }

    let (candidates, anchors) = candidateDistances(from: old, to: new, changedRows: plain, columns: lower..<upper)
    guard !candidates.isEmpty else { return nil }
    let blankCost = (0..<height).map { differingCells(new, row: $0, against: nil) }
    var best: (scroll: RowScroll, saving: Int)?
    for distance in candidates {
      if let found = bestBand(
        distance: distance, within: 0..<height, old: old, new: new, plain: plain, blankCost: blankCost,
        anchors: anchors),
        found.saving > (best?.saving ?? 0)
      {
        best = found
      }
    }
    return best?.scroll
  }

  /// The band of `listed`'s rows that saves the most cells when moved by its distance: a list
  /// that says it scrolled (``Frame/listPosition``) needs no search for the distance, but its
  /// own rows are not always the band to move. When the selection stays on the list's last row
  /// as it scrolls down, moving that row too would scroll the highlighted row away and bring a
  /// blank one in, to be written across the whole width again; leaving it out of the band
  /// writes only the text that changed on it. Nil when no band saves anything.
  public static func rowScroll(from old: Frame, to new: Frame, changes: [ChangedSpan], listed: RowScroll) -> RowScroll?
  {
    let height = new.size.height
    let rows = listed.rows.clamped(to: 0..<height)
    guard old.size == new.size, rows.count > abs(listed.distance), listed.distance != 0 else { return nil }
    var plain = [Int](repeating: 0, count: height)
    for span in changes where rows.contains(span.row) { plain[span.row] += span.columns.count }
    var blankCost = [Int](repeating: 0, count: height)
    for row in rows { blankCost[row] = differingCells(new, row: row, against: nil) }
    return bestBand(
      distance: listed.distance, within: rows, old: old, new: new, plain: plain, blankCost: blankCost, anchors: nil
    )?.scroll
  }

  /// Distances rows seem to have moved by, most likely first, and the old rows ncurses can pair
  /// across a move (anchors). Each changed row whose text in the changed columns is what exactly
  /// one old row showed there (and no other new row shows) votes for the distance between the
  /// two; at most two distances with two votes or more are tried. ncurses pairs rows by their
  /// text across the full width, and only rows unique on both screens: an old row that is
  /// unique and not blank in the changed columns is unique across the full width too.
  private static func candidateDistances(from old: Frame, to new: Frame, changedRows: [Int], columns: Range<Int>)
    -> (distances: [Int], anchors: [Bool])
  {
    let oldPrints = rowFingerprints(old, columns: columns)
    let newPrints = rowFingerprints(new, columns: columns)
    let blank = rowFingerprints(Frame(size: Size(width: columns.upperBound, height: 1)), columns: columns)[0]
    var votes: [Int: Int] = [:]
    var anchors = [Bool](repeating: false, count: oldPrints.count)
    for row in changedRows.indices where changedRows[row] > 0 && newPrints[row] != blank {
      let print = newPrints[row]
      guard let from = onlyIndex(of: print, in: oldPrints), from != row, onlyIndex(of: print, in: newPrints) != nil
      else { continue }
      votes[from - row, default: 0] += 1
      anchors[from] = true
    }
    let distances =
      votes
      .filter { $0.value >= 2 }
      .sorted { ($0.value, -abs($0.key), $0.key) > ($1.value, -abs($1.key), $1.key) }
      .prefix(2)
      .map(\.key)
    return (Array(distances), anchors)
  }

  /// The band within `rows` that saves the most cells when moved by `distance`, with its saving
  /// (after the scroll's own cost); nil when none saves anything. A band must move at least one
  /// row ncurses can pair (`anchors`); nil anchors count every row (a list said they moved).
  private static func bestBand(
    distance: Int, within rows: Range<Int>, old: Frame, new: Frame, plain: [Int], blankCost: [Int], anchors: [Bool]?
  ) -> (scroll: RowScroll, saving: Int)? {
    let height = new.size.height
    let shift = abs(distance)
    let minimumMoved = max(minimumMovedRows, shift)
    guard rows.count >= minimumMoved + shift else { return nil }
    // Prefix sums over the rows, from `rows.lowerBound`: cells saved by a row moved into place,
    // by a row left blank, and the moved rows whose source ncurses can pair (so that it does
    // scroll).
    let first = rows.lowerBound
    var moved = [0]
    var vacated = [0]
    var anchored = [0]
    for row in rows {
      let from = row + distance
      let inFrame = from >= 0 && from < height
      let index = row - first
      moved.append(
        moved[index] + (inFrame ? plain[row] - differingCells(new, row: row, against: (old, from)) : 0))
      vacated.append(vacated[index] + plain[row] - blankCost[row])
      anchored.append(anchored[index] + (inFrame && (anchors?[from] ?? true) ? 1 : 0))
    }
    var best: (scroll: RowScroll, saving: Int)?
    for top in rows {
      let lowestBottom = top + shift + minimumMoved - 1
      guard lowestBottom < rows.upperBound else { break }
      for bottom in lowestBottom..<rows.upperBound {
        // Scrolling up: rows top...bottom-shift move, the last `shift` rows scroll in blank.
        // Scrolling down: the first `shift` rows scroll in blank, the rest move.
        let movedRows = distance > 0 ? top..<(bottom - shift + 1) : (top + shift)..<(bottom + 1)
        let blankRows = distance > 0 ? (bottom - shift + 1)..<(bottom + 1) : top..<(top + shift)
        let movedFrom = movedRows.lowerBound - first
        let movedTo = movedRows.upperBound - first
        guard anchored[movedTo] > anchored[movedFrom] else { continue }
        let saving =
          moved[movedTo] - moved[movedFrom] + vacated[blankRows.upperBound - first]
          - vacated[blankRows.lowerBound - first] - rowScrollCost
        if saving > (best?.saving ?? 0) {
          best = (RowScroll(rows: top..<(bottom + 1), distance: distance), saving)
        }
      }
    }
    return best
  }

  /// The index of the only element equal to `value`; nil when there is none or more than one.
  private static func onlyIndex(of value: UInt64, in values: [UInt64]) -> Int? {
    var found: Int?
    for (index, element) in values.enumerated() where element == value {
      guard found == nil else { return nil }
      found = index
    }
    return found
  }

  /// A hash of the text of each row over `columns` (styles left out, as ncurses pairs rows).
  private static func rowFingerprints(_ frame: Frame, columns: Range<Int>) -> [UInt64] {
    let width = frame.size.width
    return frame.cells.withUnsafeBufferPointer { cells in
      (0..<frame.size.height).map { row in
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for column in columns {
          let cell = cells[row * width + column]
          // Each step is a bijection of the hash, so rows that differ in one cell never collide.
          hash = (hash ^ cell.contentFingerprint) &* 0x0000_0100_0000_01B3
          hash ^= hash >> 32
        }
        return hash
      }
    }
  }

  /// How many cells of row `row` of `new` differ from a row of another frame, or from a blank row.
  private static func differingCells(_ new: Frame, row: Int, against other: (frame: Frame, row: Int)?) -> Int {
    let width = new.size.width
    return new.cells.withUnsafeBufferPointer { after in
      guard let base = after.baseAddress else { return 0 }
      let cells = base + row * width
      guard let other else {
        let blank = Cell.blank
        var count = 0
        for column in 0..<width where cells[column] != blank { count += 1 }
        return count
      }
      return other.frame.cells.withUnsafeBufferPointer { before in
        guard let sourceBase = before.baseAddress else { return width }
        let source = sourceBase + other.row * width
        // A row moved into place is most often its source's bytes: one `memcmp` says so.
        guard memcmp(cells, source, width * MemoryLayout<Cell>.stride) != 0 else { return 0 }
        var count = 0
        for column in 0..<width where cells[column] != source[column] { count += 1 }
        return count
      }
    }
  }
}
