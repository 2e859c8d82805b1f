public import ContactsModel
public import Flow
public import TerminalUI

/// The contact on the detail screen (`contacts/<id>`), loaded by id, so a deep link works the
/// same as opening a row.
public struct ContactDetail: Equatable, Sendable {
  public var id: Int64
  public var contact: Loadable<Contact>

  public init(id: Int64, contact: Loadable<Contact> = .loading) {
    self.id = id
    self.contact = contact
  }

  /// The effect id of a load: a new load (a retry, a refresh after another program's write)
  /// replaces the one in flight. The screen's first load is also cancelled as it leaves the stage.
  public static func effectID(_ id: Int64) -> String { "contact-detail/\(id)" }
}

public enum ContactDetailAction: Equatable, Sendable, Codable {
  case load
  indirect case loaded(Int64, Loadable<Contact>)
}

public func contactDetailReducer(client: ContactsClient) -> Reducer<ContactDetail, ContactDetailAction> {
  Reducer { detail, action in
    switch action {
    case .load:
      detail.contact = .loading
      let id = detail.id
      return .run { send in
        let contact = try await client.contact(id)
        await send(.loaded(id, contact.map(Loadable.loaded) ?? .failed("This contact does not exist (any more).")))
      } onError: { error, send in
        await send(.loaded(id, .failed("Could not load the contact: \(error)")))
      }
      .cancellable(id: ContactDetail.effectID(id), cancelInFlight: true)

    case .loaded(let id, let contact):
      guard id == detail.id else { return .none }
      detail.contact = contact
      return .none
    }
  }
}
