import ContactsModel
public import Flow
import Navigation

/// The Duplicates screen's reducer: finds the groups as the screen comes on stage, shows each
/// group's first two contacts, and merges them (after asking), keeps them apart or skips them;
/// every write goes through ``DuplicatesClient`` as an effect, and a merge can be undone while
/// the screen is open. What a merge changes reaches the list, the search and sync.
public func duplicatesReducer(_ dependencies: AppDependencies) -> Reducer<AppState, AppAction> {
  Reducer { state, action in
    guard case .duplicates(let action) = action, var signedIn = state.signedIn else { return .none }
    let client = dependencies.duplicates(signedIn.user)
    let effect = signedIn.duplicates.reduce(action, client: client, dialog: &state.dialog)
    state.session = .signedIn(signedIn)
    return effect
  }
}

extension DuplicatesState {
  fileprivate mutating func reduce(
    _ action: DuplicatesAction, client: DuplicatesClient, dialog: inout Dialog<AppAction>?
  ) -> Effect<AppAction> {
    switch action {
    case .find:
      self = DuplicatesState()
      search = .finding(done: 0, total: 0)
      return .run { send in
        for try await event in client.find() {
          switch event {
          case .progress(let done, let total): await send(.duplicates(.progress(done: done, total: total)))
          case .found(let groups): await send(.duplicates(.found(groups)))
          }
        }
      } onError: { error, send in
        await send(.duplicates(.findFailed("Could not look for duplicates: \(error)")))
      }
      .cancellable(id: Self.findEffectID, cancelInFlight: true)

    case .progress(let done, let total):
      guard case .finding = search else { return .none }
      search = .finding(done: done, total: total)
      return .none

    case .found(let found):
      search = .found
      groups = found
      foundSizes = Dictionary(found.compactMap { group in group.ids.first.map { ($0, group.ids.count) } }) {
        max($0, $1)
      }
      position = 0
      return loadPair(client)

    case .findFailed(let message):
      search = .failed(message)
      return .none

    case .pairLoaded(let ids, let contacts):
      guard let group, Array(group.ids.prefix(2)) == ids, contacts.count == 2 else { return .none }
      guard let survivor = contacts[0], let other = contacts[1] else {
        // Deleted meanwhile: the group goes on without it.
        let gone = zip(ids, contacts).filter { $0.1 == nil }.map(\.0)
        groups[position].ids.removeAll { gone.contains($0) }
        return loadPair(client)
      }
      pair = .loaded(ContactPair(survivor: survivor, other: other, phoneRegion: client.phoneRegion))
      return .none

    case .loadFailed(let message):
      pair = .failed(message)
      return .none

    case .moveChoice(let step):
      guard let choices = pair?.value?.choices, !choices.isEmpty else { return .none }
      selectedChoice = min(max(selectedChoice + step, 0), choices.count - 1)
      return .none

    case .takeFromOther(let take):
      guard let choices = pair?.value?.choices, choices.indices.contains(selectedChoice) else { return .none }
      if take {
        takeFromOther.insert(choices[selectedChoice])
      } else {
        takeFromOther.remove(choices[selectedChoice])
      }
      return .none

    case .skip:
      guard !groups.isEmpty, !isWriting else { return .none }
      message = nil
      position = (position + 1) % groups.count
      return loadPair(client)

    case .askToMerge:
      guard let pair = pair?.value, !isWriting else { return .none }
      let next =
        placeInGroup.map { place in
          place.contact < place.of
            ? " Then contact \(place.contact + 1) of \(place.of) of this group comes beside it." : ""
        } ?? ""
      dialog = .confirmation(
        title: "Merge contacts?",
        message: "Merge “\(pair.other.name)” into “\(pair.survivor.name)”? One contact remains, with the e-mails, "
          + "phones and addresses of both; u undoes it while this screen is open." + next,
        confirm: "Merge", sends: .duplicates(.merge))
      return .none

    case .merge:
      guard let pair = pair?.value, let group, !isWriting else { return .none }
      isWriting = true
      message = nil
      let merged = ContactMerge.merged(
        pair.survivor, pair.other, takingFromOther: takeFromOther, phoneRegion: pair.phoneRegion)
      return .run { send in
        let saved = try await client.merge(merged, pair.survivor, pair.other)
        await send(
          .duplicates(.merged(MergeRecord(survivor: pair.survivor, other: pair.other, merged: saved, group: group))))
      } onError: { error, send in
        await send(.duplicates(.writeFailed(Self.words(error, doing: "merge"))))
      }
      .cancellable(id: Self.writeEffectID)

    case .merged(let record):
      isWriting = false
      lastMerge = record
      message = .done("Merged “\(record.other.name)” into “\(record.merged.name)”. u undoes it.")
      remove(record.other.id, besides: record.survivor.id)
      return .merge(loadPair(client), .changedContacts)

    case .keepApart:
      guard let pair = pair?.value, !isWriting else { return .none }
      isWriting = true
      message = nil
      return .run { send in
        try await client.keepApart(pair.survivor.uid, pair.other.uid)
        await send(.duplicates(.keptApart(survivor: pair.survivor.id, other: pair.other.id)))
      } onError: { error, send in
        await send(.duplicates(.writeFailed("Could not remember that: \(error)")))
      }
      .cancellable(id: Self.writeEffectID)

    case .keptApart(let survivor, let other):
      isWriting = false
      let names = pair?.value.map { "“\($0.survivor.name)” and “\($0.other.name)”" } ?? "These two"
      message = .done("\(names) are not duplicates: never proposed again.")
      remove(other, besides: survivor)
      return loadPair(client)

    case .undo:
      guard let record = lastMerge, !isWriting else { return .none }
      isWriting = true
      message = nil
      return .run { send in
        await send(.duplicates(.undone(try await client.undo(record))))
      } onError: { error, send in
        await send(.duplicates(.writeFailed(Self.words(error, doing: "undo the merge"))))
      }
      .cancellable(id: Self.writeEffectID)

    case .undone(let undone):
      isWriting = false
      guard let record = lastMerge else { return .none }
      lastMerge = nil
      var restored = record.group
      restored.ids = restored.ids.map { $0 == record.other.id ? undone.other.id : $0 }
      if let group, group.ids.first == record.survivor.id {
        groups[position] = restored
      } else {
        position = min(position, groups.count)
        groups.insert(restored, at: position)
      }
      message = .done("Undone: “\(undone.other.name)” is back.")
      return .merge(loadPair(client), .changedContacts)

    case .writeFailed(let text):
      isWriting = false
      message = .failed(text)
      // What is stored now is shown, whatever the write found.
      return loadPair(client)
    }
  }

  /// Loads the pair of the group on screen (dropping groups left with fewer than two).
  private mutating func loadPair(_ client: DuplicatesClient) -> Effect<AppAction> {
    while let group, group.ids.count < 2 { groups.remove(at: position) }
    if position >= groups.count { position = 0 }
    takeFromOther = []
    selectedChoice = 0
    guard let group else {
      pair = nil
      return .cancel(id: Self.loadEffectID)
    }
    pair = .loading
    let ids = Array(group.ids.prefix(2))
    return .run { send in
      await send(.duplicates(.pairLoaded(ids: ids, try await client.contacts(ids))))
    } onError: { error, send in
      await send(.duplicates(.loadFailed("Could not load the contacts: \(error)")))
    }
    .cancellable(id: Self.loadEffectID, cancelInFlight: true)
  }

  /// Takes `other` out of the group on screen, when that group is still `survivor`'s.
  private mutating func remove(_ other: Int64, besides survivor: Int64) {
    guard let group, group.ids.first == survivor else { return }
    groups[position].ids.removeAll { $0 == other }
  }

  private static func words(_ error: any Error, doing what: String) -> String {
    switch error as? ContactSaveError {
    case .changedElsewhere(let current)?:
      "“\(current.name)” changed meanwhile, so nothing was done: here it is as it is now."
    case .deletedElsewhere?: "One of them was deleted meanwhile, so nothing was done."
    case .failed(let reason)?: "Could not \(what): \(reason)"
    case nil: "Could not \(what): \(error)"
    }
  }
}

extension Effect<AppAction> {
  /// Contacts changed here: the list and the search catch up, and sync is told.
  fileprivate static var changedContacts: Effect {
    .merge(.send(.browser(.refresh)), .send(.search(.refresh)), .send(.sync(.changedHere)))
  }
}
