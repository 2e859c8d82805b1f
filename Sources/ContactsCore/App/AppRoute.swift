public import Navigation

/// The app's places, as the route spells them. Parsing a ``Route`` into one of these is how a
/// deep link (`contacts --route contacts/42`) is checked before the app starts.
public enum AppRoute: Hashable, Sendable {
  case signIn
  case signUp
  case contacts
  case contact(Int64)
  case editContact(Int64)
  case newContact
  /// The sync screen: set-up, status, conflicts.
  case sync
  /// The likely duplicates, to merge or keep apart.
  case duplicates

  /// Every shape, for messages and help.
  public static let patterns = [
    "auth/sign-in", "auth/sign-up", "contacts", "contacts/<id>", "contacts/<id>/edit", "contacts/new", "contacts/sync",
    "contacts/duplicates",
  ]

  public init?(_ route: Route) {
    switch route.path {
    case ["auth", "sign-in"]: self = .signIn
    case ["auth", "sign-up"]: self = .signUp
    case ["contacts"]: self = .contacts
    case ["contacts", "new"]: self = .newContact
    case ["contacts", "sync"]: self = .sync
    case ["contacts", "duplicates"]: self = .duplicates
    default:
      guard route.path.count >= 2, route.path.count <= 3, route.path[0] == "contacts",
        let id = Int64(route.path[1]), id > 0
      else { return nil }
      if route.path.count == 2 {
        self = .contact(id)
      } else if route.path[2] == "edit" {
        self = .editContact(id)
      } else {
        return nil
      }
    }
  }

  /// Parses a deep link, or says what is wrong with it.
  public static func parse(_ text: String) -> Result<AppRoute, RouteError> {
    guard let route = Route(parsing: text) else { return .failure(.malformed(text)) }
    guard let appRoute = AppRoute(route) else { return .failure(.unknown(text)) }
    return .success(appRoute)
  }

  public var route: Route {
    switch self {
    case .signIn: Route(["auth", "sign-in"])
    case .signUp: Route(["auth", "sign-up"])
    case .contacts: Route(["contacts"])
    case .contact(let id): Route(["contacts", "\(id)"])
    case .editContact(let id): Route(["contacts", "\(id)", "edit"])
    case .newContact: Route(["contacts", "new"])
    case .sync: Route(["contacts", "sync"])
    case .duplicates: Route(["contacts", "duplicates"])
    }
  }

  /// Whether only a signed-in user may be here.
  public var requiresSignIn: Bool {
    switch self {
    case .signIn, .signUp: false
    case .contacts, .contact, .editContact, .newContact, .sync, .duplicates: true
    }
  }

  /// The contact the detail screen shows on this route (also under its editor, in the stack).
  public var detailID: Int64? {
    switch self {
    case .contact(let id), .editContact(let id): id
    default: nil
    }
  }
}

/// Why a deep link was refused, in words for the command line.
public enum RouteError: Error, Equatable, Sendable, CustomStringConvertible {
  case malformed(String)
  case unknown(String)

  public var description: String {
    let known = AppRoute.patterns.joined(separator: ", ")
    return switch self {
    case .malformed(let text):
      "“\(text)” is not a route: use segments separated by “/”, like contacts/42. Routes: \(known)."
    case .unknown(let text): "There is no route “\(text)”. Routes: \(known)."
    }
  }
}
