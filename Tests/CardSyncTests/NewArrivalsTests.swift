import CardSync
import Testing

/// Which arriving cards are written together as new, and which are decided one by one.
@Suite struct NewArrivalsTests {
  @Test func cardsUnknownHereAreNewAndKnownOnesAreDecidedEach() {
    let split = NewArrivals.split([
      .init(uid: "a", isKnownHere: false), .init(uid: "b", isKnownHere: true), .init(uid: "c", isKnownHere: false),
    ])
    #expect(split.new == [0, 2])
    #expect(split.decideEach == [1])
  }

  @Test func aUIDRepeatedInTheBatchIsNewOnlyOnce() {
    let split = NewArrivals.split([
      .init(uid: "a", isKnownHere: false), .init(uid: "a", isKnownHere: false), .init(uid: "b", isKnownHere: false),
    ])
    #expect(split.new == [0, 2])
    #expect(split.decideEach == [1])
  }
}
