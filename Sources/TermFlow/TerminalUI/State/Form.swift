/// A form as a value in app state: its fields, where the keyboard is, which places were left
/// (only those show their problems, until a submit is tried), each place's problem as the app's
/// rules found it, the server's error and whether a submit is running.
///
/// Its reducer is ``apply(_:rules:)``, driven by meanings (``FormIntent``: next field, an edit,
/// a paste, submit…), never by keys: the screen's key map makes the meanings
/// (``KeyBinding/form(_:control:next:sends:)``), so a user's own keys work as the declared ones do. It
/// is drawn by ``FormView``, which redraws only what an intent changed.
///
/// ```swift
/// enum Field: Hashable, Sendable { case name, email }
///
/// var form = Form<Field>([
///   FormField(.name, "Name", .text(TextInput())),
///   FormField(.email, "Email", .text(TextInput()), placeholder: "you@example.com"),
/// ])
/// let rules: FormRules<Field> = { form in
///   form.text(.email).contains("@") ? [:] : [.field(.email): "Enter an email address"]
/// }
/// if form.apply(.submit, rules: rules) == .submit { /* start the request */ }
/// ```
public struct Form<Field: Hashable & Sendable>: Hashable, Sendable {
  public var fields: [FormField<Field>]
  /// Where the keyboard is: a field, an entry of a list, or the submit button.
  public private(set) var focus: FormPlace<Field>
  /// The places the focus left: their problems show.
  public var touched: Set<FormPlace<Field>> = []
  /// Whether a submit was tried: every problem shows.
  public var submitTried = false
  /// Each place's problem, as the app's rules last found them (``validate(_:)``); empty when
  /// the form may be submitted.
  public private(set) var problems: [FormPlace<Field>: String] = [:]
  /// Why the last submit failed, in the server's words: shown over the button until the next edit.
  public var serverError: String?
  /// A note about the last intent (a paste cut to fit); cleared by the next one.
  public var notice: String?
  /// Whether a submit is running: the fields take nothing, the button is a spinner.
  public var isBusy = false
  /// The spinner's frame while busy.
  public var tick = 0

  /// A form of `fields`, the focus on `focus` or the first place.
  public init(_ fields: [FormField<Field>], focus: FormPlace<Field>? = nil) {
    self.fields = fields
    self.focus = .submit
    let order = self.order
    self.focus = focus.flatMap { order.contains($0) ? $0 : nil } ?? order[0]
  }

  /// Every place the focus can be, in order: each field (a list's entries, value then type),
  /// then the button.
  public var order: [FormPlace<Field>] {
    var order: [FormPlace<Field>] = []
    for field in fields {
      if case .list(let entries) = field.content {
        for index in entries.indices { order += [.entry(field.id, index), .entryType(field.id, index)] }
      } else {
        order.append(.field(field.id))
      }
    }
    return order + [.submit]
  }

  /// Whether the rules found nothing wrong.
  public var isValid: Bool { problems.isEmpty }
  /// Whether the button submits: valid, and not already submitting.
  public var canSubmit: Bool { isValid && !isBusy }

  /// The problem shown at `place`: once the focus left it or a submit was tried.
  public func shownProblem(at place: FormPlace<Field>) -> String? {
    guard !problems.isEmpty, submitTried || touched.contains(place) else { return nil }
    return problems[place]
  }

  /// Where `id` is in ``fields``.
  public func index(of id: Field) -> Int? { fields.firstIndex { $0.id == id } }

  /// The text of field `id` (empty for a choice or a list).
  public func text(_ id: Field) -> String { index(of: id).flatMap { fields[$0].content.input?.text } ?? "" }

  /// The chosen option of field `id` (0 for any other kind of field).
  public func choice(_ id: Field) -> Int {
    guard let index = index(of: id), case .choice(_, let selected) = fields[index].content else { return 0 }
    return selected
  }

  /// The entries of list `id`.
  public func entries(_ id: Field) -> [FormEntry] {
    guard let index = index(of: id), case .list(let entries) = fields[index].content else { return [] }
    return entries
  }

  /// The text area the focus is in, if it is in one (its keys differ: Enter breaks the line,
  /// ↑/↓ move in it).
  public var focusedTextArea: TextArea? {
    guard case .field(let id) = focus, let index = index(of: id), case .multiline(let area) = fields[index].content
    else { return nil }
    return area
  }

  /// Tells text area `id` the columns it is drawn in (its lines wrap there for ↑/↓: see
  /// ``FormView/inputColumns(inWidth:)``) and, if given, how many rows it shows.
  public mutating func fitTextArea(_ id: Field, columns: Int?, rows: Int? = nil) {
    guard let index = index(of: id), case .multiline(var area) = fields[index].content else { return }
    area.wrap(at: columns)
    if let rows, rows != area.rows {
      area.rows = max(1, rows)
      area.wrap(at: nil)
      area.wrap(at: columns)
    }
    fields[index].content = .multiline(area)
  }

  /// Replaces field `id`'s text, cursor at the end.
  public mutating func set(_ id: Field, text: String) {
    guard let index = index(of: id), var input = fields[index].content.input else { return }
    input.set(text)
    fields[index].content.input = input
  }

  /// Moves the focus to `place`; the place it leaves counts as touched.
  public mutating func move(to place: FormPlace<Field>) {
    guard place != focus, order.contains(place) else { return }
    if !touched.contains(focus) { touched.insert(focus) }
    focus = place
  }

  /// Finds the problems again by `rules`: after any change the reducer did not make.
  public mutating func validate(_ rules: FormRules<Field>) {
    let found = rules(self)
    // Assigned only when different: the storage stays the one the last frame's form shares,
    // so comparing the two stays cheap.
    if found != problems { problems = found }
  }

  /// The form's reducer: makes `intent` and finds the problems again by `rules`. Returns
  /// ``FormOutcome/submit`` when a submit should start (the form is then busy until the app
  /// calls ``finish(error:)``). Takes nothing while busy.
  @discardableResult
  public mutating func apply(_ intent: FormIntent, rules: FormRules<Field>) -> FormOutcome {
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
      guard case .field(let id) = focus, let index = index(of: id),
        case .choice(let options, let selected) = fields[index].content, !options.isEmpty
      else { return .none }
      fields[index].content = .choice(
        options, selected: (selected + offset % options.count + options.count) % options.count)
      changed(rules)
    case .focus(let position, let column):
      let order = order
      guard order.indices.contains(position) else { return .none }
      if order[position] == .submit { return submit(rules) }
      move(to: order[position])
      // A click on a text area focuses it, its cursor where it was: the click's row is not known.
      if focusedTextArea == nil, var input = focusedInput {
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

  /// Ends the submit ``apply(_:rules:)`` started: `error` (the server's words) shows over the
  /// button; nil when it succeeded.
  public mutating func finish(error: String?) {
    isBusy = false
    tick = 0
    serverError = error
  }

  private mutating func submit(_ rules: FormRules<Field>) -> FormOutcome {
    validate(rules)
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

  /// The field the focus is in.
  private var focusedField: Int? {
    switch focus {
    case .field(let id), .entry(let id, _), .entryType(let id, _): index(of: id)
    case .submit: nil
    }
  }

  /// The text input the focus is in, if it is in one.
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
  private mutating func editFocusedArea(_ rules: FormRules<Field>, _ edit: (inout TextArea) -> Void) -> Bool {
    guard case .field(let id) = focus, let index = index(of: id), case .multiline(var area) = fields[index].content
    else { return false }
    let before = area
    edit(&area)
    guard area != before else { return true }
    fields[index].content = .multiline(area)
    if area.text != before.text { changed(rules) }
    return true
  }

  private mutating func editFocused(_ rules: FormRules<Field>, _ edit: (inout TextInput) -> Void) {
    guard var input = focusedInput else { return }
    let before = input
    edit(&input)
    guard input != before else { return }
    focusedInput = input
    changed(rules)
  }

  /// After an edit: the server's error is of the last submit, and the problems are found again.
  private mutating func changed(_ rules: FormRules<Field>) {
    if serverError != nil { serverError = nil }
    validate(rules)
  }

  /// Changes the entries of the list the focus is in; `edit` returns the entry to focus and
  /// where each entry went (nil: gone), so that the touched marks (the problems shown) go with
  /// their entries. The focus goes to that entry's value, or, `keepingPart`, to the part it was
  /// in (moving an entry or marking it from its type leaves the cursor in the type).
  private mutating func editEntries(
    _ rules: FormRules<Field>, keepingPart: Bool = false,
    _ edit: (inout [FormEntry], Int) -> (focus: Int, moved: (Int) -> Int?)
  ) {
    guard let field = focusedField, case .list(var entries) = fields[field].content else { return }
    let id = fields[field].id
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
      touched.compactMap { place in
        switch place {
        case .entry(id, let index): moved(index).map { .entry(id, $0) }
        case .entryType(id, let index): moved(index).map { .entryType(id, $0) }
        default: place
        }
      })
    focus = keepingPart && inType ? .entryType(id, focused) : .entry(id, focused)
    changed(rules)
  }
}

/// How an app finds a form's problems: each place's, in words (an empty dictionary when the
/// form may be submitted). Pure and cheap: it runs after every edit.
public typealias FormRules<Field: Hashable & Sendable> = @Sendable (Form<Field>) -> [FormPlace<Field>: String]

/// What ``Form/apply(_:rules:)`` asks of the app.
public enum FormOutcome: Hashable, Sendable {
  case none
  /// Start the submit: the form is valid and now busy.
  case submit
}

/// Where a form's focus can be and its problems are: a field, a list's entry (its value or its
/// type), or the submit button.
public enum FormPlace<Field: Hashable & Sendable>: Hashable, Sendable {
  case field(Field)
  case entry(Field, Int)
  case entryType(Field, Int)
  case submit
}

/// What a key or a click means to a form: what its key map sends and its reducer makes.
public enum FormIntent: Hashable, Sendable, Codable {
  case next, previous
  /// An edit of the focused text.
  case edit(TextInput.Edit)
  case paste(String)
  /// The next field, or a submit from the last field and from the button (Enter).
  case enter
  /// A line break at the cursor of the focused text area (Enter there).
  case newLine
  /// The cursor a line up or down in the focused text area (as drawn, wrapped); from its first
  /// or last line, and in any other field, the field before or after.
  case lineUp, lineDown
  case submit
  /// The form as it began: every field empty, nothing touched.
  case clear
  /// A click on the place at `index` of the focus order: the focus goes there, the cursor to
  /// `column`; on the button, a submit.
  case focus(index: Int, column: Int)
  /// Another option of the focused choice, `by` steps on.
  case choose(by: Int)
  /// An empty entry after the focused one of a list.
  case addEntry
  case removeEntry
  /// The focused entry `by` places up (negative) or down its list.
  case moveEntry(by: Int)
  /// The focused entry as its list's preferred one, or none when it was.
  case togglePreferred
}

/// One field of a form: what it is called, what it holds, and what it says when empty.
public struct FormField<Field: Hashable & Sendable>: Hashable, Sendable {
  public let id: Field
  public var label: String
  public var content: FormContent
  /// What an empty field shows (for a list, its entries' values).
  public var placeholder: String

  public init(_ id: Field, _ label: String, _ content: FormContent, placeholder: String = "") {
    self.id = id
    self.label = label
    self.content = content
    self.placeholder = placeholder
  }
}

/// What a form's field holds.
public enum FormContent: Hashable, Sendable, CustomReflectable {
  /// A line of text.
  case text(TextInput)
  /// A line of text drawn as dots, and never described (logs, state dumps, test output).
  case secret(TextInput)
  /// Lines of text (a note), wrapped at the field's width, in a field of several rows.
  case multiline(TextArea)
  /// One of `options`; ←/→ (``FormIntent/choose(by:)``) change it.
  case choice([String], selected: Int)
  /// Values with a type each (a contact's emails and phones): added, removed, moved; never
  /// empty, so that it can always be reached.
  case list([FormEntry])

  /// The text input, for a text, a secret or a text area (whose lines it keeps).
  public var input: TextInput? {
    get {
      switch self {
      case .text(let input), .secret(let input): input
      case .multiline(let area): area.input
      case .choice, .list: nil
      }
    }
    set {
      guard let newValue else { return }
      switch self {
      case .text: self = .text(newValue)
      case .secret: self = .secret(newValue)
      case .multiline(var area):
        area.edited(newValue)
        self = .multiline(area)
      case .choice, .list: break
      }
    }
  }

  public var isSecret: Bool {
    if case .secret = self { true } else { false }
  }

  mutating func clear() {
    switch self {
    case .text(var input), .secret(var input):
      input.set("")
      self.input = input
    case .multiline(var area):
      area.set("")
      self = .multiline(area)
    case .choice(let options, _): self = .choice(options, selected: 0)
    case .list: self = .list([FormEntry()])
    }
  }

  /// A secret's text is left out of every description.
  public var customMirror: Mirror {
    switch self {
    case .secret: Mirror(self, children: ["secret": "<redacted>"], displayStyle: .enum)
    case .text(let input): Mirror(self, children: ["text": input], displayStyle: .enum)
    case .multiline(let area): Mirror(self, children: ["multiline": area.input], displayStyle: .enum)
    case .choice(let options, let selected):
      Mirror(self, children: ["choice": (options, selected: selected)], displayStyle: .enum)
    case .list(let entries): Mirror(self, children: ["list": entries], displayStyle: .enum)
    }
  }
}

/// One entry of a list field: its value, its type as typed ("work, fax"), whether it is the
/// preferred one, and which of the app's entries it was made from (nil for a new one).
public struct FormEntry: Hashable, Sendable {
  public var value: TextInput
  public var type: TextInput
  public var isPreferred: Bool
  public var origin: Int?

  public init(
    _ value: String = "", type: String = "", isPreferred: Bool = false, origin: Int? = nil, maxLength: Int = 500
  ) {
    self.value = TextInput(value, maxLength: maxLength)
    self.type = TextInput(type, maxLength: 100)
    self.isPreferred = isPreferred
    self.origin = origin
  }
}
