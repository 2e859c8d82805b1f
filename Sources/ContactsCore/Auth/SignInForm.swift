public import ContactsModel
public import Flow
public import TerminalUI

/// The sign-in form's state: everything the screen shows, as values.
public struct SignInForm: Equatable, Sendable {
  public enum Field: Hashable, Sendable { case email, password, submit }

  public enum Status: Equatable, Sendable {
    case editing
    /// Waiting for the account check; `tick` animates the spinner.
    case signingIn(tick: Int)
    /// The last attempt failed; the banner shows `message`.
    case failed(message: String)
  }

  public var email = TextInput("", maxLength: 254)
  public var password = Secret(TextInput("", maxLength: 1_024))
  public var focus = FocusRing<Field>([.email, .password, .submit])
  /// Fields edited at least once: only those show their errors.
  public var edited: Set<Field> = []
  public var status = Status.editing

  public init() {}

  public var emailError: String? {
    guard edited.contains(.email), !EmailAddress.isValid(email.text) else { return nil }
    return "Enter a valid email address"
  }

  public var passwordError: String? {
    guard edited.contains(.password), password.value.text.count < AuthRules.minimumPasswordLength else { return nil }
    return "Use at least \(AuthRules.minimumPasswordLength) characters"
  }

  public var isValid: Bool {
    EmailAddress.isValid(email.text) && password.value.text.count >= AuthRules.minimumPasswordLength
  }

  public var isSigningIn: Bool {
    if case .signingIn = status { true } else { false }
  }

  public var canSubmit: Bool { isValid && !isSigningIn }
}

/// Rules shared by the auth forms.
public enum AuthRules {
  public static let minimumPasswordLength = 8
}

public enum SignInAction: Equatable, Sendable {
  /// A key for the focused field (editing keys) or the form (Tab, Enter…).
  case key(Key)
  case paste(String)
  case submit
  case response(Result<SignedInUser, AccountError>)
  case lastEmailLoaded(String?)
  case tick
}

/// The sign-in form's reducer. On success it only reports `.response(.success)`; the app's
/// reducer moves the session on.
public func signInReducer(client: AuthClient) -> Reducer<SignInForm, SignInAction> {
  Reducer { form, action in
    switch action {
    case .key(let key):
      guard !form.isSigningIn else { return .none }
      switch key {
      case .tab, .down:
        form.focus.next()
      case .backTab, .up:
        form.focus.previous()
      case .enter:
        if form.focus.focused == .email {
          form.focus.focus(.password)
          return .none
        }
        return .send(.submit)
      default:
        switch form.focus.focused {
        case .email:
          if form.email.handle(key) { form.edited.insert(.email) }
        case .password:
          if form.password.value.handle(key) { form.edited.insert(.password) }
        case .submit:
          break
        }
      }
      return .none

    case .paste(let text):
      guard !form.isSigningIn else { return .none }
      switch form.focus.focused {
      case .email:
        form.email.insert(text)
        form.edited.insert(.email)
      case .password:
        form.password.value.insert(text)
        form.edited.insert(.password)
      case .submit:
        break
      }
      return .none

    case .submit:
      guard !form.isSigningIn else { return .none }
      guard form.isValid else {
        // Show every problem at once rather than a disabled button with no reason.
        form.edited.formUnion([.email, .password])
        return .none
      }
      form.status = .signingIn(tick: 0)
      let email = form.email.text.trimmingCharacters(in: .whitespaces)
      let password = form.password.value.text
      return .run { send in
        do throws(AccountError) {
          let user = try await client.signIn(email, password)
          await client.rememberEmail(email)
          await send(.response(.success(user)))
        } catch {
          await send(.response(.failure(error)))
        }
      }
      .cancellable(id: SignInForm.signInEffect, cancelInFlight: true)

    case .response(.success):
      form.status = .editing
      return .none

    case .response(.failure(let error)):
      form.status = .failed(message: error.description)
      form.password.value.set("")
      form.edited.remove(.password)
      form.focus.focus(.password)
      return .none

    case .lastEmailLoaded(let email):
      if let email, form.email.isEmpty {
        form.email.set(email)
        form.focus.focus(.password)
      }
      return .none

    case .tick:
      if case .signingIn(let tick) = form.status { form.status = .signingIn(tick: tick + 1) }
      return .none
    }
  }
}

extension SignInForm {
  /// The id of the sign-in request, cancelled when the screen goes away.
  public static let signInEffect = "auth/sign-in/request"
}
