public import ContactsModel
public import Flow
public import TerminalUI

/// The sign-in and sign-up forms' state: the framework's form (email, password, and for
/// sign-up the confirmation) and the email offered from the last sign-in. Both work alike, so
/// they share this type and its reducer.
public struct AuthForm: Equatable, Sendable {
  public enum Mode: Equatable, Sendable { case signIn, signUp }
  public enum Field: Hashable, Sendable, Codable { case email, password, confirmation }

  public let mode: Mode
  public var form: Form<Field>
  /// The last email used on this machine, offered in the empty email field (its placeholder):
  /// Tab, Enter, ↓ or → accept it; typing replaces it.
  public var suggestedEmail: String? {
    didSet { form.setPlaceholder(suggestedEmail ?? "you@example.com", of: .email) }
  }

  public init(_ mode: Mode) {
    self.mode = mode
    var fields = [
      FormField(Field.email, "Email", .text(TextInput("", maxLength: 254)), placeholder: "you@example.com"),
      FormField(.password, "Password", .secret(TextInput("", maxLength: 1_024))),
    ]
    if mode == .signUp { fields.append(FormField(.confirmation, "Confirm", .secret(TextInput("", maxLength: 1_024)))) }
    form = Form(fields)
    form.validate(Self.rules)
  }

  /// What must hold before the form is sent: an email address, a long enough password, and on
  /// sign-up the same password twice.
  static let rules: FormRules<Field> = { form in
    var problems = [FormPlace<Field>: String](minimumCapacity: 3)
    if !EmailAddress.isValid(form.text(.email)) { problems[.field(.email)] = "Enter a valid email address" }
    let password = form.text(.password)
    if password.count < AuthRules.minimumPasswordLength {
      problems[.field(.password)] = AuthRules.passwordTooShort
    }
    if form.index(of: .confirmation) != nil, form.text(.confirmation) != password {
      problems[.field(.confirmation)] = "The passwords do not match"
    }
    return problems
  }

  public var isSubmitting: Bool { form.isBusy }
}

/// Rules shared by the auth forms.
public enum AuthRules {
  public static let minimumPasswordLength = 8
  /// What the password field says until it is long enough.
  static let passwordTooShort = "Use at least \(minimumPasswordLength) characters"
}

public enum AuthFormAction: Equatable, Sendable {
  /// What a key, a paste or a click means to the form.
  case form(FormIntent)
  case response(Result<SignedInUser, AccountError>)
  case lastEmailLoaded(String?)
  case tick
}

/// The auth forms' reducer. On success it only reports `.response(.success)`; the app's reducer
/// moves the session on.
public func authFormReducer(client: AuthClient) -> Reducer<AuthForm, AuthFormAction> {
  Reducer { auth, action in
    switch action {
    case .form(let intent):
      guard !auth.form.isBusy else { return .none }
      // Any key but a click takes the email offered away; those that move on take it.
      if let suggestion = auth.suggestedEmail, auth.form.focus == .field(.email), auth.form.text(.email).isEmpty,
        !intent.isClick
      {
        auth.suggestedEmail = nil
        if intent == .next || intent == .enter || intent == .edit(.right) {
          auth.form.set(.email, text: suggestion)
          auth.form.validate(AuthForm.rules)
          if intent == .edit(.right) { return .none }
        }
      }
      guard auth.form.apply(intent, rules: AuthForm.rules) == .submit else { return .none }
      let email = auth.form.text(.email).trimmingCharacters(in: .whitespaces)
      let password = auth.form.text(.password)
      let mode = auth.mode
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
      auth.form.finish(error: nil)
      return .none

    case .response(.failure(let error)):
      auth.form.finish(error: error.description)
      auth.form.move(to: .field(error == .emailTaken || error == .invalidEmail ? .email : .password))
      auth.form.set(.password, text: "")
      auth.form.set(.confirmation, text: "")
      auth.form.touched.subtract([.field(.password), .field(.confirmation)])
      auth.form.submitTried = false
      auth.form.validate(AuthForm.rules)
      return .none

    case .lastEmailLoaded(let email):
      if let email, auth.form.text(.email).isEmpty, !auth.form.touched.contains(.field(.email)) {
        auth.suggestedEmail = email
      }
      return .none

    case .tick:
      if auth.form.isBusy { auth.form.tick += 1 }
      return .none
    }
  }
}

extension AuthForm {
  /// The id of the request to the account service, cancelled when the screen goes away.
  public static let submitEffect = "auth/request"
}

extension FormIntent {
  fileprivate var isClick: Bool {
    if case .focus = self { true } else { false }
  }
}
