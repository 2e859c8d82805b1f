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
