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

  /// Read at every batch of actions (the coordinator names the stage from it): the segments
  /// are compared one by one, not as arrays built for each case.
  public init?(_ route: Route) {
    let path = route.path
    guard (1...3).contains(path.count) else { return nil }
    if path[0] == "auth" {
      guard path.count == 2 else { return nil }
      switch path[1] {
      case "sign-in": self = .signIn
      case "sign-up": self = .signUp
      default: return nil
      }
      return
    }
    guard path[0] == "contacts" else { return nil }
    guard path.count > 1 else {
      self = .contacts
      return
    }
    switch path[1] {
    case "new" where path.count == 2: self = .newContact
    case "sync" where path.count == 2: self = .sync
    case "duplicates" where path.count == 2: self = .duplicates
    default:
      guard let id = Int64(path[1]), id > 0 else { return nil }
      if path.count == 2 {
        self = .contact(id)
      } else if path[2] == "edit" {
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
