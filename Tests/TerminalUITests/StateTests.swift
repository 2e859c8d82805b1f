import Testing

@testable import TermFlowDemo
@testable import TerminalUI

/// A text input holding `text` with the cursor after `cursor` characters.
private func input(_ text: String, cursor: Int? = nil, maxLength: Int = 4_096) -> TextInput {
  var input = TextInput(text, maxLength: maxLength)
  if let cursor {
    input.handle(.home)
    for _ in 0..<cursor { input.handle(.right) }
  }
  return input
}

/// Applies `keys` in order and returns the result.
private func editing(_ start: TextInput, _ keys: Key...) -> TextInput {
  var input = start
  for key in keys {
    let isEditingKey = input.handle(key)
    #expect(isEditingKey, "\(key) should be an editing key")
  }
  return input
}

private let ctrlLeft = Key(.left, modifiers: .control)
private let ctrlRight = Key(.right, modifiers: .control)
private let altBackspace = Key(.backspace, modifiers: .alt)

private func alt(_ character: Character) -> Key { Key(.character(character), modifiers: .alt) }

struct TextInputTests {
  @Test func startsWithTheCursorAtTheEnd() {
    let field = TextInput("hello")
    #expect(field.text == "hello")
    #expect(field.cursor == 5)
    #expect(!field.isEmpty)
    #expect(TextInput().isEmpty)
  }

  @Test func typingInTheMiddleInsertsAtTheCursor() {
    let field = editing(input("helo", cursor: 3), .character("l"))
    #expect(field.text == "hello")
    #expect(field.cursor == 4)
  }

  @Test func shiftedCharactersAreTyped() {
    let field = editing(input("ab"), Key(.character("C"), modifiers: .shift))
    #expect(field.text == "abC")
  }

  @Test func backspaceAndDeleteRemoveAroundTheCursor() {
    #expect(editing(input("abcd", cursor: 2), .backspace).text == "acd")
    #expect(editing(input("abcd", cursor: 2), .backspace).cursor == 1)
    #expect(editing(input("abcd", cursor: 2), .delete).text == "abd")
    #expect(editing(input("abcd", cursor: 2), .delete).cursor == 2)
    #expect(editing(input("abcd", cursor: 2), .ctrl("d")).text == "abd")
  }

  @Test func deletingAtTheEdgesIsANoOp() {
    let atStart = input("abc", cursor: 0)
    #expect(editing(atStart, .backspace) == atStart)
    #expect(editing(atStart, altBackspace) == atStart)
    #expect(editing(atStart, .ctrl("w")) == atStart)
    #expect(editing(atStart, .ctrl("u")) == atStart)
    let atEnd = input("abc")
    #expect(editing(atEnd, .delete) == atEnd)
    #expect(editing(atEnd, .ctrl("d")) == atEnd)
    #expect(editing(atEnd, .ctrl("k")) == atEnd)
    let empty = TextInput()
    #expect(editing(empty, .backspace, .delete, .left, .right, ctrlLeft, ctrlRight) == empty)
  }

  @Test func arrowsMoveOneCharacterAndStopAtTheEdges() {
    #expect(editing(input("abc", cursor: 1), .left).cursor == 0)
    #expect(editing(input("abc", cursor: 0), .left).cursor == 0)
    #expect(editing(input("abc", cursor: 1), .right).cursor == 2)
    #expect(editing(input("abc"), .right).cursor == 3)
    #expect(editing(input("abc", cursor: 1), .ctrl("b")).cursor == 0)
    #expect(editing(input("abc", cursor: 1), .ctrl("f")).cursor == 2)
  }

  @Test func homeAndEndJumpToTheEdges() {
    #expect(editing(input("abc", cursor: 2), .home).cursor == 0)
    #expect(editing(input("abc", cursor: 1), .end).cursor == 3)
    #expect(editing(input("abc", cursor: 2), .ctrl("a")).cursor == 0)
    #expect(editing(input("abc", cursor: 1), .ctrl("e")).cursor == 3)
  }

  @Test func wordJumpsSkipPunctuationAndRunsOfSpaces() {
    // "foo, bar...   baz_9": word starts at 0, 5 and 14; word ends at 3, 8 and 19.
    let text = "foo, bar...   baz_9"
    for key in [ctrlLeft, alt("b")] {
      #expect(editing(input(text), key).cursor == 14)
      #expect(editing(input(text), key, key).cursor == 5)
      #expect(editing(input(text), key, key, key).cursor == 0)
      #expect(editing(input(text), key, key, key, key).cursor == 0)
      #expect(editing(input(text, cursor: 12), key).cursor == 5, "from inside the spaces")
    }
    for key in [ctrlRight, alt("f")] {
      #expect(editing(input(text, cursor: 0), key).cursor == 3)
      #expect(editing(input(text, cursor: 0), key, key).cursor == 8)
      #expect(editing(input(text, cursor: 0), key, key, key).cursor == 19)
      #expect(editing(input(text, cursor: 0), key, key, key, key).cursor == 19)
      #expect(editing(input(text, cursor: 9), key).cursor == 19, "from inside the dots")
    }
  }

  @Test func wordJumpsTreatLettersOfAnyScriptAsWordCharacters() {
    #expect(editing(input("Zoë Ångström 李小龍"), ctrlLeft).cursor == 13)
    #expect(editing(input("Zoë Ångström 李小龍"), ctrlLeft, ctrlLeft).cursor == 4)
  }

  @Test func deletingTheWordBeforeTheCursorTakesItsSeparatorsToo() {
    for key in [Key.ctrl("w"), altBackspace] {
      let field = editing(input("foo, bar...   baz"), key)
      #expect(field.text == "foo, bar...   ")
      let twice = editing(field, key)
      #expect(twice.text == "foo, ")
      #expect(twice.cursor == 5)
      let middle = editing(input("one two three", cursor: 7), key)
      #expect(middle.text == "one  three")
      #expect(middle.cursor == 4)
    }
  }

  @Test func deletingToTheStartOrTheEnd() {
    let toStart = editing(input("hello world", cursor: 6), .ctrl("u"))
    #expect(toStart.text == "world")
    #expect(toStart.cursor == 0)
    let toEnd = editing(input("hello world", cursor: 5), .ctrl("k"))
    #expect(toEnd.text == "hello")
    #expect(toEnd.cursor == 5)
  }

  @Test func nonEditingKeysAreLeftToTheScreen() {
    var field = input("abc", cursor: 1)
    let before = field
    let others: [Key] = [
      .enter, .tab, .backTab, .escape, .up, .down, .pageUp, .pageDown, Key(.function(5)), Key(.insert),
      .ctrl("c"), .ctrl("s"), alt("x"), Key(.backspace, modifiers: .shift), Key(.home, modifiers: .control),
    ]
    for key in others {
      let isEditingKey = field.handle(key)
      #expect(!isEditingKey, "\(key) is not an editing key")
    }
    #expect(field == before)
  }

  @Test func pasteFlattensLineBreaksAndTabsToSpaces() {
    var field = input("[]", cursor: 1)
    let overflow = field.insert("one\ntwo\r\nthree\tfour\rfive")
    #expect(overflow == 0)
    #expect(field.text == "[one two three four five]")
    #expect(field.cursor == 24)
  }

  @Test func insertionStopsAtMaxLengthAndReportsTheOverflow() {
    var field = input("ab", cursor: 1, maxLength: 5)
    #expect(field.insert("12345") == 2)
    #expect(field.text == "a123b")
    #expect(field.cursor == 4)
    #expect(field.insert("x") == 1)
    #expect(field.text == "a123b")
    #expect(editing(field, .character("y")).text == "a123b")
  }

  @Test func initialAndReplacedTextIsCutAtMaxLength() {
    #expect(TextInput("abcdef", maxLength: 4).text == "abcd")
    var field = TextInput("x", maxLength: 3)
    field.set("123456")
    #expect(field.text == "123")
    #expect(field.cursor == 3)
  }

  @Test func graphemeClustersAreOneCharacter() {
    let family = "👨‍👩‍👧"
    var field = input("a\(family)e\u{301}b")
    #expect(field.cursor == 4)
    field.handle(.left)
    field.handle(.backspace)
    #expect(field.text == "a\(family)b")
    #expect(field.cursor == 2)
    field.handle(.left)
    field.handle(.backspace)
    #expect(field.text == "\(family)b")
    field.handle(.delete)
    #expect(field.text == "b")
    #expect(field.insert(family) == 0)
    #expect(field.text == "\(family)b")
    #expect(field.cursor == 1)
  }

  @Test func maxLengthCountsGraphemeClusters() {
    var field = TextInput(maxLength: 2)
    #expect(field.insert("👨‍👩‍👧e\u{301}🇯🇵") == 1)
    #expect(field.text == "👨‍👩‍👧e\u{301}")
  }

  /// A combining mark or a second regional indicator typed on its own joins the character
  /// before it; the cursor must stay a valid character count.
  @Test func typedMarkThatJoinsThePreviousCharacterKeepsTheCursorValid() {
    var field = editing(TextInput(), .character("e"), .character("\u{301}"))
    #expect(field.text == "e\u{301}")
    #expect(field.cursor == field.text.count)
    field.handle(.backspace)
    #expect(field.text.isEmpty)
    #expect(field.cursor == 0)

    var flag = editing(input("ab", cursor: 1), .character("🇯"), .character("🇵"))
    #expect(flag.text == "a🇯🇵b")
    #expect(flag.cursor == 2)
    flag.handle(.backspace)
    #expect(flag.text == "ab")
    #expect(flag.cursor == 1)
  }
}

struct ScrollWindowTests {
  @Test func startsAtTheTop() {
    let window = ScrollWindow(total: 100, visible: 10)
    #expect(window.selected == 0)
    #expect(window.offset == 0)
    #expect(window.visibleRange == 0..<10)
  }

  @Test func initialSelectionIsClampedAndScrolledIntoView() {
    let window = ScrollWindow(total: 100, visible: 10, selected: 50)
    #expect(window.selected == 50)
    #expect(window.visibleRange.contains(50))
    #expect(ScrollWindow(total: 100, visible: 10, selected: 500).selected == 99)
    #expect(ScrollWindow(total: 100, visible: 10, selected: -3).selected == 0)
    #expect(ScrollWindow(total: -5, visible: -5).total == 0)
    #expect(ScrollWindow(total: 5, visible: 0).visible == 1)
  }

  @Test func movingScrollsOnlyWhenTheSelectionLeavesTheWindow() {
    var window = ScrollWindow(total: 100, visible: 10)
    window.move(by: 9)
    #expect(window.selected == 9)
    #expect(window.offset == 0)
    window.move(by: 1)
    #expect(window.selected == 10)
    #expect(window.offset == 1)
    window.move(by: -5)
    #expect(window.offset == 1)
    window.move(by: -5)
    #expect(window.selected == 0)
    #expect(window.offset == 0)
  }

  @Test func movesAreClampedToTheList() {
    var window = ScrollWindow(total: 100, visible: 10)
    window.move(by: -1)
    #expect(window.selected == 0)
    window.move(by: 1_000)
    #expect(window.selected == 99)
    #expect(window.offset == 90)
    window.move(by: 1)
    #expect(window.selected == 99)
    window.select(-7)
    #expect(window.selected == 0)
    #expect(window.offset == 0)
  }

  @Test func pagesMoveByOneRowLessThanTheScreen() {
    var window = ScrollWindow(total: 100, visible: 10)
    window.pageDown()
    #expect(window.selected == 9)
    #expect(window.offset == 0)
    window.pageDown()
    #expect(window.selected == 18)
    #expect(window.offset == 9)
    window.pageUp()
    #expect(window.selected == 9)
    #expect(window.offset == 9)
    window.pageUp()
    window.pageUp()
    #expect(window.selected == 0)
    #expect(window.offset == 0)
  }

  @Test func pagingAOneRowScreenStillMoves() {
    var window = ScrollWindow(total: 5, visible: 1)
    window.pageDown()
    #expect(window.selected == 1)
    #expect(window.visibleRange == 1..<2)
  }

  @Test func homeAndEndJumpToTheEnds() {
    var window = ScrollWindow(total: 10_000, visible: 20)
    window.end()
    #expect(window.selected == 9_999)
    #expect(window.offset == 9_980)
    #expect(window.visibleRange == 9_980..<10_000)
    window.home()
    #expect(window.selected == 0)
    #expect(window.offset == 0)
  }

  @Test func shrinkingTheScreenKeepsTheSelectionVisible() {
    var window = ScrollWindow(total: 100, visible: 20, selected: 15)
    #expect(window.offset == 0)
    window.resize(visible: 5)
    #expect(window.visible == 5)
    #expect(window.visibleRange.contains(15))
    #expect(window.offset == 11)
    window.resize(visible: 0)
    #expect(window.visible == 1)
    #expect(window.visibleRange == 15..<16)
  }

  @Test func growingTheScreenNearTheEndShowsMoreRowsAbove() {
    var window = ScrollWindow(total: 100, visible: 5)
    window.end()
    window.resize(visible: 30)
    #expect(window.selected == 99)
    #expect(window.offset == 70)
    window.resize(visible: 500)
    #expect(window.offset == 0)
    #expect(window.visibleRange == 0..<100)
  }

  @Test func shrinkingTheListBelowTheSelectionSelectsTheLastRow() {
    var window = ScrollWindow(total: 100, visible: 10)
    window.end()
    window.setTotal(42)
    #expect(window.selected == 41)
    #expect(window.offset == 32)
    window.setTotal(3)
    #expect(window.selected == 2)
    #expect(window.offset == 0)
    #expect(window.visibleRange == 0..<3)
  }

  @Test func growingTheListKeepsTheSelection() {
    var window = ScrollWindow(total: 10, visible: 5, selected: 7)
    let offset = window.offset
    window.setTotal(1_000)
    #expect(window.selected == 7)
    #expect(window.offset == offset)
  }

  @Test func anEmptyListHasNothingVisibleAndIgnoresMoves() {
    var window = ScrollWindow(total: 0, visible: 10)
    #expect(window.visibleRange.isEmpty)
    window.move(by: 3)
    window.pageDown()
    window.end()
    #expect(window.selected == 0)
    #expect(window.offset == 0)
    var emptied = ScrollWindow(total: 50, visible: 10, selected: 30)
    emptied.setTotal(0)
    #expect(emptied.selected == 0)
    #expect(emptied.offset == 0)
    #expect(emptied.visibleRange.isEmpty)
  }
}

struct FocusRingTests {
  enum Control: Hashable, Sendable { case name, password, submit, cancel }

  @Test func startsOnTheGivenOrFirstElement() {
    #expect(FocusRing<Control>([.name, .password]).focused == .name)
    #expect(FocusRing<Control>([.name, .password], focused: .password).focused == .password)
    #expect(FocusRing<Control>([.name, .password], focused: .submit).focused == .name)
  }

  @Test func nextAndPreviousWrapAround() {
    var ring = FocusRing<Control>([.name, .password, .submit])
    ring.next()
    #expect(ring.focused == .password)
    ring.next()
    ring.next()
    #expect(ring.focused == .name)
    ring.previous()
    #expect(ring.focused == .submit)
  }

  @Test func skippedElementsArePassedOver() {
    var ring = FocusRing<Control>([.name, .password, .submit, .cancel])
    ring.next(skipping: [.password, .submit])
    #expect(ring.focused == .cancel)
    ring.previous(skipping: [.password, .submit])
    #expect(ring.focused == .name)
    ring.previous(skipping: [.cancel])
    #expect(ring.focused == .submit)
  }

  @Test func skippingEverythingElseStaysOrComesBack() {
    var ring = FocusRing<Control>([.name, .password, .submit])
    ring.next(skipping: [.password, .submit])
    #expect(ring.focused == .name)
    ring.next(skipping: [.name, .password, .submit])
    #expect(ring.focused == .name)
  }

  @Test func focusingAnUnknownElementIsIgnored() {
    var ring = FocusRing<Control>([.name, .password], focused: .password)
    ring.focus(.cancel)
    #expect(ring.focused == .password)
    ring.focus(.name)
    #expect(ring.focused == .name)
  }

  @Test func aRingOfOneStaysPut() {
    var ring = FocusRing<Control>([.submit])
    ring.next()
    ring.previous()
    #expect(ring.focused == .submit)
  }
}

@MainActor
struct KeyMapTests {
  enum Intent: Hashable, Sendable { case save, quit, help, retry, typed(Key), pasted(String) }

  struct Context { var failed = false, editing = false }

  static let keyMap = KeyMap<Void, Intent>([
    KeyBinding([.ctrl("s"), Key(.function(2))], "Save", .save),
    KeyBinding(.character("?"), "Help", .help, hidden: true),
    KeyBinding([.character("q"), .escape], "Quit", .quit),
  ])

  static let conditional = KeyMap<Context, Intent>([
    .typing("Search", except: [.home], when: { $0.editing }, key: Intent.typed, paste: Intent.pasted),
    KeyBinding(.character("r"), "Retry", .retry, when: { $0.failed }),
    KeyBinding([.character("q"), .home], "Quit", .quit),
  ])

  @Test func keysLookUpTheirIntent() {
    #expect(Self.keyMap.intent(for: .key(.ctrl("s"))) == .save)
    #expect(Self.keyMap.intent(for: .key(Key(.function(2)))) == .save)
    #expect(Self.keyMap.intent(for: .key(.escape)) == .quit)
    #expect(Self.keyMap.intent(for: .key(.character("?"))) == .help)
    #expect(Self.keyMap.intent(for: .key(.character("s"))) == nil)
    #expect(Self.keyMap.intent(for: .key(.ctrl("q"))) == nil)
    #expect(Self.keyMap.intent(for: .paste("x")) == nil, "no text field: a paste is not taken")
  }

  @Test func theFirstBindingOfAKeyWins() {
    let map = KeyMap<Void, Intent>([KeyBinding(.enter, "Save", .save), KeyBinding(.enter, "Quit", .quit)])
    #expect(map.intent(for: .key(.enter)) == .save)
  }

  @Test func helpItemsListVisibleBindingsInOrder() {
    #expect(
      Self.keyMap.helpItems == [
        HelpItem(key: "Ctrl-S/F2", label: "Save", keys: [.ctrl("s"), Key(.function(2))]),
        HelpItem(key: "q/Esc", label: "Quit", keys: [.character("q"), .escape]),
      ])
  }

  @Test func aHelpEntryPressesTheKeyItShowsUnderThePointer() {
    let move = KeyBinding<Void, Intent>([.up, .down, .pageUp], "Move", shownAs: "↑↓") { _, _ in .save }.helpItem
    #expect(move.presses.map(\.columns) == [0..<1, 1..<2])
    #expect(move.presses.map(\.key) == [.up, .down], "PgUp is not shown, so not clickable")
    let quit = HelpItem(key: "q/Esc", label: "Quit", keys: [.character("q"), .escape])
    #expect(quit.presses.map(\.columns) == [0..<1, 2..<5])
    #expect(quit.presses.map(\.key) == [.character("q"), .escape])
    let back = HelpItem(key: "Esc", label: "Back", keys: [.escape, .character("x")])
    #expect(back.presses.map(\.columns) == [0..<8], "shown as its first key: the whole entry presses it")
    #expect(back.presses.map(\.key) == [.escape])
    let one = HelpItem(key: "Ctrl-S", label: "Save", keys: [.ctrl("s")])
    #expect(one.presses.map(\.columns) == [0..<11])
    #expect(HelpItem(key: "Keys", label: "Some", keys: [.up, .down]).presses.isEmpty, "a label naming no key")
    #expect(HelpItem(key: "↑x", label: "Some", keys: [.up, .down]).presses.isEmpty, "a label naming a key it lacks")
    #expect(HelpItem(key: "Type", label: "Search").presses.isEmpty)
    let rebound = Self.keyMap.rebinding(["quit": [.character("w"), .character("s")]]).helpItems[1]
    #expect(rebound.presses.map(\.key) == [.character("w"), .character("s")])

    // The help bar marks them only when the mouse asks for the frame's targets.
    var frame = Frame(size: Size(width: 24, height: 1))
    HelpBar([move, quit]).render(into: &frame, in: frame.bounds)
    #expect(frame.mouseRegions == nil)
    frame.mouseRegions = []
    HelpBar([move, quit]).render(into: &frame, in: frame.bounds)
    #expect(frame.lines == [" ↑↓ Move  q/Esc Quit    "])
    #expect(frame.mouseRegions?.map(\.target) == [.key(.up), .key(.down), .key(.character("q")), .key(.escape)])
    #expect(frame.mouseRegions?.map(\.area.x) == [1, 2, 10, 12])
    #expect(frame.mouseRegions?.map(\.area.width) == [1, 1, 1, 3])
  }

  @Test func aBindingAppliesAndShowsOnlyWhileItsConditionHolds() {
    let map = Self.conditional
    #expect(map.intent(for: .key(.character("r")), in: Context()) == nil)
    #expect(map.helpItems(in: Context()) == [HelpItem(key: "q/Home", label: "Quit", keys: [.character("q"), .home])])
    #expect(map.intent(for: .key(.character("r")), in: Context(failed: true)) == .retry)
    #expect(map.helpItems(in: Context(failed: true)).map(\.label) == ["Retry", "Quit"])
  }

  @Test func aFocusedFieldClaimsItsEditingKeysAndPastesFirst() {
    let map = Self.conditional
    let editing = Context(editing: true)
    #expect(map.intent(for: .key(.character("q")), in: editing) == .typed(.character("q")), "q types a q")
    #expect(map.intent(for: .key(.backspace), in: editing) == .typed(.backspace))
    #expect(map.intent(for: .key(.left), in: editing) == .typed(.left))
    #expect(map.intent(for: .key(.home), in: editing) == .quit, "a key it is told to leave stays with the map")
    #expect(map.intent(for: .key(.enter), in: editing) == nil, "Enter is no editing key")
    #expect(map.intent(for: .paste("x"), in: editing) == .pasted("x"))
    #expect(map.intent(for: .key(.character("q")), in: Context()) == .quit, "without the field, q quits")
    #expect(map.helpItems(in: editing).first == HelpItem(key: "Type", label: "Search"))
  }

  @Test func aFieldClaimsExactlyTheKeysItEditsWith() {
    for key in [Key.character("x"), .backspace, .delete, .left, .right, .home, .end, .ctrl("w"), .ctrl("k")] {
      var input = TextInput("ab")
      input.handle(.left)
      #expect(TextInput.edits(with: key))
      let edited = input.handle(key)
      #expect(edited, "\(key) is claimed and edits")
    }
    for key in [Key.enter, .tab, .escape, .up, .down, .ctrl("s"), .ctrl("c"), .pageUp] {
      var input = TextInput("ab")
      #expect(!TextInput.edits(with: key))
      let edited = input.handle(key)
      #expect(!edited, "\(key) is left to the screen")
    }
  }

  @Test func conflictsNameEveryKeyBoundTwice() {
    #expect(Self.keyMap.conflicts.isEmpty)
    let clashing = KeyMap<Void, Intent>(
      Self.keyMap.bindings + [KeyBinding([.escape, .ctrl("x")], "Close", .quit)])
    #expect(clashing.conflicts == [.escape: ["Quit", "Close"]])
  }

  @Test func theGalleryKeyMapHasNoConflicts() {
    var state = GalleryState()
    #expect(Gallery.keyMap.conflicts(in: state).isEmpty)
    #expect(Gallery.keyMap.intent(for: .key(.tab), in: state) == .focus(.tab))
    #expect(Gallery.keyMap.intent(for: .key(.backTab), in: state) == .focus(.backTab))
    state.showsModal = true
    #expect(Gallery.keyMap.conflicts(in: state).isEmpty)
  }
}
