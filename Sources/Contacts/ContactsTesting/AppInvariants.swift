import ContactsCore
import TermFlowTesting
import TerminalUI

/// What must hold after every step, whatever was typed: the frame fits the terminal, a
/// terminal fed only the diffs shows it, drawing every region afresh gives it too, the help
/// bar shows every key that works and is not hidden, selections are inside their lists, the
/// list's window is as tall as its table shows, the route is one the app knows and matches the
/// session.
@MainActor
public enum AppInvariants {
  /// A description of the first broken invariant, or nil.
  public static func check(_ driver: AppDriver) -> String? {
    let frame = driver.lastFrame
    let size = driver.terminal.size
    if frame.size != size { return "the frame is \(frame.size) on a \(size) terminal" }
    if !frame.isWellFormed { return "the frame is not well formed (a wide cluster split or out of place)" }
    if let cursor = frame.cursor, cursor.x < 0 || cursor.y < 0 || cursor.x >= size.width || cursor.y >= size.height {
      return "the cursor \(cursor) is outside the \(size) frame"
    }
    if driver.terminal.screen != frame { return "the terminal fed only the diffs differs from the frame" }
    if driver.app.wireframe.renderInFull(size: size) != frame {
      return "the frame, drawn keeping the regions that did not change, differs from the frame drawn in full"
    }
    let unshown = driver.app.wireframe.bindingsMissingFromHelp()
    if !unshown.isEmpty { return "the help bar leaves out bindings that work: \(unshown)" }

    let state = driver.app.store.state
    guard let route = state.appRoute else { return "the route \(state.route) is not one of the app's" }
    switch (route, state.signedIn) {
    case (.signIn, nil), (.signUp, nil): break
    case (.signIn, .some), (.signUp, .some): return "signed in, but the route is \(state.route)"
    case (_, nil): return "signed out, but the route is \(state.route)"
    case (_, .some): break
    }
    guard let signedIn = state.signedIn else { return nil }
    let browser = signedIn.browser
    if let problem = windowProblem(browser.window, named: "list") { return problem }
    // The window is as tall as the table said it is, whatever the terminal's size went through.
    if let shown = frame.shownRows(of: ContactsBrowserScreen.listControl), browser.window.visible != max(1, shown) {
      return "the list shows \(shown) rows, its window holds \(browser.window.visible)"
    }
    if let total = browser.count.value, browser.window.total != total {
      return "the list's window counts \(browser.window.total) rows, the count is \(total)"
    }
    if browser.loaded.count > ContactsBrowser.maximumLoaded {
      return "the list holds \(browser.loaded.count) rows (at most \(ContactsBrowser.maximumLoaded))"
    }
    if let problem = windowProblem(signedIn.search.window, named: "search results") { return problem }
    let conflicts = signedIn.sync.conflicts.count
    if signedIn.sync.selectedConflict < 0 || (conflicts > 0 && signedIn.sync.selectedConflict >= conflicts) {
      return "sync selects conflict \(signedIn.sync.selectedConflict) of \(conflicts)"
    }
    if let results = signedIn.search.results, signedIn.search.window.total > results.contacts.count {
      return "the results' window counts \(signedIn.search.window.total) rows for \(results.contacts.count) results"
    }
    return nil
  }

  private static func windowProblem(_ window: ScrollWindow, named name: String) -> String? {
    if window.total == 0 { return window.selected == 0 ? nil : "the empty \(name) selects row \(window.selected)" }
    if !(0..<window.total).contains(window.selected) {
      return "the \(name) selects row \(window.selected) of \(window.total)"
    }
    if !window.visibleRange.contains(window.selected) {
      return "the \(name)'s selection \(window.selected) is off screen (\(window.visibleRange))"
    }
    return nil
  }
}
