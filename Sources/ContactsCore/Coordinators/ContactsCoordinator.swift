import ContactsModel
import Flow
public import Navigation
import TerminalUI

/// Owns `contacts/…`: the list, a contact's detail and the editor. It turns the screens' intents
/// into data actions and route actions (the dialogs they ask for are the reducer's).
@MainActor
public final class ContactsCoordinator: Coordinator {
  private let context: ScreenContext
  private lazy var registry = context.makeRegistry()

  public init(context: ScreenContext) {
    self.context = context
  }

  private var store: Store<AppState, AppAction> { context.store }

  public func start() {
    store.observe(self, select: \.route) { coordinator, route in coordinator.show(route) }
  }

  public func stop() {
    store.unsubscribe(self)
    registry.removeAll()
  }

  private func show(_ route: Route) {
    guard let appRoute = AppRoute(route), appRoute.requiresSignIn else { return }
    var wanted: [(key: String, make: () -> any Screen)] = [("contacts", makeList)]
    if let id = appRoute.detailID {
      wanted.append(("contacts/\(id)", { self.makeDetail(id) }))
    }
    switch appRoute {
    case .editContact(let id): wanted.append(("contacts/\(id)/edit", { self.makeEditor(id) }))
    case .newContact: wanted.append(("contacts/new", { self.makeEditor(nil) }))
    case .sync: wanted.append(("contacts/sync", makeSync))
    default: break
    }
    context.wireframe.show(stack: registry.screens(for: wanted))
  }

  // MARK: Screens

  private func makeList() -> any Screen {
    let screen = ContactsBrowserScreen { [weak self] intent in self?.listIntent(intent) }
    store.subscribe(screen, select: ContactsListViewModel.select)
    context.didBuild(screen, "contacts")
    return screen
  }

  private func makeDetail(_ id: Int64) -> any Screen {
    let screen = ContactDetailScreen(id: id) { [weak self] intent in self?.detailIntent(intent, id: id) }
    store.subscribe(screen, select: ContactDetailScreen.select(id))
    context.didBuild(screen, "contacts/\(id)")
    return screen
  }

  private func makeEditor(_ id: Int64?) -> any Screen {
    let screen = ContactEditorScreen(id: id) { [weak self] intent in self?.editorIntent(intent) }
    store.subscribe(screen, select: ContactEditorScreen.select(id))
    context.didBuild(screen, id.map { "contacts/\($0)/edit" } ?? "contacts/new")
    return screen
  }

  private func makeSync() -> any Screen {
    let screen = SyncScreen { [weak self] intent in self?.syncIntent(intent) }
    store.subscribe(screen, select: SyncScreen.select)
    context.didBuild(screen, "contacts/sync")
    return screen
  }

  // MARK: Intents

  private func listIntent(_ intent: ContactsBrowserScreen.Intent) {
    let selected = store.state.signedIn?.selectedContact
    switch intent {
    case .browse(let move): store.send(.browser(.move(move)))
    case .search(let action): store.send(.search(action))
    case .open:
      if let selected { store.send(.route(.set(AppRoute.contact(selected.id).route))) }
    case .add: store.send(.route(.set(AppRoute.newContact.route)))
    case .edit:
      if let selected { store.send(.route(.set(AppRoute.editContact(selected.id).route))) }
    case .delete:
      if let selected { store.send(.askToDelete(selected)) }
    case .retry: store.send(.browser(.retry))
    case .sync: store.send(.route(.set(AppRoute.sync.route)))
    case .signOut: store.send(.askToSignOut)
    case .quit: store.send(.quit)
    }
  }

  private func detailIntent(_ intent: ContactDetailScreen.Intent, id: Int64) {
    switch intent {
    case .edit: store.send(.route(.set(AppRoute.editContact(id).route)))
    case .delete:
      if let contact = store.state.signedIn?.detail?.contact.value { store.send(.askToDelete(contact)) }
    case .retry: store.send(.detail(.load))
    case .back: store.send(.route(.pop))
    }
  }

  /// The password's keys are applied outside the store, which hears only of the mask.
  private func syncIntent(_ intent: SyncScreen.Intent) {
    switch intent {
    case .sync(let action): store.send(.sync(action))
    case .passwordKey(let key): store.send(.sync(.setup(.password(context.serverPassword.edit(key)))))
    case .passwordPaste(let text): store.send(.sync(.setup(.password(context.serverPassword.paste(text)))))
    case .back: store.send(.route(.pop))
    }
  }

  private func editorIntent(_ intent: ContactEditorScreen.Intent) {
    switch intent {
    case .form(let action): store.send(.editor(action))
    case .cancel: store.send(.cancelEditing)
    }
  }
}
