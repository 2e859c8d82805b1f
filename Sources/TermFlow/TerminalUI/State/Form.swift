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
  /// The form by position, out of line (copied on write): what it holds and does (see
  /// ``FormCore``). A form is copied far more often than it is written (each condition of a
  /// screen's keys reads it out of the view model, the help bar asks them all at every frame),
  /// and inline each copy is a copy of every array and string in it.
  @usableFromInline var storage: FormStorage
  /// Each field's id, in the order of `core.fields`.
  @usableFromInline var ids: [Field]

  /// The form by position.
  @inlinable var core: FormCore {
    _read { yield storage.core }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = FormStorage(storage.core) }
      yield &storage.core
    }
  }

  /// A form of `fields`, the focus on `focus` or the first place.
  @inlinable
  public init(_ fields: [FormField<Field>], focus: FormPlace<Field>? = nil) {
    let ids = fields.map(\.id)
    self.ids = ids
    storage = FormStorage(FormCore(fields.map(Self.body), focus: focus.flatMap { Self.spot($0, ids: ids) }))
  }

  @inlinable
  init(core: FormCore, ids: [Field]) {
    storage = FormStorage(core)
    self.ids = ids
  }

  /// The fields, in order.
  @inlinable
  public var fields: [FormField<Field>] {
    get {
      ids.indices.map {
        FormField(ids[$0], core.fields[$0].label, core.fields[$0].content, placeholder: core.fields[$0].placeholder)
      }
    }
    set {
      ids = newValue.map(\.id)
      core.fields = newValue.map(Self.body)
    }
  }

  /// Sets the words an empty field `id` shows (a suggestion that came later).
  @inlinable
  public mutating func setPlaceholder(_ placeholder: String, of id: Field) {
    guard let index = index(of: id) else { return }
    core.fields[index].placeholder = placeholder
  }

  /// Sets what field `id` holds (a secret's mask drawn anew).
  @inlinable
  public mutating func setContent(_ content: FormContent, of id: Field) {
    guard let index = index(of: id) else { return }
    core.fields[index].content = content
  }

  /// What field `id` holds.
  @inlinable
  public func content(of id: Field) -> FormContent? { index(of: id).map { core.fields[$0].content } }

  /// The fields' ids, in order: for going over the fields at every key (``fields`` makes each
  /// field anew; this makes nothing).
  @inlinable
  public var fieldIDs: [Field] { ids }

  /// What the field at `index` of ``fieldIDs`` holds.
  @inlinable
  public func content(at index: Int) -> FormContent { core.fields[index].content }

  /// Where the keyboard is: a field, an entry of a list, or the submit button.
  @inlinable
  public var focus: FormPlace<Field> { place(core.focus) }

  /// The places the focus left: their problems show.
  @inlinable
  public var touched: Set<FormPlace<Field>> {
    get { Set(core.touched.map(place)) }
    set { core.touched = Set(newValue.compactMap(spot)) }
  }

  /// Whether a submit was tried: every problem shows.
  @inlinable
  public var submitTried: Bool {
    get { core.submitTried }
    set { core.submitTried = newValue }
  }

  /// Each place's problem, as the app's rules last found them (``validate(_:)``); empty when
  /// the form may be submitted.
  @inlinable
  public var problems: [FormPlace<Field>: String] {
    Dictionary(uniqueKeysWithValues: core.problems.map { (place($0.key), $0.value) })
  }

  /// Why the last submit failed, in the server's words: shown over the button until the next edit.
  @inlinable
  public var serverError: String? {
    get { core.serverError }
    set { core.serverError = newValue }
  }

  /// A note about the last intent (a paste cut to fit); cleared by the next one.
  @inlinable
  public var notice: String? {
    get { core.notice }
    set { core.notice = newValue }
  }

  /// Whether a submit is running: the fields take nothing, the button is a spinner.
  @inlinable
  public var isBusy: Bool {
    get { core.isBusy }
    set { core.isBusy = newValue }
  }

  /// The spinner's frame while busy.
  @inlinable
  public var tick: Int {
    get { core.tick }
    set { core.tick = newValue }
  }

  /// Every place the focus can be, in order: each field (a list's entries, value then type),
  /// then the button.
  @inlinable
  public var order: [FormPlace<Field>] { core.order.map(place) }

  /// Whether the rules found nothing wrong.
  @inlinable
  public var isValid: Bool { core.isValid }
  /// Whether the button submits: valid, and not already submitting.
  @inlinable
  public var canSubmit: Bool { core.canSubmit }

  /// The problem shown at `place`: once the focus left it or a submit was tried.
  @inlinable
  public func shownProblem(at place: FormPlace<Field>) -> String? {
    spot(place).flatMap(core.shownProblem(at:))
  }

  /// Where `id` is in ``fields``.
  @inlinable
  public func index(of id: Field) -> Int? { ids.firstIndex(of: id) }

  /// The text of field `id` (empty for a choice or a list).
  @inlinable
  public func text(_ id: Field) -> String { index(of: id).map(core.text(at:)) ?? "" }

  /// The chosen option of field `id` (0 for any other kind of field).
  @inlinable
  public func choice(_ id: Field) -> Int { index(of: id).map(core.choice(at:)) ?? 0 }

  /// The entries of list `id`.
  @inlinable
  public func entries(_ id: Field) -> [FormEntry] { index(of: id).map(core.entries(at:)) ?? [] }

  /// The text area the focus is in, if it is in one (its keys differ: Enter breaks the line,
  /// ↑/↓ move in it).
  @inlinable
  public var focusedTextArea: TextArea? { core.focusedTextArea }

  /// The text input the focus is in, if it is in one.
  @inlinable
  var focusedInput: TextInput? { core.focusedInput }

  /// Whether the focus is in text (a field, a text area, a list entry's value or type): what
  /// key conditions ask at every key, answered without copying the field's text out.
  @inlinable
  public var isFocusInText: Bool { core.isFocusInText }

  /// Whether the focus is in a text area (``focusedTextArea`` is not nil), answered as
  /// ``isFocusInText`` is.
  @inlinable
  public var isFocusInTextArea: Bool { core.isFocusInTextArea }

  /// Tells text area `id` the columns it is drawn in (its lines wrap there for ↑/↓: see
  /// ``FormView/inputColumns(inWidth:)``) and, if given, how many rows it shows.
  @inlinable
  public mutating func fitTextArea(_ id: Field, columns: Int?, rows: Int? = nil) {
    guard let index = index(of: id) else { return }
    core.fitTextArea(at: index, columns: columns, rows: rows)
  }

  /// Replaces field `id`'s text, cursor at the end.
  @inlinable
  public mutating func set(_ id: Field, text: String) {
    guard let index = index(of: id) else { return }
    core.set(at: index, text: text)
  }

  /// Moves the focus to `place`; the place it leaves counts as touched.
  @inlinable
  public mutating func move(to place: FormPlace<Field>) {
    guard let spot = spot(place) else { return }
    core.move(to: spot)
  }

  /// Finds the problems again by `rules`: after any change the reducer did not make.
  @inlinable
  public mutating func validate(_ rules: FormRules<Field>) {
    core.validate(spots(rules(self)))
  }

  /// The form's reducer: makes `intent` and finds the problems again by `rules`. Returns
  /// ``FormOutcome/submit`` when a submit should start (the form is then busy until the app
  /// calls ``finish(error:)``). Takes nothing while busy.
  @inlinable
  @discardableResult
  public mutating func apply(_ intent: FormIntent, rules: FormRules<Field>) -> FormOutcome {
    let ids = ids
    return core.apply(intent) { core in Self.spots(rules(Form(core: core, ids: ids)), ids: ids) }
  }

  /// Ends the submit ``apply(_:rules:)`` started: `error` (the server's words) shows over the
  /// button; nil when it succeeded.
  @inlinable
  public mutating func finish(error: String?) { core.finish(error: error) }

  /// The place `spot` names.
  @inlinable
  func place(_ spot: FormSpot) -> FormPlace<Field> {
    switch spot {
    case .field(let index): .field(ids[index])
    case .entry(let index, let entry): .entry(ids[index], entry)
    case .entryType(let index, let entry): .entryType(ids[index], entry)
    case .submit: .submit
    }
  }

  /// The spot of `place`; nil when its field is not in the form.
  @inlinable
  func spot(_ place: FormPlace<Field>) -> FormSpot? { Self.spot(place, ids: ids) }

  @inlinable
  static func spot(_ place: FormPlace<Field>, ids: [Field]) -> FormSpot? {
    switch place {
    case .field(let id): ids.firstIndex(of: id).map { .field($0) }
    case .entry(let id, let entry): ids.firstIndex(of: id).map { .entry($0, entry) }
    case .entryType(let id, let entry): ids.firstIndex(of: id).map { .entryType($0, entry) }
    case .submit: .submit
    }
  }

  @inlinable
  func spots(_ problems: [FormPlace<Field>: String]) -> [FormSpot: String] { Self.spots(problems, ids: ids) }

  /// The rules' problems by spot (a place whose field is not in the form has none).
  @inlinable
  static func spots(_ problems: [FormPlace<Field>: String], ids: [Field]) -> [FormSpot: String] {
    guard !problems.isEmpty else { return [:] }
    var spots = [FormSpot: String](minimumCapacity: problems.count)
    for (place, problem) in problems {
      if let spot = spot(place, ids: ids) { spots[spot] = problem }
    }
    return spots
  }

  @inlinable
  static func body(_ field: FormField<Field>) -> FormCore.Field {
    FormCore.Field(label: field.label, content: field.content, placeholder: field.placeholder)
  }
}

/// How an app finds a form's problems: each place's, in words (an empty dictionary when the
/// form may be submitted). Pure and cheap: it runs after every edit.
extension Form: CustomReflectable {
  /// The form as it reads in a state dump or a test's diff: its core and its ids, as before the
  /// core moved out of line (a recorded session's final state is compared by its dump).
  public var customMirror: Mirror { Mirror(self, children: ["core": core, "ids": ids]) }
}

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

  // Written out and inlinable, not derived: a derived `==` is compiled here alone, for any
  // field type, and an app comparing places at every key (`form.focus == .field(.password)`)
  // would have the runtime look its type up each time.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.field(let a), .field(let b)): a == b
    case (.entry(let a, let i), .entry(let b, let j)), (.entryType(let a, let i), .entryType(let b, let j)):
      a == b && i == j
    case (.submit, .submit): true
    default: false
    }
  }

  @inlinable
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .field(let field):
      hasher.combine(0)
      hasher.combine(field)
    case .entry(let field, let entry):
      hasher.combine(1)
      hasher.combine(field)
      hasher.combine(entry)
    case .entryType(let field, let entry):
      hasher.combine(2)
      hasher.combine(field)
      hasher.combine(entry)
    case .submit: hasher.combine(3)
    }
  }
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
  /// `column` (of a text area, to `column` of its `row`th line in view; nil as 0, and in a
  /// session recorded before clicks had a row); on the button, a submit.
  case focus(index: Int, row: Int? = nil, column: Int)
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

  /// What decides the rows a field takes: its kind, and a list's entries or a text area's
  /// rows. Compared at every key, without copying what the fields hold.
  var shape: FormContentShape {
    switch self {
    case .text: .text
    case .secret: .secret
    case .choice: .choice
    case .list(let entries): .list(entries.count)
    case .multiline(let area): .multiline(area.rows)
    }
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

/// A field's kind and size as ``FormView`` lays it out (``FormContent/shape``).
enum FormContentShape: Equatable {
  case text, secret, choice
  case list(Int)
  case multiline(Int)
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
