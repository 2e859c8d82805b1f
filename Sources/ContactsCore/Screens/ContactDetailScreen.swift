public import ContactsModel
public import Flow
public import Navigation
public import TerminalUI

/// One contact, every field, loaded by id (a deep link shows a spinner first).
@MainActor
public final class ContactDetailScreen: Screen, StoreSubscriber {
  public enum Intent: Equatable, Sendable {
    case edit, delete, retry, back
  }

  /// Edit and delete once the contact is loaded, retry when it failed to, back at any time.
  static let keys = KeyMap<ViewModel, Intent>([
    KeyBinding(.character("e"), "Edit", .edit, when: { $0.contact.value != nil }),
    KeyBinding(.character("d"), "Delete", .delete, when: { $0.contact.value != nil }),
    KeyBinding(.delete, "Delete", .delete, hidden: true, when: { $0.contact.value != nil }),
    KeyBinding(.character("r"), "Retry", .retry, when: { $0.contact.failure != nil }),
    KeyBinding(.escape, "Back", .back),
  ])

  public struct ViewModel: Equatable, Sendable {
    public var contact: Loadable<Contact>
    public var tick: Int
  }

  public let id: Int64
  private var model = ViewModel(contact: .loading, tick: 0)
  private let onIntent: (Intent) -> Void

  public init(id: Int64, onIntent: @escaping (Intent) -> Void) {
    self.id = id
    self.onIntent = onIntent
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

  public var keyMap: KeyMap<ViewModel, Intent> { Self.keys }
  public var keyContext: ViewModel { model }
  public func send(_ intent: Intent) { onIntent(intent) }

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
