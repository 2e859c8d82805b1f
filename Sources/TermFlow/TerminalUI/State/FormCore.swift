/// What a ``Form`` is without its fields' ids: the fields by position, and the focus, the
/// touched places and the problems by ``FormSpot``. It does the form's work (its reducer, its
/// questions) and is what ``FormView`` draws, so that neither is generic over the app's field
/// type. Generic code that a module other than the app's runs for the app's type runs
/// unspecialized: in a release build a quarter of a typed key went to the runtime looking up
/// the form's generic types. ``Form`` is the typed face over it, its methods inlinable so that
/// they are compiled for the app's own field type.
@usableFromInline
struct FormCore: Hashable, Sendable {
  /// A field without its id: a value whose parts live out of line, so that the array of
  /// fields is copied as one reference a field. A key changes one field, but copies the array:
  /// the screen's view model holds the form it drew last, so the array is shared when the key
  /// writes it. Inline, each field would be copied with its label, its content and its
  /// placeholder (a twelve-field form's key spent more on that copy than on the edit).
  @usableFromInline
  struct Field: Hashable, Sendable {
    @usableFromInline var parts: Parts

    @usableFromInline
    init(label: String, content: FormContent, placeholder: String) {
      parts = Parts(label: label, content: content, placeholder: placeholder)
    }

    @inlinable var label: String {
      _read { yield parts.label }
      _modify {
        makeUnique()
        yield &parts.label
      }
    }

    @inlinable var content: FormContent {
      _read { yield parts.content }
      _modify {
        makeUnique()
        yield &parts.content
      }
    }

    @inlinable var placeholder: String {
      _read { yield parts.placeholder }
      _modify {
        makeUnique()
        yield &parts.placeholder
      }
    }

    /// Copies the parts first when another field shares them (copy on write).
    @inlinable mutating func makeUnique() {
      guard !isKnownUniquelyReferenced(&parts) else { return }
      parts = Parts(label: parts.label, content: parts.content, placeholder: parts.placeholder)
    }

    @inlinable static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.parts === rhs.parts
        || (lhs.label == rhs.label && lhs.content == rhs.content && lhs.placeholder == rhs.placeholder)
    }

    @inlinable func hash(into hasher: inout Hasher) {
      hasher.combine(label)
      hasher.combine(content)
      hasher.combine(placeholder)
    }

    /// The parts' storage. Written only through `Field`, and only while no other field holds
    /// it, so neither overlapping accesses (not checked at run time) nor threads can meet in it.
    @usableFromInline
    final class Parts: @unchecked Sendable {
      @exclusivity(unchecked) @usableFromInline var label: String
      @exclusivity(unchecked) @usableFromInline var content: FormContent
      @exclusivity(unchecked) @usableFromInline var placeholder: String

      @usableFromInline
      init(label: String, content: FormContent, placeholder: String) {
        self.label = label
        self.content = content
        self.placeholder = placeholder
      }
    }
  }

  @usableFromInline var fields: [Field]
  @usableFromInline var focus: FormSpot
  @usableFromInline var touched: Set<FormSpot> = []
  @usableFromInline var submitTried = false
  @usableFromInline var problems: [FormSpot: String] = [:]
  @usableFromInline var serverError: String?
  @usableFromInline var notice: String?
  @usableFromInline var isBusy = false
  @usableFromInline var tick = 0

  @usableFromInline
  init(_ fields: [Field], focus: FormSpot?) {
    self.fields = fields
    self.focus = .submit
    let order = self.order
    self.focus = focus.flatMap { order.contains($0) ? $0 : nil } ?? order[0]
  }

  /// Every spot the focus can be, in order: each field (a list's entries, value then type),
  /// then the button.
  @usableFromInline
  var order: [FormSpot] {
    var order: [FormSpot] = []
    for index in fields.indices {
      if case .list(let entries) = fields[index].content {
        for entry in entries.indices { order += [.entry(index, entry), .entryType(index, entry)] }
      } else {
        order.append(.field(index))
      }
    }
    return order + [.submit]
  }

  @usableFromInline var isValid: Bool { problems.isEmpty }
  @usableFromInline var canSubmit: Bool { isValid && !isBusy }

  /// The problem shown at `spot`: once the focus left it or a submit was tried.
  @usableFromInline
  func shownProblem(at spot: FormSpot) -> String? {
    guard !problems.isEmpty, submitTried || touched.contains(spot) else { return nil }
    return problems[spot]
  }

  /// The spot of field `index`, or of its entry.
  func spot(_ index: Int, _ entry: Int?) -> FormSpot {
    entry.map { .entry(index, $0) } ?? .field(index)
  }

  @usableFromInline
  func text(at index: Int) -> String { fields[index].content.input?.text ?? "" }

  @usableFromInline
  func choice(at index: Int) -> Int {
    guard case .choice(_, let selected) = fields[index].content else { return 0 }
    return selected
  }

  @usableFromInline
  func entries(at index: Int) -> [FormEntry] {
    guard case .list(let entries) = fields[index].content else { return [] }
    return entries
  }

  /// The field the focus is in.
  @usableFromInline
  var focusedField: Int? {
    switch focus {
    case .field(let index), .entry(let index, _), .entryType(let index, _): index
    case .submit: nil
    }
  }

  /// Whether the focus is in text: a field's, a text area's, or a list entry's value or type.
  /// The keys' conditions ask at every key, so it reads no field's content out.
  @inlinable
  var isFocusInText: Bool {
    switch focus {
    case .submit: return false
    case .entry, .entryType: return true
    case .field(let index):
      switch fields[index].content {
      case .text, .secret, .multiline: return true
      case .choice, .list: return false
      }
    }
  }

  /// Whether the focus is in a text area, read as ``isFocusInText`` is.
  @inlinable
  var isFocusInTextArea: Bool {
    guard case .field(let index) = focus, case .multiline = fields[index].content else { return false }
    return true
  }

  @usableFromInline
  var focusedTextArea: TextArea? {
    guard case .field(let index) = focus, case .multiline(let area) = fields[index].content else { return nil }
    return area
  }

  @usableFromInline
  mutating func fitTextArea(at index: Int, columns: Int?, rows: Int?) {
    guard case .multiline(var area) = fields[index].content else { return }
    area.wrap(at: columns)
    if let rows, rows != area.rows {
      area.rows = max(1, rows)
      area.wrap(at: nil)
      area.wrap(at: columns)
    }
    fields[index].content = .multiline(area)
  }

  @usableFromInline
  mutating func set(at index: Int, text: String) {
    guard var input = fields[index].content.input else { return }
    input.set(text)
    fields[index].content.input = input
  }

  /// Moves the focus to `spot`; the spot it leaves counts as touched.
  @usableFromInline
  mutating func move(to spot: FormSpot) {
    guard spot != focus, order.contains(spot) else { return }
    if !touched.contains(focus) { touched.insert(focus) }
    focus = spot
  }

  /// Keeps `found` as the problems.
  @usableFromInline
  mutating func validate(_ found: [FormSpot: String]) {
    // Assigned only when different: the storage stays the one the last frame's form shares,
    // so comparing the two stays cheap.
    if found != problems { problems = found }
  }

  /// The form's reducer (``Form/apply(_:rules:)``), `rules` finding the problems by spot.
  @usableFromInline
  mutating func apply(_ intent: FormIntent, rules: (FormCore) -> [FormSpot: String]) -> FormOutcome {
    guard !isBusy else { return .none }
    notice = nil
    switch intent {
    case .next: step(1)
    case .previous: step(-1)
    case .enter:
      // Down the fields, and submits from the last one or the button.
      let order = order
      if focus != .submit, let position = order.firstIndex(of: focus), position < order.count - 2 {
        step(1)
        return .none
      }
      return submit(rules)
    case .submit: return submit(rules)
    case .edit(let edit):
      if editFocusedArea(rules, { $0.apply(edit) }) { break }
      editFocused(rules) { $0.apply(edit) }
    case .newLine:
      editFocusedArea(rules) { $0.edited(Self.inserting("\n", into: $0.input)) }
    case .lineUp, .lineDown:
      var moved = false
      editFocusedArea(rules) { moved = $0.moveLine(by: intent == .lineUp ? -1 : 1) }
      if !moved { step(intent == .lineUp ? -1 : 1) }
    case .paste(let text):
      var dropped = 0
      editFocused(rules) { dropped = $0.insert(text) }
      if dropped > 0, let input = focusedInput { notice = "The paste was cut to \(input.maxLength) characters" }
    case .choose(let offset):
      guard case .field(let index) = focus, case .choice(let options, let selected) = fields[index].content,
        !options.isEmpty
      else { return .none }
      fields[index].content = .choice(
        options, selected: (selected + offset % options.count + options.count) % options.count)
      changed(rules)
    case .focus(let position, let row, let column):
      let order = order
      guard order.indices.contains(position) else { return .none }
      if order[position] == .submit { return submit(rules) }
      move(to: order[position])
      if case .field(let index) = focus, case .multiline(var area) = fields[index].content {
        area.placeCursor(atRow: row ?? 0, column: column)
        fields[index].content = .multiline(area)
      } else if var input = focusedInput {
        input.placeCursor(atColumn: column, masked: focusedField.map { fields[$0].content.isSecret } ?? false)
        focusedInput = input
      }
    case .clear:
      for index in fields.indices { fields[index].content.clear() }
      touched = []
      submitTried = false
      focus = order[0]
      changed(rules)
    case .addEntry:
      editEntries(rules) { entries, index in
        entries.insert(FormEntry(), at: index + 1)
        return (index + 1, { $0 > index ? $0 + 1 : $0 })
      }
    case .removeEntry:
      editEntries(rules) { entries, index in
        entries.remove(at: index)
        guard !entries.isEmpty else {
          entries = [FormEntry()]
          return (0, { _ in nil })
        }
        return (min(index, entries.count - 1), { $0 == index ? nil : $0 > index ? $0 - 1 : $0 })
      }
    case .moveEntry(let offset):
      editEntries(rules, keepingPart: true) { entries, index in
        let target = min(max(0, index + offset), entries.count - 1)
        entries.swapAt(index, target)
        return (target, { $0 == index ? target : $0 == target ? index : $0 })
      }
    case .togglePreferred:
      editEntries(rules, keepingPart: true) { entries, index in
        let was = entries[index].isPreferred
        for position in entries.indices { entries[position].isPreferred = position == index && !was }
        return (index, { $0 })
      }
    }
    return .none
  }

  @usableFromInline
  mutating func finish(error: String?) {
    isBusy = false
    tick = 0
    serverError = error
  }

  private mutating func submit(_ rules: (FormCore) -> [FormSpot: String]) -> FormOutcome {
    validate(rules(self))
    guard isValid else {
      // Every problem at once, the focus on the first, rather than a button that does nothing.
      submitTried = true
      if let first = order.first(where: { problems[$0] != nil }) { focus = first }
      return .none
    }
    isBusy = true
    tick = 0
    serverError = nil
    return .submit
  }

  private mutating func step(_ direction: Int) {
    let order = order
    guard let position = order.firstIndex(of: focus) else { return }
    move(to: order[(position + direction + order.count) % order.count])
  }

  /// The text input the focus is in, if it is in one.
  @usableFromInline
  var focusedInput: TextInput? {
    get {
      guard let field = focusedField else { return nil }
      switch (focus, fields[field].content) {
      case (.entry(_, let entry), .list(let entries)): return entries[entry].value
      case (.entryType(_, let entry), .list(let entries)): return entries[entry].type
      default: return fields[field].content.input
      }
    }
    set {
      guard let field = focusedField, let newValue else { return }
      switch (focus, fields[field].content) {
      case (.entry(_, let entry), .list(var entries)):
        entries[entry].value = newValue
        fields[field].content = .list(entries)
      case (.entryType(_, let entry), .list(var entries)):
        entries[entry].type = newValue
        fields[field].content = .list(entries)
      default: fields[field].content.input = newValue
      }
    }
  }

  private static func inserting(_ text: String, into input: TextInput) -> TextInput {
    var input = input
    input.insert(text)
    return input
  }

  /// Changes the text area the focus is in; false when it is not in one.
  @discardableResult
  private mutating func editFocusedArea(
    _ rules: (FormCore) -> [FormSpot: String], _ edit: (inout TextArea) -> Void
  ) -> Bool {
    guard case .field(let index) = focus, case .multiline(var area) = fields[index].content else { return false }
    let before = area
    edit(&area)
    guard area != before else { return true }
    fields[index].content = .multiline(area)
    if area.text != before.text { changed(rules) }
    return true
  }

  private mutating func editFocused(_ rules: (FormCore) -> [FormSpot: String], _ edit: (inout TextInput) -> Void) {
    guard var input = focusedInput else { return }
    let before = input
    edit(&input)
    guard input != before else { return }
    focusedInput = input
    changed(rules)
  }

  /// After an edit: the server's error is of the last submit, and the problems are found again.
  private mutating func changed(_ rules: (FormCore) -> [FormSpot: String]) {
    if serverError != nil { serverError = nil }
    validate(rules(self))
  }

  /// Changes the entries of the list the focus is in; `edit` returns the entry to focus and
  /// where each entry went (nil: gone), so that the touched marks (the problems shown) go with
  /// their entries. The focus goes to that entry's value, or, `keepingPart`, to the part it was
  /// in (moving an entry or marking it from its type leaves the cursor in the type).
  private mutating func editEntries(
    _ rules: (FormCore) -> [FormSpot: String], keepingPart: Bool = false,
    _ edit: (inout [FormEntry], Int) -> (focus: Int, moved: (Int) -> Int?)
  ) {
    guard let field = focusedField, case .list(var entries) = fields[field].content else { return }
    let entry: Int
    let inType: Bool
    switch focus {
    case .entry(_, let index): (entry, inType) = (index, false)
    case .entryType(_, let index): (entry, inType) = (index, true)
    default: return
    }
    let (focused, moved) = edit(&entries, entry)
    fields[field].content = .list(entries)
    touched = Set(
      touched.compactMap { spot in
        switch spot {
        case .entry(field, let index): moved(index).map { .entry(field, $0) }
        case .entryType(field, let index): moved(index).map { .entryType(field, $0) }
        default: spot
        }
      })
    focus = keepingPart && inType ? .entryType(field, focused) : .entry(field, focused)
    changed(rules)
  }
}

/// A ``FormPlace`` by position: the field's index in the form rather than its id.
@usableFromInline
enum FormSpot: Hashable, Sendable {
  case field(Int)
  case entry(Int, Int)
  case entryType(Int, Int)
  case submit
}

extension FormCore.Field: CustomReflectable {
  /// The field's parts as its own, as they were before they moved out of line.
  @usableFromInline var customMirror: Mirror {
    Mirror(self, children: ["label": label, "content": content, "placeholder": placeholder])
  }
}

/// A ``FormCore`` out of line, shared by copies of a ``Form`` until one of them is written
/// (copy on write: `Form.core`). Its core is written only through that, and only while no other
/// form holds it, so neither overlapping accesses (not checked at run time) nor threads can meet
/// in it.
@usableFromInline
final class FormStorage: Hashable, @unchecked Sendable, CustomReflectable {
  @exclusivity(unchecked) @usableFromInline var core: FormCore

  @usableFromInline
  init(_ core: FormCore) { self.core = core }

  /// Two forms that share their storage are equal without looking inside.
  @inlinable
  static func == (lhs: FormStorage, rhs: FormStorage) -> Bool { lhs === rhs || lhs.core == rhs.core }

  @inlinable
  func hash(into hasher: inout Hasher) { hasher.combine(core) }

  /// The core's own mirror: dumps show the form, not its box.
  @usableFromInline var customMirror: Mirror { Mirror(reflecting: core) }
}
