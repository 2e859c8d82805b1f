public import ContactsModel

/// Why a save did not happen. The contacts client throws it (the live one makes it from the
/// database's errors), the editor's action and status carry it unchanged, and ``description``
/// is the one place it becomes words.
public enum ContactSaveError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
  /// Someone else (another process, an import, a sync) saved the contact after the revision the
  /// edit started from; `current` is what is stored now. The form asks what to keep.
  case changedElsewhere(current: Contact)
  /// The contact is no longer there.
  case deletedElsewhere
  /// Anything else (a full disk, a broken database), as what failed says it.
  case failed(String)

  public var description: String {
    switch self {
    case .changedElsewhere: "This contact was changed elsewhere"
    case .deletedElsewhere: "This contact was deleted elsewhere; your changes are still here, unsaved"
    case .failed(let reason): "Could not save: \(reason)"
    }
  }
}
