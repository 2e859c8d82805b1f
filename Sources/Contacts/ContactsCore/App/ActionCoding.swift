import ContactsModel
import TerminalUI

// Every `AppAction` is Codable so that a session can be recorded and replayed (`--record`,
// `contacts replay`). Most conformances are synthesized where the types are declared; this
// file holds the ones that need a hand.

/// `Result` is not Codable: a response is recorded as `{"succeeded": user}` or `{"failed": error}`.
extension AuthFormAction: Codable {
  private enum Coded: Codable {
    case form(FormIntent)
    case succeeded(SignedInUser)
    case failed(AccountError)
    case lastEmailLoaded(String?)
    case tick
  }

  public init(from decoder: any Decoder) throws {
    switch try Coded(from: decoder) {
    case .form(let intent): self = .form(intent)
    case .succeeded(let user): self = .response(.success(user))
    case .failed(let error): self = .response(.failure(error))
    case .lastEmailLoaded(let email): self = .lastEmailLoaded(email)
    case .tick: self = .tick
    }
  }

  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case .form(let intent): .form(intent)
      case .response(.success(let user)): .succeeded(user)
      case .response(.failure(let error)): .failed(error)
      case .lastEmailLoaded(let email): .lastEmailLoaded(email)
      case .tick: .tick
      }
    try coded.encode(to: encoder)
  }
}
