public import ContactsModel
public import Flow
public import TerminalUI

/// What happens to the editor: its load, the form's intents, a save's outcome, the answer to a
/// change made elsewhere, and the room the notes have.
public enum ContactEditorAction: Equatable, Sendable, Codable {
  case load
  indirect case loaded(Loadable<Contact>)
  /// What a key, a paste or a click means to the form; a submit saves.
  case form(FormIntent)
  /// The save is done; what follows is the app reducer's (it shows the saved contact).
  indirect case saved(Contact)
  indirect case saveFailed(ContactSaveError)
  case resolve(ContactEditor.ConflictChoice)
  /// The notes' columns (`width`) and rows (`height`) in the screen's area.
  case fitNotes(Size)
}

/// The editor's reducer: the form's intents, its load, and its saves. A successful save only
/// reports `.saved`: what follows it (the route, the list, the notice) is the app reducer's, in
/// one place.
public func contactEditorReducer(client: ContactsClient) -> Reducer<ContactEditor, ContactEditorAction> {
  Reducer { editor, action in
    switch action {
    case .load:
      guard let id = editor.id else { return .none }
      editor.status = .loading
      return .run { send in
        let contact = try await client.contact(id)
        await send(.loaded(contact.map(Loadable.loaded) ?? .failed("This contact does not exist (any more).")))
      } onError: { error, send in
        await send(.loaded(.failed("Could not load the contact: \(error)")))
      }
      .cancellable(id: ContactEditor.effectID(editor.id), cancelInFlight: true)

    case .loaded(.loaded(let contact)):
      editor.load(contact)
      return .none

    case .loaded(.failed(let message)):
      editor.status = .loadFailed(message)
      return .none

    case .loaded(.loading):
      return .none

    case .fitNotes(let size):
      editor.fitNotes(size)
      return .none

    case .form(let intent):
      // While it asks about a change made elsewhere, the screen's keys answer (`.resolve`).
      guard editor.status == .editing, editor.form.apply(intent, rules: ContactEditor.rules) == .submit else {
        return .none
      }
      return save(&editor, client: client)

    case .saved:
      // What follows a save is the app reducer's.
      editor.form.finish(error: nil)
      return .none

    case .saveFailed(let error):
      editor.form.finish(error: "\(error)")
      if case .changedElsewhere(let current) = error { editor.status = .changedElsewhere(current: current) }
      return .none

    case .resolve(let choice):
      guard case .changedElsewhere(let current) = editor.status else { return .none }
      switch choice {
      case .keepMine:
        // What the user changed, over what is stored now (a field only they changed stays
        // theirs); the check is against the revision just seen.
        let merged = ContactDraft.merging(mine: editor.draft, base: editor.original, theirs: ContactDraft(current))
        let touched = editor.form.touched
        editor.load(current)
        editor.form = ContactEditor.form(for: merged, focus: editor.form.focus, notes: editor.notesSize)
        editor.form.touched = touched
        editor.form.isBusy = true
        return save(&editor, client: client)
      case .takeTheirs:
        editor.load(current)
        editor.form.notice = "Loaded the contact as it was saved elsewhere"
        return .none
      case .keepEditing:
        editor.status = .editing
        return .none
      }
    }
  }
}

/// Saves the form's draft, checked against the revision the edit started from (the form is
/// busy meanwhile).
private func save(_ editor: inout ContactEditor, client: ContactsClient) -> Effect<ContactEditorAction> {
  let draft = editor.draft.trimmed
  let id = editor.id
  let startedFrom = editor.startedFrom
  return .run { send in
    do throws(ContactSaveError) {
      let contact =
        if let id { try await client.update(id, draft, startedFrom) } else { try await client.insert(draft) }
      await send(.saved(contact))
    } catch {
      await send(.saveFailed(error))
    }
  }
  .cancellable(id: ContactEditor.effectID(editor.id), cancelInFlight: true)
}
