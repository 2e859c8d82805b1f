import Testing

@testable import TerminalUI

/// A load that failed shows its heading over the error's words, and the key that retries.
@Suite struct LoadingViewTests {
  @Test func aFailureShowsItsHeadingItsWordsAndTheRetryKey() {
    var frame = Frame(size: Size(width: 40, height: 9))
    frame.keyHelp = [HelpItem(key: "r", label: "Retry", keys: ["r"])]
    LoadingView<Int>(.failed("The disk is full"), tick: 0, failureTitle: "Could not load the list") { _ in Spacer() }
      .render(into: &frame, in: frame.bounds)
    let lines = frame.lines.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
    #expect(lines[2] == "Could not load the list")
    #expect(lines[3] == "The disk is full")
    #expect(lines[5] == "Press r to try again")
  }

  @Test func withoutAHeadingTheWordsStandAlone() {
    var frame = Frame(size: Size(width: 40, height: 9))
    LoadingView<Int>(.failed("The disk is full"), tick: 0) { _ in Spacer() }.render(into: &frame, in: frame.bounds)
    #expect(frame.lines.filter { !$0.allSatisfy { $0 == " " } }.count == 1)
  }

  /// A load with no value (a save, a connection test) is `Loadable<Done>`: the spinner, then the
  /// content the caller draws for "finished", or the failure like any other.
  @Test func aLoadWithoutAValueShowsTheSpinnerThenItsContent() {
    func drawn(_ state: Loadable<Done>) -> [String] {
      var frame = Frame(size: Size(width: 30, height: 3))
      LoadingView(state, tick: 0) { _ in Text("Saved") }.render(into: &frame, in: frame.bounds)
      return frame.lines.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
    }
    #expect(Loadable<Done>.done.isDone)
    #expect(!Loadable<Done>.loading.isDone && !Loadable<Done>.failed("No").isDone)
    #expect(drawn(.done).contains("Saved"))
    #expect(!drawn(.loading).contains("Saved"))
    #expect(drawn(.failed("The server said no")).contains("The server said no"))
  }
}
