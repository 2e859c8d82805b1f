/// A text area as ``FormView`` draws it: its lines wrapped at the field's width, the first of
/// them in view and how many show, and the cursor's line and column. Found once a frame for
/// each area drawn.
struct TextAreaDrawing {
  var characters: [Character]
  var lines: [TextArea.Line]
  var first: Int
  var shown: Int
  var cursorLine: Int
  var cursorColumn: Int
}

/// The text areas of one frame as drawn (``TextAreaDrawing``), by field, and the most rows one
/// shows in the form's region.
struct TextAreaDrawings {
  let room: Int
  var drawn: [Int: TextAreaDrawing] = [:]
}

extension FormView {
  /// What one row of a text area shows: its characters, the cursor's column when it is on it,
  /// whether it shows the placeholder, and, under the label, how many lines are out of view.
  /// Two rows alike are drawn alike (the form's focus and busy state being the same).
  struct AreaRow: Equatable {
    var characters: ArraySlice<Character>
    var cursor: Int?
    var showsPlaceholder: Bool
    var scrollNote: String?
  }

  /// What row `row` of an area says under its label, of the lines out of view: "↑ 3 more" on
  /// the second row, "↓ 5 more" on the last ("↑ 3", "↓ 5" in a label narrower than that).
  func scrollNote(_ drawing: TextAreaDrawing, row: Int, labelColumns: Int) -> String? {
    let above = drawing.first
    let below = max(0, drawing.lines.count - drawing.first - drawing.shown)
    let last = drawing.shown - 1
    let note: (String, Int) -> String = { arrow, count in
      let long = "\(arrow) \(count) more"
      return long.count <= labelColumns ? long : "\(arrow) \(count)"
    }
    guard last > 0 else { return nil }
    if row == 1, above > 0 { return last == 1 && below > 0 ? "↑↓" : note("↑", above) }
    if row == last, below > 0 { return note("↓", below) }
    return nil
  }

  /// The columns a text area `width` wide wraps its lines at: one is kept for the cursor at
  /// the end of a full line.
  static func wrapColumns(_ width: Int) -> Int { max(1, width - 1) }

  /// Text area `index` drawn `width` columns wide, found once a frame.
  func drawing(_ index: Int, width: Int, drawings: inout TextAreaDrawings) -> TextAreaDrawing? {
    if let drawing = drawings.drawn[index] { return drawing }
    guard case .multiline(let area) = form.fields[index].content else { return nil }
    let characters = Array(area.text)
    let lines = TextArea.lines(of: characters, wrappedAt: Self.wrapColumns(width))
    let cursorLine = TextArea.line(of: area.cursor, in: lines)
    let shown = min(area.rows, drawings.room)
    let drawing = TextAreaDrawing(
      characters: characters, lines: lines, first: area.firstShown(of: lines, rows: shown), shown: shown,
      cursorLine: cursorLine, cursorColumn: TextArea.column(of: area.cursor, in: lines[cursorLine], characters))
    drawings.drawn[index] = drawing
    return drawing
  }

  /// What row `row` of text area `index` shows on `line`.
  func areaRow(_ index: Int, _ row: Int, on line: Rect, drawings: inout TextAreaDrawings) -> AreaRow? {
    let width = inputArea(on: line).width
    guard let drawing = drawing(index, width: width, drawings: &drawings) else { return nil }
    let shown = drawing.first + row
    let characters =
      drawing.lines.indices.contains(shown)
      ? drawing.characters[drawing.lines[shown].start..<drawing.lines[shown].end] : []
    let hasCursor = isFocusedPlace(.field(index)) && drawing.cursorLine == shown
    return AreaRow(
      characters: characters, cursor: hasCursor ? drawing.cursorColumn : nil,
      showsPlaceholder: row == 0 && drawing.characters.isEmpty,
      scrollNote: scrollNote(drawing, row: row, labelColumns: labelColumns(on: line)))
  }

  /// Row `row` of text area `index`, filling `area`: its line's characters, the placeholder in
  /// the first row of an empty one (on a page, while focused), the cursor when on it. A click
  /// on any row focuses the field, its cursor on that row: each row's region reaches up to the
  /// first row in view, so the click's row (``MouseClick/row``) counts from there.
  func drawAreaRow(
    _ index: Int, _ row: Int, into frame: inout Frame, in area: Rect, marks: Bool, areas: inout TextAreaDrawings
  ) {
    let clip = area.intersection(frame.bounds)
    guard !clip.isEmpty, let drawing = drawing(index, width: area.width, drawings: &areas) else { return }
    let field = form.fields[index]
    let place = FormSpot.field(index)
    let focused = isFocusedPlace(place)
    if marks {
      frame.markMouseTarget(
        target(place), in: Rect(x: area.x, y: area.y - row, width: area.width, height: area.height + row))
    }
    let style =
      form.isBusy
      ? frame.style({ $0.disabled }, own: nil).underline
      : frame.style({ focused ? $0.focusedField : $0.field }, own: nil)
    frame.fill(clip, with: .blank(style))
    let line = drawing.first + row
    if drawing.characters.isEmpty {
      if row == 0, layout.isBoxed || focused, !field.placeholder.isEmpty {
        let placeholderStyle =
          form.isBusy ? frame.style({ $0.disabled }, own: nil).underline : frame.style({ $0.placeholder }, own: nil)
        Text(field.placeholder, style: placeholderStyle).render(into: &frame, in: area)
      }
    } else if drawing.lines.indices.contains(line) {
      var x = area.x
      for character in drawing.characters[drawing.lines[line].start..<drawing.lines[line].end] {
        let width = TextArea.width(of: character)
        guard x + width <= area.maxX else { break }
        frame.set(Cell(DisplayWidth.sanitized(character), style: style), at: Point(x: x, y: area.y), clip: clip)
        x += width
      }
    }
    if focused, !form.isBusy, drawing.cursorLine == line {
      frame.cursor = Point(x: min(area.x + drawing.cursorColumn, clip.maxX - 1), y: area.y)
    }
  }
}
