import Flow
import SnapshotTesting
import TerminalTesting
import TerminalUI
import Testing

@testable import Navigation

struct RouteTests {
  @Test func parsesPathsAndRejectsMalformedOnes() {
    #expect(Route(parsing: "contacts/42/edit")?.path == ["contacts", "42", "edit"])
    #expect(Route(parsing: "/auth/sign-in/")?.path == ["auth", "sign-in"])
    for malformed in ["", "/", "a//b", "contacts/4 2", "contacts/%2e", "контакты", "a/b?c", "a/../b"]
    where malformed != "a/../b" {
      #expect(Route(parsing: malformed) == nil, "\(malformed)")
    }
    #expect(Route(parsing: "a/../b")?.path == ["a", "..", "b"], "dots are ordinary segment characters")
  }

  @Test func patternsMatchShapesAndNameTheirParameters() {
    let edit = RoutePattern("contacts/:id/edit")
    #expect(edit.match(["contacts", "42", "edit"]) == ["id": "42"])
    #expect(edit.match(["contacts", "42"]) == nil)
    #expect(edit.match(["users", "42", "edit"]) == nil)
    #expect(RoutePattern("contacts").match(["contacts"]) == [:])
    #expect(edit.description == "contacts/<id>/edit")
  }
}

struct RouteReducerTests {
  private func reduce(_ route: Route, _ actions: RouteAction...) -> Route {
    var route = route
    for action in actions { _ = routeReducer.reduce(into: &route, action: action) }
    return route
  }

  @Test func setPushPopAndReplace() {
    let root = Route(["contacts"])
    #expect(reduce(root, .push(["42"])).path == ["contacts", "42"])
    #expect(reduce(root, .push(["42", "edit"]), .pop).path == ["contacts", "42"])
    #expect(reduce(root, .push(["new"]), .replaceLast("43")).path == ["contacts", "43"])
    #expect(reduce(root, .push(["42", "edit"]), .popToRoot).path == ["contacts"])
    #expect(reduce(root, .set(Route(["auth", "sign-in"]))).path == ["auth", "sign-in"])
  }

  @Test func poppingTheRootAndReplacingNothingAreNoOps() {
    let root = Route(["contacts"])
    #expect(reduce(root, .pop) == root)
    #expect(reduce(root, .pop, .pop, .popToRoot) == root)
    #expect(reduce(Route(), .pop, .replaceLast("x")) == Route())
    #expect(reduce(root, .push([""])) == root)
  }

}

/// A dialog's buttons carry their actions and are chosen by their keys, which its help shows.
@MainActor
struct DialogTests {
  enum Action: Equatable, Sendable { case delete(Int), keep }

  private let confirmation = Dialog<Action>.confirmation(
    title: "Delete?", message: "Sure?", confirm: "Delete", sends: .delete(1), cancelSends: .keep)

  @Test func keysChooseButtonsAndTheHelpNamesEveryKey() {
    #expect(confirmation.button(for: .enter)?.action == .delete(1))
    #expect(confirmation.button(for: .character("y"))?.action == .delete(1))
    #expect(confirmation.button(for: .escape)?.action == .keep)
    #expect(confirmation.button(for: .character("n"))?.action == .keep)
    #expect(confirmation.button(for: .character("x")) == nil)
    var chosen: [Action?] = []
    let screen = DialogScreen(confirmation) { chosen.append($0) }
    #expect(
      screen.help == [
        HelpItem(key: "Enter/y", label: "Delete", keys: [.enter, .character("y")]),
        HelpItem(key: "Esc/n", label: "Cancel", keys: [.escape, .character("n")]),
      ])
    #expect(!screen.handle(.key(.character("x"))), "x is no button's key")
    #expect(screen.handle(.key(.character("y"))))
    #expect(chosen == [.delete(1)])
    let wireframe = Wireframe(appTitle: "Test")
    wireframe.present(confirmation) { chosen.append($0) }
    #expect(wireframe.handle(.key(.character("x"))), "a dialog takes every key")
    #expect(!wireframe.handle(.key(.ctrl("c"))), "but Ctrl-C, which goes on to the app")
    #expect(wireframe.help == screen.help, "the help bar is the dialog's alone")
    let alert = Dialog<Action>.alert(title: "Oops", message: "It failed.")
    #expect(alert.button(for: .escape)?.label == "OK" && alert.button(for: .escape)?.action == nil)
  }

  /// A chooser of twelve: ↑ and ↓ send the app's selection (the dialog is not changed by the
  /// screen), Enter chooses the row selected in the state, a digit its row, a click its row.
  @Test func aChooserSelectsByTheAppsActionAndChoosesByEnterDigitOrClick() {
    let choices = (1...12).map {
      Dialog<Action>.Choice("Book \($0)", keys: $0 <= 9 ? [.character(Character("\($0)"))] : [], sends: .delete($0))
    }
    let chooser = Dialog<Action>.chooser(title: "Which?", message: "Pick one.", choices: choices, selected: 10)
    var chosen: [Action?] = []
    var selected: [Int] = []
    let screen = DialogScreen(chooser, select: { selected.append($0) }) { chosen.append($0) }
    #expect(screen.handle(.key(.down)) && screen.handle(.key(.character("j"))))
    #expect(screen.handle(.key(.up)) && screen.handle(.key(.home)))
    #expect(selected == [11, 11, 9, 0], "from row 10: the last row, the last, the one above, the first")
    #expect(chosen.isEmpty, "selecting chooses nothing")
    #expect(screen.handle(.key(.enter)) && screen.handle(.key(.character("3"))))
    #expect(screen.handle(MouseClick(control: "dialog-choices", index: 4)))
    #expect(screen.handle(.key(.escape)))
    #expect(chosen == [.delete(11), .delete(3), .delete(5), nil])
    #expect(screen.help.map(\.key) == ["Esc/n", "Enter", "↑↓"])
    // Kept within its rows, in the state.
    var moved = chooser
    moved.select(40)
    #expect(moved.selected == 11)
    moved.select(-1)
    #expect(moved.selected == 0)
    // Without the app's selection ↑ and ↓ are not its keys; Enter still chooses.
    let fixed = DialogScreen(chooser) { chosen.append($0) }
    #expect(!fixed.handle(.key(.down)) && fixed.help.map(\.key) == ["Esc/n", "Enter"])
  }

  /// A chooser of twelve at 80×24: ten rows show, scrolled to keep the selected last row in
  /// view, highlighted; a long label is cut with an ellipsis before its detail, which stays.
  @Test func aLongChooserScrollsToItsSelectionAndCutsLongLabels() {
    let long = "An address book with a name far too long for any dialog this terminal could show"
    let choices = (1...12).map {
      Dialog<Action>.Choice($0 == 12 ? long : "Book \($0)", detail: "\($0 * 10)", sends: .delete($0))
    }
    let wireframe = Wireframe(appTitle: "Test")
    wireframe.present(Dialog.chooser(title: "Which?", message: "Pick one.", choices: choices, selected: 11)) { _ in }
    let frame = wireframe.render(size: Size(width: 80, height: 24))
    let text = frame.lines.joined(separator: "\n")
    #expect(!text.contains("Book 1 ") && text.contains("Book 3") && text.contains("Book 11"), "\(text)")
    let cut = frame.lines.first { $0.contains("An address book") }
    #expect(cut?.contains("…") == true && cut?.contains(" 120") == true, "the label is cut, its detail kept: \(text)")
    assertSnapshot(of: frame, as: .frame, named: "chooser-12")
  }

  @Test func theButtonsAnswerTheUsersKeysByName() {
    #expect(
      DialogKeys.keys.namedKeys.map(\.name) == ["confirm", "cancel", "dismiss", "choose", "previous", "next"])
    #expect(confirmation.buttons.map(\.name) == ["confirm", "cancel"])
    let users: [String: [Key]] = ["confirm": [.character("o")], "cancel": [.ctrl("g")], "dismiss": [.character("k")]]
    var chosen: [Action?] = []
    let screen = DialogScreen(confirmation, keyBindings: users) { chosen.append($0) }
    #expect(screen.help.map(\.key) == ["o", "Ctrl-G"], "the help bar shows the user's keys")
    #expect(!screen.handle(.key(.character("y"))), "y is no longer a button's key")
    #expect(!screen.handle(.key(.enter)))
    #expect(screen.handle(.key(.character("o"))))
    #expect(screen.handle(.key(.ctrl("g"))))
    #expect(chosen == [.delete(1), .keep])
    // A button without a name keeps its keys, whatever a user's keys are called.
    let own = Dialog<Action>(title: "Own", message: "?", buttons: [.init("Cancel", keys: [.character("c")])])
    #expect(
      DialogScreen(own, keyBindings: ["cancel": [.character("z")], "": [.character("z")]]) { _ in }.help.map(\.key) == [
        "c"
      ])
    // The wireframe gives every dialog it presents the user's keys.
    let wireframe = Wireframe(appTitle: "Test")
    wireframe.dialogKeyBindings = users
    wireframe.present(Dialog<Action>.alert(title: "Oops", message: "It failed.")) { chosen.append($0) }
    #expect(wireframe.help.map(\.key) == ["k"])
  }
}
