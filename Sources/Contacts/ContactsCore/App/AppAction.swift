public import ContactsModel
public import Navigation
public import TerminalUI

/// Everything that can happen in the app: what screens' intents become, and what effects
/// answer. A whole session is a sequence of these.
///
/// The cases that carry whole contacts (here and in the features' actions) are `indirect`:
/// an action is as large as its largest case, and each is copied several times on its way
/// through the store and the recorder, so a typed key would otherwise copy a kilobyte a time.
public enum AppAction: Equatable, Sendable, Codable {
  /// The app is on screen: prefill the sign-in form with the last email.
  case started
  case resized(Size)
  /// The animation timer (only while ``AppState/isBusy``).
  case tick
  case signIn(AuthFormAction)
  case signUp(AuthFormAction)
  case route(RouteAction)
  case browser(ContactsBrowserAction)
  case search(ContactSearchAction)
  case detail(ContactDetailAction)
  case editor(ContactEditorAction)
  /// Sync with a CardDAV server: its screen, its runs and their progress.
  case sync(SyncAction)
  /// The Duplicates screen: finding groups, merging, keeping apart, undoing.
  case duplicates(DuplicatesAction)
  /// Delete asks first; the confirmation sends ``delete(_:)``.
  indirect case askToDelete(Contact)
  /// The user confirmed deleting this contact.
  indirect case delete(Contact)
  /// The delete is done; `neighbour` takes the deleted contact's place under the selection.
  indirect case deleted(Contact, neighbour: Contact?)
  case deleteFailed(String)
  /// The list's book key: a chooser of the account's address books, "All books" first, whose
  /// answer sends ``ContactsBrowserAction/showBook(_:)``.
  case chooseBook
  /// The move key: a chooser of the account's other books (those the server has) for `contact`,
  /// whose answer sends ``moveContact(_:toBook:)``.
  indirect case chooseBookToMove(Contact)
  /// Move `contact` to the account's book `toBook` (``ContactBook/number``).
  indirect case moveContact(Contact, toBook: Int)
  /// The move is done here (the next sync does it on the server): the list and the detail follow.
  indirect case movedContact(Contact, toBook: String)
  /// The move was refused: why, in words.
  case moveFailed(String)
  /// Sign-out asks first; the confirmation sends ``signOut``.
  case askToSignOut
  case signOut
  /// Esc in the editor: it leaves at once, or asks first while it holds unsaved changes.
  case cancelEditing
  /// The dialog was answered (its button's action, if any, follows).
  case dismissDialog
  /// A chooser's ↑ or ↓: selects its row at this index.
  case selectInDialog(Int)
  /// The user asked to quit: the app ends at once, or asks first while the editor holds
  /// unsaved changes.
  case quit
  /// The user confirmed quitting although the editor holds unsaved changes.
  case quitConfirmed
  case clearNotice
  /// The preview pane's timer ended: it shows the selection, unless that moved meanwhile (see
  /// ``ContactPreview``).
  case previewTimerEnded
  /// Another program committed to the database: the count, the list, the search results and
  /// the detail catch up, the selection staying on its contact.
  case databaseChanged
}

extension AppAction {
  /// Goes to `route`: what a screen's key sends to move the app (the reducer decides whether
  /// the session allows it).
  public static func go(_ route: AppRoute) -> AppAction { .route(.set(route.route)) }
}
