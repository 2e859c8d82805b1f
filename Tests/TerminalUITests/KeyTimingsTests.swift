import Testing

@testable import TerminalUI

/// The per-key timings behind `TERMFLOW_KEY_TIMING`: what is recorded against which key, and
/// the summary's percentiles.
struct KeyTimingsTests {
  @Test func aFrameIsTimedAgainstTheInputReadBeforeItAndOnlyOnce() {
    var timings = KeyTimings(path: "/dev/null")
    // A frame with no input before it (an effect's answer, a resize) is not a key's.
    timings.frameDrawn(buildStart: 5, drawStart: 6, drawEnd: 7)
    timings.inputRead(at: 1_000)
    timings.frameDrawn(buildStart: 1_300, drawStart: 1_500, drawEnd: 1_600)
    timings.frameDrawn(buildStart: 2_000, drawStart: 2_100, drawEnd: 2_200)
    #expect(timings.handling == [300])
    #expect(timings.building == [200])
    #expect(timings.drawing == [100])
  }

  @Test func percentilesAreNearestRank() {
    let values: [UInt64] = (1...20).map { UInt64($0) }.reversed()
    #expect(KeyTimings.percentile(values, 50) == 10)
    #expect(KeyTimings.percentile(values, 95) == 19)
    #expect(KeyTimings.percentile(values, 100) == 20)
    #expect(KeyTimings.percentile([7], 95) == 7)
    #expect(KeyTimings.percentile([], 50) == 0)
  }

  @Test func theSummaryGivesEachPhaseInMilliseconds() {
    var timings = KeyTimings(path: "/dev/null")
    for (index, handle) in [100_000, 140_000, 120_000].enumerated() {
      let read = UInt64(index) * 10_000_000
      let built = read + UInt64(handle)
      timings.inputRead(at: read)
      timings.frameDrawn(buildStart: built, drawStart: built + 95_500, drawEnd: built + 95_500 + 1_250_000)
    }
    #expect(
      timings.summary()
        == "keys 3; read→frame p50 1.466 p95 1.486 ms; handle p50 0.120 p95 0.140 ms; build p50 0.096 p95 0.096 ms; "
        + "draw p50 1.250 p95 1.250 ms")
  }
}
