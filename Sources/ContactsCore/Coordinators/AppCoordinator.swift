import Flow
public import Navigation
import TerminalUI

/// The root of the coordinator tree: it starts the auth coordinator or the contacts
/// coordinator for the section the route is in, stopping the other (which tears its screens
/// down), and keeps the title bar's status in step with the session.
@MainActor
public final class AppCoordinator: Coordinator {
  private let context: ScreenContext
  public private(set) var auth: AuthCoordinator?
  public private(set) var contacts: ContactsCoordinator?

  public init(context: ScreenContext) {
    self.context = context
  }

  public func start() {
    context.store.observe(self, select: { $0.route.path.first ?? "" }) { coordinator, section in
      coordinator.enter(section)
    }
    context.store.observe(self, select: \.statusText) { coordinator, status in
      coordinator.context.wireframe.status = status
    }
  }

  public func stop() {
    context.store.unsubscribe(self)
    auth?.stop()
    contacts?.stop()
    auth = nil
    contacts = nil
    context.wireframe.show(stack: [])
  }

  private func enter(_ section: String) {
    if section == "auth", auth == nil {
      contacts?.stop()
      contacts = nil
      let auth = AuthCoordinator(context: context)
      self.auth = auth
      auth.start()
    } else if section == "contacts", contacts == nil {
      auth?.stop()
      auth = nil
      let contacts = ContactsCoordinator(context: context)
      self.contacts = contacts
      contacts.start()
    }
  }
}

extension AppState {
  /// The right side of the title bar: a notice, else who is signed in and, when the account
  /// syncs, how that goes.
  var statusText: String {
    guard let signedIn else { return "" }
    if let notice = signedIn.notice { return notice }
    guard let sync = signedIn.sync.headerText else { return signedIn.user.email }
    return "\(signedIn.user.email) · \(sync)"
  }
}
