public import ContactsModel

/// Why the contacts client refused to save an edit, in the editor's terms: the live client
/// turns the store's errors into these, so the core needs no database module to tell a lost
/// update from a broken disk.
public enum ContactSaveError: Error, Equatable, Sendable {
  /// Someone else (another process, an import, a sync) saved the contact after the revision the
  /// edit started from; `current` is what is stored now.
  case changedElsewhere(current: Contact)
  /// The contact is no longer there.
  case deletedElsewhere
}
