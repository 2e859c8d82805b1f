public import ContactsModel
public import Navigation
public import TerminalUI

/// One contact, every field, loaded by id (a deep link shows a spinner first).
public struct ContactDetailScreen: Screen {
  public let id: Int64

  public init(id: Int64) { self.id = id }

  public struct ViewModel: Equatable, Sendable {
    public var id: Int64
    public var contact: Loadable<Contact>
    public var tick: Int
    /// The name of the contact's address book, when the account has several.
    public var book: String? = nil

    /// Whether it can move to another book (the account has several).
    var canMove: Bool { isLoaded && book != nil }

    var isLoaded: Bool { contact.value != nil }
  }

  public func select(_ state: AppState) -> ViewModel {
    guard let detail = state.signedIn?.detail, detail.id == id else {
      return ViewModel(id: id, contact: .loading, tick: 0)
    }
    return ViewModel(
      id: id, contact: detail.contact, tick: detail.contact.isLoading ? state.tick : 0,
      book: state.signedIn?.browser.bookName(detail.contact.value?.book))
  }

  /// What the config file calls these keys: `[keys.detail]`.
  public static let keysName = "detail"

  /// Edit and delete once the contact is loaded, retry when it failed to, back at any time.
  public static let keys = KeyMap<ViewModel, AppAction>([
    KeyBinding("e", "Edit", when: \.isLoaded) { _, model in .go(.editContact(model.id)) },
    KeyBinding(["d", .delete], "Delete", shownAs: "d", when: \.isLoaded) { _, model in
      .askToDelete(model.contact.value!)
    },
    KeyBinding("m", "Move to book", when: \.canMove) { _, model in .chooseBookToMove(model.contact.value!) },
    KeyBinding("r", "Retry", .detail(.load), when: { $0.contact.failure != nil }),
    KeyBinding(.escape, "Back", .route(.pop)).essential(),
  ])

  /// Loads the contact unless the list had it already.
  public func onAppear(_ model: ViewModel) -> AppAction? { model.contact.isLoading ? .detail(.load) : nil }

  public func title(_ model: ViewModel) -> String { model.contact.value?.name ?? "Contact" }

  public func body(_ model: ViewModel, isFocused: Bool) -> any View {
    LoadingView(model.contact, tick: model.tick, label: "Loading contact…") { Self.card($0, book: model.book) }
  }

  /// A contact as this screen shows it once loaded (the list's preview shows it the same way),
  /// with the name of its address book when the account has several.
  static func card(_ contact: Contact, book: String? = nil) -> any View {
    Padding(ContactCard(contact: contact, book: book), horizontal: 2, vertical: 1)
  }
}
