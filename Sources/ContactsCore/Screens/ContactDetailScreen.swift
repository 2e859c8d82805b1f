public import ContactsModel
public import Flow
public import Navigation
public import TerminalUI

/// One contact, every field, loaded by id (a deep link shows a spinner first).
@MainActor
public final class ContactDetailScreen: Screen, StoreSubscriber {
  public enum Intent: Equatable, Sendable {
    case edit, delete, retry
  }

  public struct ViewModel: Equatable, Sendable {
    public var contact: Loadable<Contact>
    public var tick: Int
  }

  public let id: Int64
  private var model = ViewModel(contact: .loading, tick: 0)
  private let send: (Intent) -> Void

  public init(id: Int64, send: @escaping (Intent) -> Void) {
    self.id = id
    self.send = send
  }

  public nonisolated static func select(_ id: Int64) -> @Sendable (AppState) -> ViewModel? {
    { state in
      guard let detail = state.signedIn?.detail, detail.id == id else { return nil }
      return ViewModel(contact: detail.contact, tick: detail.contact.isLoading ? state.tick : 0)
    }
  }

  public func receive(_ value: ViewModel?) {
    if let value { model = value }
  }

  public var title: String { model.contact.value?.name ?? "Contact" }

  public var help: [HelpItem] {
    var items = [HelpItem(key: "e", label: "Edit"), HelpItem(key: "d", label: "Delete")]
    if model.contact.failure != nil { items = [HelpItem(key: "r", label: "Retry")] }
    return items + [HelpItem(key: "Esc", label: "Back")]
  }

  public func handle(_ event: InputEvent) -> Bool {
    guard case .key(let key) = event else { return false }
    switch key {
    case .character("e") where model.contact.value != nil: send(.edit)
    case .character("d") where model.contact.value != nil, .delete where model.contact.value != nil: send(.delete)
    case .character("r") where model.contact.failure != nil: send(.retry)
    default: return false
    }
    return true
  }

  public func body(isFocused: Bool) -> any View {
    Self.inMargins(
      LoadingContainer(model.contact, tick: model.tick, label: "Loading contact…") { contact in
        ContactCard(contact: contact)
      })
  }

  /// A contact as this screen shows it once loaded (the list's preview shows it the same way).
  static func card(_ contact: Contact) -> any View {
    inMargins(ContactCard(contact: contact))
  }

  private static func inMargins(_ content: any View) -> any View {
    Padding(content, horizontal: 2, vertical: 1)
  }
}
