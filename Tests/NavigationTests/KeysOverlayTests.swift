import TerminalUI
import Testing

@testable import Navigation

/// A screen with many keys and a text field that has the keyboard while `typing` holds.
@MainActor
private final class ManyKeysScreen: LiveScreen {
  var typing = false
  var typed = ""
  var sent: [String] = []
  let keyMap = KeyMap<Bool, String>([
    .typing("Name", when: { $0 }, key: { "typed \($0)" }, paste: { "pasted \($0)" }),
    KeyBinding(.enter, "Open", "open"),
    KeyBinding("a", "Add", "add", when: { !$0 }),
    KeyBinding("e", "Edit", "edit", when: { !$0 }),
    KeyBinding("d", "Delete", "delete", when: { !$0 }),
    KeyBinding("s", "Synchronise", "sync", when: { !$0 }),
    KeyBinding("D", "Duplicates", "duplicates", when: { !$0 }),
    KeyBinding("j", "Open", "open", hidden: true),
    KeyBinding(["q", .ctrl("c")], "Quit", "quit").essential(),
  ])
  var keyContext: Bool { typing }
  var title: String { "Many keys" }
  func send(_ intent: String) { sent.append(intent) }
  func body(isFocused: Bool) -> any View { Text("body") }
}

@MainActor
struct KeysOverlayTests {
  private let screen = ManyKeysScreen()
  private let wireframe = Wireframe(appTitle: "App")

  init() { wireframe.show(stack: [screen]) }

  private func bar(_ width: Int) -> String {
    wireframe.render(size: Size(width: width, height: 12)).lines.last ?? ""
  }

  @Test func aNarrowBarOffersMoreWhichListsEveryKeyAndAnyKeyClosesIt() {
    #expect(!bar(120).contains("? More"), "every key fits: \(bar(120))")
    let narrow = bar(40)
    #expect(narrow.contains("q/Ctrl-C Quit") && narrow.hasSuffix("? More "), "\(narrow)")
    #expect(wireframe.handle(.key("?")))
    #expect(wireframe.showsAllKeys)
    let list = wireframe.render(size: Size(width: 40, height: 12)).lines.joined(separator: "\n")
    for row in ["Enter, j  Open", "e         Edit", "D         Duplicates", "q/Ctrl-C  Quit"] {
      #expect(list.contains(row), "“\(row)” in\n\(list)")
    }
    #expect(bar(40).hasPrefix(" Esc Close"))
    #expect(
      wireframe.renderInFull(size: Size(width: 40, height: 12)) == wireframe.render(size: Size(width: 40, height: 12)))
    // Any key closes it and does nothing else.
    #expect(wireframe.handle(.key("d")))
    #expect(!wireframe.showsAllKeys)
    #expect(screen.sent.isEmpty)
    #expect(wireframe.handle(.key("d")))
    #expect(screen.sent == ["delete"])
  }

  @Test func whileAFieldTakesQuestionMarkF1OpensTheListAndTheBarSaysSo() {
    screen.typing = true
    #expect(wireframe.handle(.key("?")))
    #expect(!wireframe.showsAllKeys, "the field took ? as text")
    #expect(screen.sent == ["typed ?"])
    let narrow = bar(24)
    #expect(narrow.hasSuffix("F1 More "), "\(narrow)")
    #expect(!narrow.contains("q/"), "the field takes q: \(narrow)")
    #expect(wireframe.handle(.key(Key(.function(1)))))
    #expect(wireframe.showsAllKeys)
    let list = wireframe.render(size: Size(width: 40, height: 12)).lines.joined(separator: "\n")
    #expect(list.contains("Ctrl-C  Quit") && !list.contains("q/Ctrl-C"), "\(list)")
  }

  @Test func aKeyTheAppBindsIsTheApps() {
    let app = ManyKeysScreen()
    let taker = KeyMap<Bool, String>([KeyBinding("?", "Ask", "ask")])
    final class Asking: KeyResponder {
      let keyMap: KeyMap<Bool, String>
      var asked = 0
      init(_ keyMap: KeyMap<Bool, String>) { self.keyMap = keyMap }
      var keyContext: Bool { false }
      func send(_ intent: String) { asked += 1 }
    }
    let asking = Asking(taker)
    wireframe.show(stack: [app])
    wireframe.responders = [asking]
    #expect(wireframe.handle(.key("?")))
    #expect(asking.asked == 1 && !wireframe.showsAllKeys)
  }
}
