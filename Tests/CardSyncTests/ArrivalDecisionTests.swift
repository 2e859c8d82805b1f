import CardSync
import Testing
import VCardFormat

/// What to do with a card the server changed, for every state this side can be in.
@Suite struct ArrivalDecisionTests {
  let memory = ItemMemory(base: Cards.base, baseFingerprint: CardFingerprint.of(Cards.base))

  @Test func aCardNewToThisSideIsTaken() {
    #expect(ArrivalDecision.decide(local: .absent, memory: .none, remote: Cards.base) == .takeRemote)
  }

  @Test func aChangeMadeOnlyOnTheServerIsTaken() {
    #expect(
      ArrivalDecision.decide(local: .unchanged(Cards.base), memory: memory, remote: Cards.newPhone) == .takeRemote)
  }

  @Test func theSameContentRewrittenByTheServerIsAgreement() {
    #expect(
      ArrivalDecision.decide(local: .unchanged(Cards.base), memory: memory, remote: Cards.baseRewritten) == .agreed)
    #expect(ArrivalDecision.decide(local: .changed(Cards.newEmail), memory: memory, remote: Cards.newEmail) == .agreed)
  }

  @Test func aChangeMadeHereStandsWhenTheServerStillHasTheBase() {
    #expect(
      ArrivalDecision.decide(local: .changed(Cards.newEmail), memory: memory, remote: Cards.baseRewritten)
        == .keepLocal(rebase: false))
  }

  @Test func theServerHoldingThisSidesOwnPendingWriteIsNotAChangeMadeElsewhere() {
    // A sync was killed after the server took the email change; the contact changed again since.
    let pending = ItemMemory(
      base: Cards.base, baseFingerprint: CardFingerprint.of(Cards.base),
      pendingFingerprint: CardFingerprint.of(Cards.newEmail))
    #expect(
      ArrivalDecision.decide(local: .changed(Cards.newEmailAndPhone), memory: pending, remote: Cards.newEmail)
        == .keepLocal(rebase: true))
  }

  @Test func aLostAnswerToAnUploadThatTheServerTookAndChangedSinceIsNoConflict() {
    // The upload of a new contact reached the server, its answer was lost, and another client
    // changed the phone since: the sent card is the common ancestor.
    let created = ItemMemory(pending: Cards.base, pendingFingerprint: CardFingerprint.of(Cards.base))
    #expect(ArrivalDecision.decide(local: .changed(Cards.base), memory: created, remote: Cards.newPhone) == .takeRemote)
    // The same for an edit: the email change was taken, then the phone changed.
    let edited = ItemMemory(
      base: Cards.base, baseFingerprint: CardFingerprint.of(Cards.base), pending: Cards.newEmail,
      pendingFingerprint: CardFingerprint.of(Cards.newEmail))
    #expect(
      ArrivalDecision.decide(local: .changed(Cards.newEmail), memory: edited, remote: Cards.newEmailAndPhone)
        == .takeRemote)
  }

  @Test func anUploadThatNeverArrivedIsMergedAgainstTheBase() {
    // The email change never reached the server, which changed the phone: both stand.
    let edited = ItemMemory(
      base: Cards.base, baseFingerprint: CardFingerprint.of(Cards.base), pending: Cards.newEmail,
      pendingFingerprint: CardFingerprint.of(Cards.newEmail))
    let decision = ArrivalDecision.decide(local: .changed(Cards.newEmail), memory: edited, remote: Cards.newPhone)
    guard case .merged(let merged) = decision else {
      Issue.record("expected a merge, got \(decision)")
      return
    }
    #expect(CardFingerprint.of(merged) == CardFingerprint.of(Cards.newEmailAndPhone))
  }

  @Test func changesToDifferentPropertiesMerge() {
    let decision = ArrivalDecision.decide(local: .changed(Cards.newEmail), memory: memory, remote: Cards.newPhone)
    guard case .merged(let merged) = decision else {
      Issue.record("expected a merge, got \(decision)")
      return
    }
    #expect(CardFingerprint.of(merged) == CardFingerprint.of(Cards.newEmailAndPhone))
  }

  @Test func differentChangesToTheSamePropertyAreAConflict() {
    let decision = ArrivalDecision.decide(local: .changed(Cards.newEmail), memory: memory, remote: Cards.otherEmail)
    guard case .conflict = decision else {
      Issue.record("expected a conflict, got \(decision)")
      return
    }
  }

  @Test func withoutABaseAnyDifferenceIsAConflict() {
    let decision = ArrivalDecision.decide(local: .changed(Cards.newEmail), memory: .none, remote: Cards.newPhone)
    guard case .conflict = decision else {
      Issue.record("expected a conflict, got \(decision)")
      return
    }
  }

  @Test func anEditMadeOnTheServerWinsOverADeleteMadeHere() {
    #expect(ArrivalDecision.decide(local: .deleted, memory: memory, remote: Cards.newPhone) == .takeRemote)
  }

  @Test func aDeleteMadeHereStandsWhenTheServerStillHasTheBase() {
    #expect(
      ArrivalDecision.decide(local: .deleted, memory: memory, remote: Cards.baseRewritten) == .keepLocal(rebase: false))
  }

  @Test func aMergeThatEqualsTheServersCardIsTakenNotSentBack() {
    // Here the email changed; the server has the same email change and a phone change.
    let decision = ArrivalDecision.decide(
      local: .changed(Cards.newEmail), memory: memory, remote: Cards.newEmailAndPhone)
    #expect(decision == .takeRemote)
  }
}

/// What to do when the server removed a card, and when one side is suddenly empty.
@Suite struct RemovalAndEmptySideTests {
  @Test func removalsFollowTheStateHere() {
    #expect(RemovalDecision.decide(local: .unchanged(Cards.base)) == .deleteLocal)
    #expect(RemovalDecision.decide(local: .changed(Cards.newEmail)) == .sendAgain)
    #expect(RemovalDecision.decide(local: .deleted) == .forget)
    #expect(RemovalDecision.decide(local: .absent) == .forget)
  }

  @Test func anEmptiedSideIsNamed() {
    #expect(EmptySide.check(known: 0, stillOnServer: 0, localContacts: 0) == nil)
    #expect(EmptySide.check(known: 10, stillOnServer: 0, localContacts: 10) == .server(lost: 10))
    #expect(EmptySide.check(known: 10, stillOnServer: 10, localContacts: 0) == .local(lost: 10))
    #expect(EmptySide.check(known: 10, stillOnServer: 1, localContacts: 1) == nil)
    #expect(EmptySide.server(lost: 3).description.contains("--force"))
  }
}
