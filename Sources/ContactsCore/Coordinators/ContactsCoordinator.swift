public import Navigation

/// Owns `contacts/…`: the list, a contact's detail over it, and the editor over the detail (or
/// over the list, for a new contact).
public enum ContactsCoordinator {
  public static func screens(for route: AppRoute) -> [any Screen<AppState, AppAction>] {
    let detail: [any Screen<AppState, AppAction>] = route.detailID.map { [ContactDetailScreen(id: $0)] } ?? []
    return switch route {
    case .editContact(let id): [ContactsBrowserScreen()] + detail + [ContactEditorScreen(id: id)]
    case .newContact: [ContactsBrowserScreen(), ContactEditorScreen(id: nil)]
    default: [ContactsBrowserScreen()] + detail
    }
  }
}
