/// A ``Form`` drawn, in one of two layouts (``FormLayout``): in a box with the form's title,
/// centred, each field on a row with its label and its problem on the row kept under it, the
/// button centred and a hint under the box (a sign-in); or filling its area under a heading,
/// each problem under its field once shown, the button on the left with a note beside it (a
/// record's editor). A list's entries take a row each: the value, its type, the preferred mark.
/// Fields taller than the area scroll, the focused one kept in view; the server's error (or a
/// notice) and the button stay in sight. A click on a field focuses it (items of `control`, by
/// their place in the focus order, as ``KeyBinding/form(_:control:next:sends:)`` reads them).
///
/// Over the view drawn for the key before, it draws only the rows whose content differs
/// (``redraw(over:into:in:damage:)``): a typed key costs its field's row, whatever the form.
/// Every row is one line and placed by arithmetic, without a tree of boxed views a key.
public struct FormView: View {
  /// The form, by position (what ``Form`` holds without its fields' ids).
  @usableFromInline var form: FormCore
  public var title: String
  /// The button's words (what a submit does).
  public var button: String
  /// What the spinner says while submitting.
  public var busyLabel: String
  public var isFocused: Bool
  /// The line under the box, if any.
  public var hint: FormHint?
  public var layout: FormLayout
  /// The columns of a label (a gap follows it).
  public var labelWidth: Int
  /// The columns of a list entry's type.
  public var typeWidth: Int
  /// The name the fields and the button answer clicks by.
  public var control: String

  /// `form` drawn. Inlinable, so that the form's typed face is read where the app's field type
  /// is known: the view itself is not generic, and drawing looks no type up.
  @inlinable
  public init<Field>(
    _ form: Form<Field>, title: String, button: String, busyLabel: String = "Working…", isFocused: Bool,
    hint: FormHint? = nil, layout: FormLayout = .boxed(width: 60), labelWidth: Int = 10, typeWidth: Int = 14,
    control: String = "form"
  ) {
    self.form = form.core
    self.title = title
    self.button = button
    self.busyLabel = busyLabel
    self.isFocused = isFocused
    self.hint = hint
    self.layout = layout
    self.labelWidth = labelWidth
    self.typeWidth = typeWidth
    self.control = control
  }

  /// The scrolled rows in `region`: each field (each entry of a list, each row of a text area)
  /// with its problem, in a box after a blank row and with a row kept for every problem, on a
  /// page with a row for each problem shown.
  func rows(in region: Rect) -> [FormRow] { rowsAndAreaLimit(in: region).rows }

  /// The scrolled rows, and the most rows a text area shows: its own, or fewer when the form
  /// would not fit its area, down to 3 (half the area when smaller), so that a small area still
  /// shows the fields around it.
  func rowsAndAreaLimit(in region: Rect) -> (rows: [FormRow], areaLimit: Int) {
    let isBoxed = layout.isBoxed
    // On a page, a problem takes a row only once shown: none while there are none.
    let showsProblems = isBoxed ? false : !form.problems.isEmpty
    var rows: [FormRow] = isBoxed ? [.blank] : []
    rows.reserveCapacity(form.fields.count * 2 + 1)
    // Each text area's own rows, by field: how many it shows depends on the rest.
    var areaRows: [(field: Int, rows: Int)] = []
    for index in form.fields.indices {
      switch form.fields[index].content {
      case .multiline(let area):
        rows.append(.area(index, 0))
        areaRows.append((index, area.rows))
        if showsProblem(index, nil, isBoxed: isBoxed, anyShown: showsProblems) { rows.append(.problem(index, nil)) }
      case .list(let entries):
        for entry in entries.indices {
          rows.append(.entry(index, entry))
          if showsProblem(index, entry, isBoxed: isBoxed, anyShown: showsProblems) {
            rows.append(.problem(index, entry))
          }
        }
      case .text, .secret, .choice:
        rows.append(.field(index))
        if showsProblem(index, nil, isBoxed: isBoxed, anyShown: showsProblems) { rows.append(.problem(index, nil)) }
      }
    }
    guard !areaRows.isEmpty else { return (rows, 0) }
    let areas = areaRows.count
    let room =
      switch layout {
      // The hint, the box's borders, the banner and the button.
      case .boxed: region.height - 5
      // The heading and a blank row, the banner and the button.
      case .page: region.height - 4
      }
    let limit = max((room - (rows.count - areas)) / areas, min(3, max(1, room / 2)))
    var expanded: [FormRow] = []
    expanded.reserveCapacity(rows.count + areas * (limit - 1))
    var area = 0
    for row in rows {
      guard case .area(let index, _) = row else {
        expanded.append(row)
        continue
      }
      for line in 0..<min(areaRows[area].rows, limit) { expanded.append(.area(index, line)) }
      area += 1
    }
    return (expanded, limit)
  }

  /// The columns a text area's lines take in a form `width` columns wide: for an app that tells
  /// its form (``Form/fitTextArea(_:columns:rows:)``), so that ↑/↓ move by the lines drawn.
  public func inputColumns(inWidth width: Int) -> Int {
    var content = width
    if case .boxed(let boxWidth) = layout { content = min(boxWidth, width) - 4 }
    return Self.wrapColumns(inputArea(on: Rect(x: 0, y: 0, width: max(0, content), height: 1)).width)
  }

  /// Whether field `index` (or its entry) has a row for its problem: always in a box, on a page
  /// once shown. One question a statement: listed at every key, and `||` would wrap the form in
  /// a closure holding a copy of it (in a debug build).
  private func showsProblem(_ index: Int, _ entry: Int?, isBoxed: Bool, anyShown: Bool) -> Bool {
    if isBoxed { return true }
    guard anyShown else { return false }
    return form.shownProblem(at: form.spot(index, entry)) != nil
  }

  /// Where everything goes in `region`.
  struct Layout: Equatable {
    /// The box (empty on a page).
    var box: Rect
    var hint: Rect
    var heading: Rect
    /// The scrolled rows' lines, and the first row shown.
    var scrolled: Rect
    var offset: Int
    var banner: Rect
    var button: Rect
  }

  func place(in region: Rect, rows: [FormRow]) -> Layout {
    let none = Rect(x: region.x, y: region.y, width: 0, height: 0)
    var layout: Layout
    let content: Rect
    switch self.layout {
    case .boxed(let width):
      let height = rows.count + 4
      // As `Centered` places the box and the hint under it, and a `VStack` gives each its rows.
      let outer = region.centered(Size(width: min(width, region.width), height: min(height + 1, region.height)))
      let boxHeight = min(height, max(0, outer.height))
      let box = Rect(x: outer.x, y: outer.y, width: outer.width, height: boxHeight)
      let hint = Rect(
        x: outer.x, y: outer.y + boxHeight, width: outer.width, height: min(1, max(0, outer.height) - boxHeight))
      content = Box.contentArea(in: box).inset(left: 1, right: 1)
      layout = Layout(box: box, hint: hint, heading: none, scrolled: content, offset: 0, banner: none, button: none)
    case .page:
      // A heading and a blank row above, the banner and the button below.
      let top = min(2, region.height)
      layout = Layout(
        box: none, hint: none, heading: Rect(x: region.x, y: region.y, width: region.width, height: min(1, top)),
        scrolled: region, offset: 0, banner: none, button: none)
      content = region.inset(top: top)
    }
    let fixed = min(2, content.height)
    let bottom = content.y + content.height
    layout.scrolled = Rect(x: content.x, y: content.y, width: content.width, height: content.height - fixed)
    layout.banner = Rect(x: content.x, y: bottom - fixed, width: content.width, height: fixed == 2 ? 1 : 0)
    layout.button = Rect(x: content.x, y: bottom - min(1, fixed), width: content.width, height: min(1, fixed))
    if rows.count > layout.scrolled.height {
      var focusedRow = rows.count - 1
      if form.focus != .submit {
        focusedRow =
          rows.firstIndex { row in
            switch (row, form.focus) {
            case (.field(let index), .field(let focused)), (.area(let index, 0), .field(let focused)): index == focused
            case (.entry(let index, let entry), .entry(let field, let focused)),
              (.entry(let index, let entry), .entryType(let field, let focused)):
              index == field && entry == focused
            default: false
            }
          } ?? 0
      }
      layout.offset =
        ScrollWindow(total: rows.count, visible: layout.scrolled.height, showingAThirdDown: focusedRow)
        .offset
    }
    return layout
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let (rows, areaLimit) = rowsAndAreaLimit(in: region)
    let layout = place(in: region, rows: rows)
    if self.layout.isBoxed {
      let border = isFocused ? frame.theme.focusedBorder : frame.theme.border
      Box(title: title, borderStyle: border, Spacer()).render(into: &frame, in: layout.box)
      guard layout.box.width >= 2, layout.box.height >= 2 else { return }
    } else {
      let below = max(0, rows.count - layout.offset - layout.scrolled.height)
      let more = [layout.offset > 0 ? "↑ \(layout.offset) more" : nil, below > 0 ? "↓ \(below) more" : nil]
      Heading(title, note: more.compactMap { $0 }.joined(separator: "  ")).render(into: &frame, in: layout.heading)
    }
    let marks = frame.mouseRegions != nil
    var areas = TextAreaDrawings(room: areaLimit)
    for line in 0..<layout.scrolled.height where layout.offset + line < rows.count {
      draw(rows[layout.offset + line], into: &frame, on: layout.scrolled.row(line), marks: marks, areas: &areas)
    }
    drawBanner(into: &frame, on: layout.banner)
    drawButton(into: &frame, on: layout.button, marks: marks)
    drawHint(into: &frame, in: layout.hint)
  }

  /// Draws over the form `previous` drawn in `region` only the rows that differ from it: a
  /// field whose text or cursor moved, a problem that came or went, the banner, the button, the
  /// hint, each over its row made blank again. Not when anything that places or styles the
  /// rows differs (the focus, a field or entry more or less, the title, a submit starting or
  /// ending): the form is then drawn whole.
  public func redraw(over previous: any View, into frame: inout Frame, in region: Rect, damage: inout [Rect]) -> Bool {
    guard let previous = Self.ofSameKind(previous), previous.form.focus == form.focus,
      previous.form.isBusy == form.isBusy, previous.isFocused == isFocused, previous.title == title,
      previous.button == button, previous.layout == layout, previous.labelWidth == labelWidth,
      previous.typeWidth == typeWidth, previous.control == control, previous.form.fields.count == form.fields.count
    else { return false }
    let before = previous.form
    let problemsMayDiffer = Self.problemsMayDiffer(before, form)
    // The rows are the ones drawn before when every field is of the same kind, with as many
    // entries, and the same problems show: known without listing the rows drawn before.
    let (rows, areaLimit) = rowsAndAreaLimit(in: region)
    guard problemsMayDiffer ? previous.rows(in: region) == rows : Self.sameShape(before.fields, form.fields) else {
      return false
    }
    // The same rows: the same limit.
    var areas = TextAreaDrawings(room: areaLimit)
    var areasBefore = areas
    let layout = place(in: region, rows: rows)
    guard !self.layout.isBoxed || (layout.box.width >= 2 && layout.box.height >= 2) else { return false }
    let marks = frame.mouseRegions != nil
    // Each field compared once, whatever number of rows it has: most often one field changed.
    var compared: (index: Int, changed: Bool) = (-1, false)
    func fieldChanged(_ index: Int) -> Bool {
      if compared.index != index { compared = (index, before.fields[index] != form.fields[index]) }
      return compared.changed
    }
    for line in 0..<layout.scrolled.height where layout.offset + line < rows.count {
      let row = rows[layout.offset + line]
      let area = layout.scrolled.row(line)
      switch row {
      case .blank: continue
      case .field(let index):
        guard fieldChanged(index) else { continue }
        if before.fields[index].label == form.fields[index].label {
          // The field alone: its label is as it was, and a field fills its whole area itself.
          let input = inputArea(on: area)
          drawInput(index, into: &frame, in: input, marks: marks)
          damage.append(input)
          continue
        }
      case .area(let index, let line):
        guard fieldChanged(index) else { continue }
        // The row, when its line, the cursor on it or what it says of the lines out of view changed.
        if before.fields[index].label == form.fields[index].label,
          previous.areaRow(index, line, on: area, drawings: &areasBefore)
            == areaRow(index, line, on: area, drawings: &areas)
        {
          continue
        }
      case .entry(let index, let entry):
        guard fieldChanged(index),
          before.fields[index].label != form.fields[index].label
            || Self.entry(entry, of: before.fields[index]) != Self.entry(entry, of: form.fields[index])
        else { continue }
      case .problem(let index, let entry):
        guard problemsMayDiffer,
          before.shownProblem(at: before.spot(index, entry)) != form.shownProblem(at: form.spot(index, entry))
        else { continue }
      }
      frame.fill(area)
      draw(row, into: &frame, on: area, marks: marks, areas: &areas)
      damage.append(area)
    }
    if Self.bannerMayDiffer(before, form), !layout.banner.isEmpty {
      frame.fill(layout.banner)
      drawBanner(into: &frame, on: layout.banner)
      damage.append(layout.banner)
    }
    if Self.buttonMayDiffer(before, form), !layout.button.isEmpty {
      frame.fill(layout.button)
      drawButton(into: &frame, on: layout.button, marks: marks)
      damage.append(layout.button)
    }
    if previous.hint != hint, !layout.hint.isEmpty {
      frame.fill(layout.hint)
      drawHint(into: &frame, in: layout.hint)
      damage.append(layout.hint)
    }
    return true
  }

  /// Whether `new` may show other problems than `old`. One question a statement, as `||`
  /// would wrap each form in a closure holding a copy of it (in a debug build).
  private static func problemsMayDiffer(_ old: FormCore, _ new: FormCore) -> Bool {
    if old.submitTried != new.submitTried { return true }
    if old.problems != new.problems { return true }
    return old.touched != new.touched
  }

  /// Whether the banner over the button may read otherwise (the server's error, the notice, the
  /// spinner's frame), asked as ``problemsMayDiffer(_:_:)`` is.
  private static func bannerMayDiffer(_ old: FormCore, _ new: FormCore) -> Bool {
    if old.tick != new.tick { return true }
    if old.serverError != new.serverError { return true }
    return old.notice != new.notice
  }

  /// Whether the button may look otherwise (enabled, or the spinner's frame).
  private static func buttonMayDiffer(_ old: FormCore, _ new: FormCore) -> Bool {
    if old.tick != new.tick { return true }
    return old.canSubmit != new.canSubmit
  }

  /// Entry `entry` of a list `field`.
  private static func entry(_ entry: Int, of field: FormCore.Field) -> FormEntry? {
    guard case .list(let entries) = field.content else { return nil }
    return entries[entry]
  }

  /// Whether `old` and `new` are fields of the same kinds, each list with as many entries: the
  /// same rows, when the same problems show.
  private static func sameShape(_ old: [FormCore.Field], _ new: [FormCore.Field]) -> Bool {
    for index in old.indices where old[index].content.shape != new[index].content.shape { return false }
    return true
  }

  private func draw(_ row: FormRow, into frame: inout Frame, on line: Rect, marks: Bool, areas: inout TextAreaDrawings)
  {
    guard !line.isEmpty else { return }
    switch row {
    case .blank: return
    case .area(let index, let row):
      if row == 0 {
        drawLabel(form.fields[index].label, focused: isFocusedPlace(.field(index)), into: &frame, on: line)
      } else if let note = areaRow(index, row, on: line, drawings: &areas)?.scrollNote {
        Text(note, style: frame.theme.secondary).render(
          into: &frame, in: Rect(x: line.x, y: line.y, width: labelColumns(on: line), height: 1))
      }
      drawAreaRow(index, row, into: &frame, in: inputArea(on: line), marks: marks, areas: &areas)
    case .field(let index):
      drawLabel(form.fields[index].label, focused: isFocusedPlace(.field(index)), into: &frame, on: line)
      drawInput(index, into: &frame, in: inputArea(on: line), marks: marks)
    case .entry(let index, let entry):
      let field = form.fields[index]
      let entries = form.entries(at: index)
      let focused = isFocusedPlace(.entry(index, entry)) || isFocusedPlace(.entryType(index, entry))
      drawLabel(entry == 0 ? field.label : "", focused: focused, into: &frame, on: line)
      let area = inputArea(on: line)
      let typeWidth = min(self.typeWidth, max(0, area.width - 4))
      let valueWidth = max(0, area.width - typeWidth - 3)
      let value = entries[entry].value
      let type = entries[entry].type
      drawText(
        value, placeholder: field.placeholder, masked: false, place: .entry(index, entry),
        into: &frame, in: Rect(x: area.x, y: area.y, width: valueWidth, height: 1), marks: marks)
      drawText(
        type, placeholder: "type", masked: false, place: .entryType(index, entry), into: &frame,
        in: Rect(x: area.x + valueWidth + 1, y: area.y, width: typeWidth, height: 1), marks: marks)
      if entries[entry].isPreferred {
        Text(" " + Self.preferredMark, style: frame.theme.mark).render(
          into: &frame, in: Rect(x: area.x + valueWidth + 1 + typeWidth, y: area.y, width: 2, height: 1))
      }
    case .problem(let index, let entry):
      guard let problem = form.shownProblem(at: form.spot(index, entry)) else { return }
      Text(problem, style: frame.theme.error).render(into: &frame, in: line.inset(left: labelWidth + 1))
    }
  }

  func isFocusedPlace(_ place: FormSpot) -> Bool { isFocused && form.focus == place }

  /// A field's label: as `Labelled`, the label's columns, then a gap.
  private func drawLabel(_ label: String, focused: Bool, into frame: inout Frame, on line: Rect) {
    Text(label, style: focused ? frame.theme.title : .plain)
      .render(into: &frame, in: Rect(x: line.x, y: line.y, width: labelColumns(on: line), height: line.height))
  }

  func labelColumns(on line: Rect) -> Int { min(labelWidth, max(0, line.width - 1)) }

  /// Where a field's input goes on its `line`: after the label and a gap.
  func inputArea(on line: Rect) -> Rect {
    let labelWidth = labelColumns(on: line)
    return Rect(x: line.x + labelWidth + 1, y: line.y, width: max(0, line.width - 1) - labelWidth, height: line.height)
  }

  /// Field `index`'s input, filling `area`.
  private func drawInput(_ index: Int, into frame: inout Frame, in area: Rect, marks: Bool) {
    let field = form.fields[index]
    let place = FormSpot.field(index)
    switch field.content {
    case .text(let input), .secret(let input):
      drawText(
        input, placeholder: field.placeholder, masked: field.content.isSecret, place: place, into: &frame, in: area,
        marks: marks)
    case .choice(let options, let selected):
      let focused = isFocusedPlace(place)
      let style = frame.style({ focused ? $0.focusedField : $0.field }, own: nil)
      frame.fill(area, with: .blank(style))
      let option = options.indices.contains(selected) ? options[selected] : ""
      Text("‹ \(option) ›", style: style).render(into: &frame, in: area)
      if marks { frame.markMouseTarget(target(place), in: area) }
    case .list, .multiline:
      // Drawn a row at a time: an entry's, or a line's.
      return
    }
  }

  /// A text field; on a page, the placeholder shows in the focused field alone (a page of empty
  /// fields each saying what it wants would be noise).
  private func drawText(
    _ input: TextInput, placeholder: String, masked: Bool, place: FormSpot, into frame: inout Frame,
    in area: Rect, marks: Bool
  ) {
    let isFocused = isFocusedPlace(place)
    TextField(
      input, placeholder: layout.isBoxed || isFocused ? placeholder : "", isMasked: masked, isFocused: isFocused,
      isDisabled: form.isBusy,
      clickTarget: marks ? target(place) : nil
    )
    .render(into: &frame, in: area)
  }

  /// The mark of a list's preferred entry.
  public static var preferredMark: String { "★" }

  /// The server's error, or the notice of a paste that did not fit; on a page, the spinner while
  /// submitting.
  private func drawBanner(into frame: inout Frame, on line: Rect) {
    guard !line.isEmpty else { return }
    let alignment: Text.Alignment = layout.isBoxed ? .center : .leading
    if form.isBusy && !layout.isBoxed {
      Spinner(tick: form.tick, label: busyLabel).render(into: &frame, in: line)
    } else if let error = form.serverError {
      Text("✖ " + error, style: frame.theme.error, alignment: alignment).render(into: &frame, in: line)
    } else if let notice = form.notice {
      Text(notice, style: frame.theme.error, alignment: alignment).render(into: &frame, in: line)
    }
  }

  /// The button, or a spinner while submitting, centred as an `HStack` of a spacer, the button
  /// as wide as it likes and a spacer would place it (the odd column to the first spacer).
  private func drawButton(into frame: inout Frame, on line: Rect, marks: Bool) {
    guard !line.isEmpty else { return }
    if case .page(let note) = layout {
      // As an `HStack` of the button as wide as it likes, two columns, and the note.
      let button = Button(
        button, isFocused: isFocusedPlace(.submit), isDisabled: !form.canSubmit,
        clickTarget: marks ? target(.submit) : nil)
      let width = button.preferredSize(in: line.size).width
      button.render(into: &frame, in: Rect(x: line.x, y: line.y, width: width, height: 1))
      let noteX = min(line.maxX, line.x + width + 2)
      Text(note, style: frame.theme.secondary).render(
        into: &frame, in: Rect(x: noteX, y: line.y, width: line.maxX - noteX, height: 1))
    } else if form.isBusy {
      let spinner = Spinner(tick: form.tick, label: busyLabel)
      spinner.render(into: &frame, in: Self.centred(spinner.preferredSize(in: line.size).width, in: line))
    } else {
      let button = Button(
        button, isFocused: isFocusedPlace(.submit), isDisabled: !form.canSubmit,
        clickTarget: marks ? target(.submit) : nil)
      button.render(into: &frame, in: Self.centred(button.preferredSize(in: line.size).width, in: line))
    }
  }

  private func drawHint(into frame: inout Frame, in area: Rect) {
    guard !area.isEmpty, let hint else { return }
    Text(hint.text(in: frame) ?? "", style: frame.theme.secondary, alignment: .center).render(into: &frame, in: area)
  }

  /// The columns a view `preferred` wide gets between two equal spacers on `line`.
  private static func centred(_ preferred: Int, in line: Rect) -> Rect {
    let width = max(0, line.width)
    let used = min(max(0, preferred), width)
    return Rect(x: line.x + (width - used + 1) / 2, y: line.y, width: used, height: line.height)
  }

  func target(_ place: FormSpot) -> MouseTarget {
    .item(control, index: form.order.firstIndex(of: place) ?? 0)
  }
}

/// One line of a ``FormView``'s scrolled part (not generic over the form's fields, so that
/// listing the rows looks no type up).
enum FormRow: Equatable {
  case blank
  case field(Int)
  case entry(Int, Int)
  /// Row `Int` (from the top of the field) of text area `Int`.
  case area(Int, Int)
  /// The problem of field `Int`, or of its entry.
  case problem(Int, Int?)
}

/// How a ``FormView`` lays its form out.
public enum FormLayout: Hashable, Sendable {
  /// In a box at most `width` columns wide, centred, with the form's title in its border: each
  /// field's problem on a row kept for it, the button centred (a spinner while submitting), the
  /// hint under the box. For a short form standing alone (signing in).
  case boxed(width: Int)
  /// The whole area: the title as a heading (with how many rows are out of view), each problem
  /// on a row under its field once shown, the spinner or the error over the button, the button
  /// on the left with `buttonNote` beside it ("Unsaved changes"). For a long form (a record).
  case page(buttonNote: String)

  var isBoxed: Bool {
    if case .boxed = self { true } else { false }
  }
}

/// The line under a form: words that name one of the screen's keys as the user has it
/// (`"No account yet? {key} creates one."`), shown while that key's binding applies.
public struct FormHint: Hashable, Sendable {
  public var text: String
  /// The help bar's label of the binding whose key takes the place of `{key}`.
  public var keyLabel: String

  public init(_ text: String, key keyLabel: String) {
    self.text = text
    self.keyLabel = keyLabel
  }

  /// The words with the key in them, or nil while no binding of that label applies.
  public func text(in frame: Frame) -> String? {
    frame.key(labelled: keyLabel).map { text.replacing("{key}", with: $0) }
  }
}
