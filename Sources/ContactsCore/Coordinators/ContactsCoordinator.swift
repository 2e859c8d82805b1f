public import Navigation

/// Owns `contacts/…`: the list, a contact's detail over it, the editor over the detail (or
/// over the list, for a new contact), and the sync screen over the list.
public enum ContactsCoordinator {
  /// `serverPassword` is the sync screen's password field, kept outside the store.
  public static func screens(
    for route: AppRoute, serverPassword: ServerPasswordEntry
  ) -> [any Screen<AppState, AppAction>] {
    let detail: [any Screen<AppState, AppAction>] = route.detailID.map { [ContactDetailScreen(id: $0)] } ?? []
    return switch route {
    case .editContact(let id): [ContactsBrowserScreen()] + detail + [ContactEditorScreen(id: id)]
    case .newContact: [ContactsBrowserScreen(), ContactEditorScreen(id: nil)]
    case .sync: [ContactsBrowserScreen(), SyncScreen(password: serverPassword)]
    default: [ContactsBrowserScreen()] + detail
    }
  }
}
