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
}
