public import Navigation

/// Owns `contacts/…`: the list, a contact's detail over it, the editor over the detail (or
/// over the list, for a new contact), and the sync and Duplicates screens over the list.
public enum ContactsCoordinator {
  /// `serverPassword` is the sync screen's password field, kept outside the store;
  /// `listColumns` the list's columns.
  public static func screens(
    for route: AppRoute, serverPassword: ServerPasswordEntry, listColumns: [ContactsListColumn]
  ) -> [any Screen<AppState, AppAction>] {
    let detail: [any Screen<AppState, AppAction>] = route.detailID.map { [ContactDetailScreen(id: $0)] } ?? []
    let list = ContactsBrowserScreen(columns: listColumns)
    return switch route {
    case .editContact(let id): [list] + detail + [ContactEditorScreen(id: id)]
    case .newContact: [list, ContactEditorScreen(id: nil)]
    case .sync: [list, SyncScreen(password: serverPassword)]
    case .duplicates: [list, DuplicatesScreen()]
    default: [list] + detail
    }
  }
}
