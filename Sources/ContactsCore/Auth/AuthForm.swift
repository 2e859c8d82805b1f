public import ContactsModel
public import Flow
public import TerminalUI

/// The sign-in and sign-up forms' state: everything the screens show, as values. Sign-up has a
/// confirmation field; otherwise both work alike, so they share this type and its reducer.
public struct AuthForm: Equatable, Sendable {
  public enum Mode: Equatable, Sendable { case signIn, signUp }
  public enum Field: Hashable, Sendable, Codable { case email, password, confirmation, submit }

  public enum Status: Equatable, Sendable {
    case editing
    /// Waiting for the account service; `tick` animates the spinner.
    case submitting(tick: Int)
    /// The last attempt failed; the banner shows `message`.
    case failed(message: String)
  }

  public let mode: Mode
  public var email = TextInput("", maxLength: 254)
  public var password = Secret(TextInput("", maxLength: 1_024))
  public var confirmation = Secret(TextInput("", maxLength: 1_024))
  public var focus: FocusRing<Field>
  /// Fields edited at least once: only those show their errors.
  public var edited: Set<Field> = []
  public var status = Status.editing
  /// The last email used on this machine, offered in the empty email field: Tab, Enter, ↓
  /// or → accept it; typing replaces it.
  public var suggestedEmail: String?
  /// Set when a paste did not fit in its field; cleared by the next key.
  public var notice: String?

  public init(_ mode: Mode) {
    self.mode = mode
    focus = FocusRing(mode == .signIn ? [.email, .password, .submit] : [.email, .password, .confirmation, .submit])
  }

  public var emailError: String? {
    guard edited.contains(.email), !EmailAddress.isValid(email.text) else { return nil }
    return "Enter a valid email address"
  }

  public var passwordError: String? {
    guard edited.contains(.password), password.value.text.count < AuthRules.minimumPasswordLength else { return nil }
    return "Use at least \(AuthRules.minimumPasswordLength) characters"
  }

  public var confirmationError: String? {
    guard mode == .signUp, edited.contains(.confirmation), confirmation.value.text != password.value.text else {
      return nil
    }
    return "The passwords do not match"
  }

  public var isValid: Bool {
    EmailAddress.isValid(email.text) && password.value.text.count >= AuthRules.minimumPasswordLength
      && (mode == .signIn || confirmation.value.text == password.value.text)
  }

  public var isSubmitting: Bool {
    if case .submitting = status { true } else { false }
  }

  public var canSubmit: Bool { isValid && !isSubmitting }

  /// The text input of a field, for editing (nil for the button).
  subscript(input field: Field) -> TextInput? {
    get {
      switch field {
      case .email: email
      case .password: password.value
      case .confirmation: confirmation.value
      case .submit: nil
      }
    }
    set {
      guard let newValue else { return }
      switch field {
      case .email: email = newValue
      case .password: password.value = newValue
      case .confirmation: confirmation.value = newValue
      case .submit: break
      }
    }
  }
}

/// Rules shared by the auth forms.
public enum AuthRules {
  public static let minimumPasswordLength = 8
}

public enum AuthFormAction: Equatable, Sendable {
  /// A key for the focused field (editing keys) or the form (Tab, Enter…).
  case key(Key)
  case paste(String)
  case submit
  /// A click on a field: the focus goes there, the cursor where it was clicked.
  case focus(AuthForm.Field, column: Int)
  case response(Result<SignedInUser, AccountError>)
  case lastEmailLoaded(String?)
  case tick
}

/// The auth forms' reducer. On success it only reports `.response(.success)`; the app's reducer
/// moves the session on.
public func authFormReducer(client: AuthClient) -> Reducer<AuthForm, AuthFormAction> {
  Reducer { form, action in
    switch action {
    case .key(let key):
      guard !form.isSubmitting else { return .none }
      form.notice = nil
      if let suggestion = form.suggestedEmail, form.focus.focused == .email, form.email.isEmpty {
        form.suggestedEmail = nil
        if [.tab, .down, .enter, .right].contains(key) {
          form.email.set(suggestion)
          form.edited.insert(.email)
          if key == .right { return .none }
        }
      }
      switch key {
      case .tab, .down:
        form.focus.next()
      case .backTab, .up:
        form.focus.previous()
      case .enter:
        // Enter moves down the fields and submits from the last one or the button.
        if form.focus.focused != .submit && form.focus.order.dropLast().last != form.focus.focused {
          form.focus.next()
          return .none
        }
        return .send(.submit)
      default:
        let field = form.focus.focused
        if var input = form[input: field], input.handle(key) {
          form[input: field] = input
          // Asked first: the set's storage is shared with the state last drawn, and inserting
          // what it holds would copy it at every key.
          if !form.edited.contains(field) { form.edited.insert(field) }
        }
      }
      return .none

    case .focus(let field, let column):
      guard !form.isSubmitting, form.focus.order.contains(field) else { return .none }
      form.focus.focus(field)
      if var input = form[input: field] {
        input.placeCursor(atColumn: column, masked: field != .email)
        form[input: field] = input
      }
      return .none

    case .paste(let text):
      guard !form.isSubmitting else { return .none }
      form.suggestedEmail = nil
      let field = form.focus.focused
      if var input = form[input: field] {
        let dropped = input.insert(text)
        form[input: field] = input
        form.edited.insert(field)
        form.notice = dropped > 0 ? "The paste was cut to \(input.maxLength) characters" : nil
      }
      return .none

    case .submit:
      guard !form.isSubmitting else { return .none }
      guard form.isValid else {
        // Show every problem at once rather than a disabled button with no reason.
        form.edited.formUnion(form.focus.order.filter { $0 != .submit })
        return .none
      }
      form.status = .submitting(tick: 0)
      let email = form.email.text.trimmingCharacters(in: .whitespaces)
      let password = form.password.value.text
      let mode = form.mode
      return .run { send in
        do throws(AccountError) {
          let user = try await (mode == .signIn ? client.signIn(email, password) : client.signUp(email, password))
          await client.rememberEmail(email)
          await send(.response(.success(user)))
        } catch {
          await send(.response(.failure(error)))
        }
      }
      .cancellable(id: AuthForm.submitEffect, cancelInFlight: true)

    case .response(.success):
      form.status = .editing
      return .none

    case .response(.failure(let error)):
      form.status = .failed(message: error.description)
      form.password.value.set("")
      form.confirmation.value.set("")
      form.edited.subtract([.password, .confirmation])
      form.focus.focus(error == .emailTaken || error == .invalidEmail ? .email : .password)
      return .none

    case .lastEmailLoaded(let email):
      if let email, form.email.isEmpty, !form.edited.contains(.email) {
        form.suggestedEmail = email
      }
      return .none

    case .tick:
      if case .submitting(let tick) = form.status { form.status = .submitting(tick: tick + 1) }
      return .none
    }
  }
}

extension AuthForm {
  /// The id of the request to the account service, cancelled when the screen goes away.
  public static let submitEffect = "auth/request"
}
