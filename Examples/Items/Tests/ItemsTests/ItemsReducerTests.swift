import TermFlowTesting
import Testing

@testable import Items

/// The reducer alone, through `TestStore`: every state change and every action an effect
/// sends back is asserted.
@MainActor
struct ItemsReducerTests {
  @Test func openingAnItemLoadsItsDetailThroughAnEffect() async {
    let store = TestStore(initialState: ItemsState(), reducer: itemsReducer(.immediate))
    store.send(.route(.push(["2"]))) { $0.route = Route(["items", "2"]) }
    store.send(.loadDetail(id: 2))
    await store.receive(.detailLoaded(id: 2, "Grace Hopper, loaded")) { $0.details[2] = "Grace Hopper, loaded" }
    await store.finish()
    store.send(.loadDetail(id: 2))  // already loaded: no second load
  }

  @Test func deletingAnItemForgetsItAndKeepsTheSelectionInRange() {
    var state = ItemsState()
    state.selected = 3
    state.details[4] = "loaded"
    let store = TestStore(initialState: state, reducer: itemsReducer(.immediate))
    store.send(.delete(id: 4)) {
      $0.items.removeLast()
      $0.details = [:]
      $0.selected = 2
    }
  }

  @Test func deletingAsksFirstAndTheConfirmationCarriesTheDelete() {
    let store = TestStore(initialState: ItemsState(route: Route(["items", "2"])), reducer: itemsReducer(.immediate))
    store.send(.askToDelete(id: 2)) {
      $0.dialog = .confirmation(
        title: "Delete item?", message: "Delete “Grace Hopper”? This cannot be undone.", confirm: "Delete",
        sends: .delete(id: 2))
    }
    store.send(.dismissDialog) { $0.dialog = nil }
    store.send(.delete(id: 2)) {
      $0.route = Route(["items"])
      $0.items.remove(at: 1)
    }
  }

  @Test func theSpinnerTurnsOnlyWhileADetailOnStageIsLoading() {
    var state = ItemsState(route: Route(["items", "1"]))
    #expect(state.isLoading)
    state.details[1] = "loaded"
    #expect(!state.isLoading)
    #expect(!ItemsState().isLoading)
  }
}
