import TerminalUI
import Testing

/// A user's own keys for a key map's bindings: names, checks, what the new keys do, and what the
/// help bar shows.
struct KeyRebindingTests {
  enum Intent: Equatable, Sendable { case up, down, open, delete, quit, search }
  struct Context: Sendable { var isSearching = false }

  let map = KeyMap<Context, Intent>([
    KeyBinding([.up, .down], "Move", shownAs: "↑↓") { key, _ in key == .up ? .up : .down },
    KeyBinding(.enter, "Open", .open, when: { !$0.isSearching }),
    KeyBinding(.enter, "Done", .search, named: "finish-search", when: \.isSearching),
    KeyBinding([.character("d"), .delete], "Delete", .delete, shownAs: "d"),
    KeyBinding(.character("q"), "Quit now", .quit),
  ])

  @Test func bindingsAreNamedByTheirLabelsUnlessNamed() {
    #expect(map.namedKeys.map(\.name) == ["move", "open", "finish-search", "delete", "quit-now"])
    #expect(map.namedKeys[0].keys == [.up, .down])
  }

  @Test func newKeysReplaceTheOldOnesAndDoWhatTheyDid() {
    let rebound = map.rebinding([
      "move": [.character("w"), .character("s")], "quit-now": [.ctrl("q"), .character("x")],
    ])
    #expect(rebound.intent(for: .key(.character("w")), in: Context()) == .up)
    #expect(rebound.intent(for: .key(.character("s")), in: Context()) == .down)
    #expect(rebound.intent(for: .key(.up), in: Context()) == nil, "the old keys are gone")
    #expect(rebound.intent(for: .key(.ctrl("q")), in: Context()) == .quit)
    #expect(rebound.intent(for: .key(.character("x")), in: Context()) == .quit)
    #expect(rebound.intent(for: .key(.character("q")), in: Context()) == nil)
    #expect(rebound.intent(for: .key(.enter), in: Context()) == .open, "the others are untouched")
  }

  @Test func theHelpBarShowsTheNewKeysInTheShapeItShowedTheOldOnes() {
    let rebound = map.rebinding([
      "move": [.character("w"), .character("s")], "delete": [.character("x"), .backspace],
      "quit-now": [.ctrl("q"), .character("x")],
    ])
    #expect(
      rebound.helpItems(in: Context()).map { [$0.key, $0.label] } == [
        ["ws", "Move"], ["Enter", "Open"], ["x", "Delete"], ["Ctrl-Q/x", "Quit now"],
      ])
    // A click on an entry presses the user's key.
    #expect(rebound.helpItems(in: Context())[2].presses.map(\.key) == [.character("x")])
  }

  @Test func problemsAreNamed() {
    #expect(map.problems(rebinding: ["move": [.character("w"), .character("s")]]).isEmpty)
    #expect(
      map.problems(rebinding: ["mvoe": [.character("w")]]) == [
        .unknownBinding("mvoe", known: ["move", "open", "finish-search", "delete", "quit-now"])
      ])
    #expect(map.problems(rebinding: ["open": []]) == [.noKeys(binding: "open")])
    #expect(
      map.problems(rebinding: ["move": [.character("w")]]) == [
        .wrongNumberOfKeys(binding: "move", given: 1, declared: [.up, .down])
      ], "a binding that reads its key takes one new key for each")
    #expect(map.problems(rebinding: ["delete": [.character("x")]]).isEmpty, "one that does not takes any number")
    #expect(
      map.problems(rebinding: ["quit-now": [.character("d")]]) == [
        .clash(.character("d"), bindings: ["delete", "quit-now"])
      ])
    #expect(
      map.problems(rebinding: ["open": [.character("o")], "quit-now": [.character("o")]]) == [
        .clash(.character("o"), bindings: ["open", "quit-now"])
      ])
  }

  /// A form: a field with the focus takes printable keys and its editing keys first.
  let form = KeyMap<Context, Intent>([
    .typing(except: [.home], when: { _ in true }, key: { _ in .search }, paste: { _ in .search }),
    KeyBinding(.escape, "Cancel", .quit),
    KeyBinding([.up, .down], "Move", shownAs: "↑↓") { key, _ in key == .up ? .up : .down },
    KeyBinding(.character("d"), "Delete", .delete),
    KeyBinding(.ctrl("c"), "Quit", .quit),
  ])

  @Test func aKeyTheFocusedFieldTakesIsAClash() {
    #expect(
      form.problems(rebinding: ["cancel": [.character("x")]]) == [
        .takenByTextField(.character("x"), binding: "cancel")
      ],
      "Cancel works while the field has the focus: x would be typed")
    #expect(
      form.problems(rebinding: ["move": [.backspace, .right]]) == [
        .takenByTextField(.backspace, binding: "move"), .takenByTextField(.right, binding: "move"),
      ])
    #expect(form.problems(rebinding: ["cancel": [.ctrl("g")]]).isEmpty, "Ctrl-G edits nothing")
    #expect(form.problems(rebinding: ["cancel": [.home]]).isEmpty, "the field leaves Home to the map")
    #expect(
      form.problems(rebinding: ["delete": [.character("x")]]).isEmpty,
      "Delete's own key is one the field takes: it works only without the field, where x is free")
    #expect(
      KeyRebindingProblem.takenByTextField(.character("x"), binding: "cancel").description
        == "x would be bound to both “cancel” and the text field, which takes it first (it types or edits with it) "
        + "whenever it has the focus; give “cancel” a key with Ctrl or Alt, or a function key")
  }

  @Test func ctrlCAndCtrlZAreReserved() {
    #expect(
      map.problems(rebinding: ["open": [.ctrl("c")], "quit-now": [.ctrl("z"), .character("q")]]) == [
        .reserved(.ctrl("c"), binding: "open"), .reserved(.ctrl("z"), binding: "quit-now"),
      ])
    #expect(form.problems(rebinding: ["quit": [.ctrl("c")]]).isEmpty, "a binding keeps a reserved key it declares")
    #expect(
      KeyRebindingProblem.reserved(.ctrl("z"), binding: "open").description
        == "Ctrl-Z cannot be given to “open”: it is reserved (it suspends the app; fg brings it back) in every screen")
  }

  @Test func bindingsThatSharedAKeyAsDeclaredMayStillShareOne() {
    // Open and Done both answer Enter, never at once: moving both to `o` is no clash.
    #expect(map.problems(rebinding: ["open": [.character("o")], "finish-search": [.character("o")]]).isEmpty)
    let rebound = map.rebinding(["open": [.character("o")], "finish-search": [.character("o")]])
    #expect(rebound.intent(for: .key(.character("o")), in: Context(isSearching: true)) == .search)
    #expect(rebound.intent(for: .key(.character("o")), in: Context()) == .open)
  }

  @Test func problemsReadAsSentences() {
    #expect(
      KeyRebindingProblem.wrongNumberOfKeys(binding: "move", given: 1, declared: [.up, .down]).description
        == "“move” takes 2 keys, in this order (each does what the one in its place does): Up, Down; 1 is given")
    #expect(
      KeyRebindingProblem.clash(.ctrl("s"), bindings: ["save", "search"]).description
        == "Ctrl-S would be bound to both “save” and “search”")
  }

  @Test func keysAreReadAsPeopleWriteThem() {
    let cases: [(String, Key?)] = [
      ("q", .character("q")), ("S", .character("S")), ("/", .character("/")), ("Enter", .enter),
      ("return", .enter), ("ESC", .escape), ("Tab", .tab), ("Shift-Tab", .backTab), ("ctrl-s", .ctrl("s")),
      ("Ctrl-S", .ctrl("s")), ("Alt-b", Key(.character("b"), modifiers: .alt)), ("Up", .up), ("↓", .down),
      ("PgDn", .pageDown), ("PageUp", .pageUp), ("Del", .delete), ("Space", .character(" ")),
      ("F5", Key(.function(5))), ("Ctrl-Alt-Left", Key(.left, modifiers: [.control, .alt])),
      ("", nil), ("Ctrl-", nil), ("Shift-a", nil), ("Ctrl-Ctrl-a", nil), ("F0", nil), ("Ctrl-1", nil), ("Enterr", nil),
      (" ", nil),
    ]
    for (name, key) in cases {
      #expect(Key(configName: name) == key, "\(name)")
    }
    for key in [Key.up, .backTab, .ctrl("s"), .character(" "), .pageDown, Key(.left, modifiers: .alt), .character("é")]
    {
      #expect(Key(configName: key.configName) == key, "\(key.configName) reads back")
    }
  }
}
