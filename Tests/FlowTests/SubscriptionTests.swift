import Flow
import Testing

private struct Profile: Equatable {
  var name = "Ada"
  var visits = 0
}

private enum ProfileAction: Sendable {
  case rename(String)
  case visit
}

private let profileReducer = Reducer<Profile, ProfileAction> { state, action in
  switch action {
  case .rename(let name): state.name = name
  case .visit: state.visits += 1
  }
  return .none
}

@MainActor
struct SubscriptionTests {
  @Test func currentValueIsDeliveredOnSubscribe() {
    let store = Store(initialState: Profile(name: "Grace"), reducer: profileReducer)
    let recorder = Recorder<String>()
    store.subscribe(recorder, select: \.name)
    #expect(recorder.values == ["Grace"])
  }

  @Test func equatableValuesSkipRepeatsByDefault() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let recorder = Recorder<String>()
    store.subscribe(recorder, select: \.name)
    store.send(.visit)
    store.send(.visit)
    store.send(.rename("Grace"))
    #expect(recorder.values == ["Ada", "Grace"])
  }

  @Test func skipNeverDeliversEveryPass() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let recorder = Recorder<String>()
    store.subscribe(recorder, select: \.name, skipRepeats: .never)
    store.send(.visit)
    store.send(.visit)
    #expect(recorder.values == ["Ada", "Ada", "Ada"])
  }

  @Test func customSkipPredicate() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let recorder = Recorder<Int>()
    // Only every third visit is worth a redraw.
    store.subscribe(recorder, select: \.visits, skipRepeats: .when { old, new in new - old < 3 })
    for _ in 0..<7 { store.send(.visit) }
    #expect(recorder.values == [0, 3, 6])
  }

  @Test func skipRepeatsComparesWithTheValueLastDeliveredToThatSubscriber() {
    // ReSwift #519: comparing the store's old and new state re-delivers a value to subscribers
    // that already saw it through a nested dispatch. Here A changes the name back and forth
    // from its callback; B must still never see the same name twice in a row.
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let a = Recorder<String>()
    let b = Recorder<String>()
    store.subscribe(a, select: \.name)
    store.subscribe(b, select: \.name)
    a.onReceive = { name in
      if name == "Grace" { store.send(.rename("Ada")) }
    }
    store.send(.rename("Grace"))
    store.send(.rename("Ada"))
    #expect(a.values == ["Ada", "Grace", "Ada"])
    #expect(b.values == ["Ada", "Grace", "Ada"])
  }

  @Test func subscribersAreNotifiedInSubscriptionOrder() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let order = Log<Int>()
    let recorders = (0..<20).map { _ in Recorder<Int>() }
    for (index, recorder) in recorders.enumerated() {
      store.subscribe(recorder, select: \.visits)
      recorder.onReceive = { _ in order.append(index) }
    }
    store.send(.visit)
    #expect(order.entries == Array(0..<20))
  }

  @Test func subscribersAreHeldWeakly() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    var recorder: Recorder<Int>? = Recorder<Int>()
    let delivered = Log<Int>()
    recorder?.onReceive = { delivered.append($0) }
    store.subscribe(recorder!, select: \.visits)
    #expect(store.subscriptionCount == 1)
    recorder = nil
    store.send(.visit)
    #expect(store.subscriptionCount == 0)
    #expect(delivered.entries == [0])
  }

  @Test func unsubscribeAndCancelStopDelivery() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    store.subscribe(first, select: \.visits)
    let subscription = store.subscribe(second, select: \.visits)
    store.unsubscribe(first)
    subscription.cancel()
    store.send(.visit)
    #expect(first.values == [0])
    #expect(second.values == [0])
    #expect(!subscription.isActive)
    #expect(store.subscriptionCount == 0)
  }

  @Test func cancellingALaterSubscriberDuringAPassSkipsIt() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    store.subscribe(first, select: \.visits)
    let secondSubscription = store.subscribe(second, select: \.visits)
    first.onReceive = { if $0 == 1 { secondSubscription.cancel() } }
    store.send(.visit)
    #expect(second.values == [0])
  }

  @Test func subscribingDuringAPassDeliversTheCurrentValueOnce() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let parent = Recorder<Int>()
    let child = Recorder<Int>()
    store.subscribe(parent, select: \.visits)
    parent.onReceive = { visits in
      if visits == 1 { store.subscribe(child, select: \.visits) }
    }
    store.send(.visit)
    store.send(.visit)
    #expect(child.values == [1, 2])
  }

  @Test func observeCallsBackWithTheOwner() {
    let store = Store(initialState: Profile(), reducer: profileReducer)
    let owner = Log<String>()
    store.observe(owner, select: \.name) { owner, name in owner.append(name) }
    store.send(.rename("Grace"))
    #expect(owner.entries == ["Ada", "Grace"])
  }
}
