public import ContactsModel

extension ContactStore {
  /// Why a save did not happen, in terms the screens turn into words.
  public enum StoreError: Error, Equatable, Sendable {
    case invalid([ContactDraft.Field: String])
    case notFound
    /// Someone else (another process, a sync) saved the contact after the revision the edit
    /// started from: `current` is what is stored now.
    case changedElsewhere(current: Contact)
  }
}
