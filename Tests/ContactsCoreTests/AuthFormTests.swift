import ContactsModel
import Flow
import FlowTesting
import Synchronization
import TerminalUI
import Testing

@testable import ContactsCore

/// A fake account service: answers sign-in from a table and records remembered emails.
final class FakeAccounts: Sendable {
  let remembered = Mutex<[String]>([])
  let answer: @Sendable (String, String) -> Result<SignedInUser, AccountError>

  init(answer: @escaping @Sendable (String, String) -> Result<SignedInUser, AccountError>) {
    self.answer = answer
  }

  var client: AuthClient {
    AuthClient(
      signIn: { email, password throws(AccountError) in try self.answer(email, password).get() },
      signUp: { email, password throws(AccountError) in try self.answer(email, password).get() },
      lastEmail: { nil },
      rememberEmail: { email in self.remembered.withLock { $0.append(email) } })
  }
}

@MainActor
struct AuthFormTests {
  nonisolated static let ada = SignedInUser(id: 1, email: "ada@example.com")
  nonisolated static let accounts = FakeAccounts { email, password in
    email == "ada@example.com" && password == "analytical" ? .success(ada) : .failure(.invalidCredentials)
  }

  /// A form of `mode` holding `email` and `password` (and the confirmation), focus on `focus`.
  static func form(
    _ mode: AuthForm.Mode = .signIn, email: String = "", password: String = "", confirmation: String = "",
    focus: AuthForm.Field = .email
  ) -> AuthForm {
    var auth = AuthForm(mode)
    auth.form.set(.email, text: email)
    auth.form.set(.password, text: password)
    auth.form.set(.confirmation, text: confirmation)
    auth.form.move(to: .field(focus))
    auth.form.touched = []
    auth.form.validate(AuthForm.rules)
    return auth
  }

  private func type(_ text: String, into store: TestStore<AuthForm, AuthFormAction>, field: AuthForm.Field) {
    for character in text {
      store.send(.form(.edit(.insert(String(character))))) {
        $0.form.set(field, text: $0.form.text(field) + String(character))
        $0.form.validate(AuthForm.rules)
      }
    }
  }

  @Test func problemsShowOnceTheirFieldWasLeft() {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    #expect(!store.state.form.canSubmit)
    type("ada@", into: store, field: .email)
    #expect(store.state.form.shownProblem(at: .field(.email)) == nil, "not left yet")
    store.send(.form(.next)) { $0.form.move(to: .field(.password)) }
    #expect(store.state.form.shownProblem(at: .field(.email)) == "Enter a valid email address")
    type("short", into: store, field: .password)
    #expect(store.state.form.shownProblem(at: .field(.password)) == nil)
    // Enter in the password field submits; an invalid form sends nothing and shows every problem.
    store.send(.form(.enter)) {
      $0.form.submitTried = true
      $0.form.move(to: .field(.email))
      $0.form.touched.remove(.field(.password))
    }
    #expect(store.state.form.shownProblem(at: .field(.password)) == "Use at least 8 characters")
    #expect(store.state.form.focus == .field(.email), "on the first problem")
  }

  @Test func focusMovesWithNextAndPrevious() {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.form(.next)) { $0.form.move(to: .field(.password)) }
    store.send(.form(.next)) { $0.form.move(to: .submit) }
    store.send(.form(.next)) { $0.form.move(to: .field(.email)) }
    store.send(.form(.previous)) { $0.form.move(to: .submit) }
    store.send(.form(.previous)) { $0.form.move(to: .field(.password)) }
    #expect(store.state.form.touched == [.field(.email), .field(.password), .submit])
  }

  @Test func signingInDisablesTheFormAnimatesAndRemembersTheEmail() async {
    let accounts = FakeAccounts { _, _ in .success(Self.ada) }
    let store = TestStore(
      initialState: Self.form(email: "ada@example.com", password: "analytical", focus: .password),
      reducer: authFormReducer(client: accounts.client))
    store.send(.form(.enter)) { $0.form.isBusy = true }
    // The fields ignore keys meanwhile; the spinner turns.
    store.send(.form(.edit(.insert("x"))))
    store.send(.tick) { $0.form.tick = 1 }
    await store.receive(.response(.success(Self.ada))) { $0.form.finish(error: nil) }
    await store.finish()
    #expect(accounts.remembered.withLock { $0 } == ["ada@example.com"])
  }

  @Test func aFailureShowsOneMessageClearsThePasswordAndFocusesIt() async {
    let store = TestStore(
      initialState: Self.form(email: "ada@example.com", password: "wrong-password"),
      reducer: authFormReducer(client: Self.accounts.client))
    store.send(.form(.submit)) { $0.form.isBusy = true }
    await store.receive(.response(.failure(.invalidCredentials))) {
      $0.form.finish(error: "Incorrect email or password")
      $0.form.move(to: .field(.password))
      $0.form.set(.password, text: "")
      $0.form.validate(AuthForm.rules)
    }
    #expect(store.state.form.shownProblem(at: .field(.password)) == nil, "emptied by the app, not by the user")
    await store.finish()
  }

  @Test func backOffIsExplained() async {
    let accounts = FakeAccounts { _, _ in .failure(.tooManyAttempts(retryAfterSeconds: 30)) }
    let store = TestStore(
      initialState: Self.form(email: "ada@example.com", password: "wrong-password"),
      reducer: authFormReducer(client: accounts.client))
    store.send(.form(.submit)) { $0.form.isBusy = true }
    await store.receive(.response(.failure(.tooManyAttempts(retryAfterSeconds: 30)))) {
      $0.form.finish(error: "Too many failed attempts. Try again in 30 s.")
      $0.form.move(to: .field(.password))
      $0.form.set(.password, text: "")
      $0.form.validate(AuthForm.rules)
    }
    await store.finish()
  }

  @Test func theLastEmailIsOfferedNextTakesItTypingReplacesIt() {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.lastEmailLoaded("grace@example.com")) { $0.suggestedEmail = "grace@example.com" }
    #expect(store.state.form.fields[0].placeholder == "grace@example.com")
    store.send(.form(.next)) {
      $0.suggestedEmail = nil
      $0.form.set(.email, text: "grace@example.com")
      $0.form.move(to: .field(.password))
      $0.form.validate(AuthForm.rules)
    }

    let typing = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    typing.send(.lastEmailLoaded("grace@example.com")) { $0.suggestedEmail = "grace@example.com" }
    typing.send(.form(.edit(.insert("a")))) {
      $0.suggestedEmail = nil
      $0.form.set(.email, text: "a")
    }
    // → takes it and stays.
    let right = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    right.send(.lastEmailLoaded("grace@example.com")) { $0.suggestedEmail = "grace@example.com" }
    right.send(.form(.edit(.right))) {
      $0.suggestedEmail = nil
      $0.form.set(.email, text: "grace@example.com")
      $0.form.validate(AuthForm.rules)
    }
    // Once the field was left, a late answer offers nothing.
    typing.send(.form(.next)) { $0.form.move(to: .field(.password)) }
    typing.send(.lastEmailLoaded("other@example.com"))
  }

  @Test func pastesGoToTheFocusedFieldAndALongOneIsCut() {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.form(.paste("ada@example.com\n"))) {
      $0.form.set(.email, text: "ada@example.com ")
      $0.form.validate(AuthForm.rules)
    }
    let long = String(repeating: "x", count: 300)
    store.send(.form(.paste(long))) {
      $0.form.set(.email, text: String(("ada@example.com " + long).prefix(254)))
      $0.form.notice = "The paste was cut to 254 characters"
      $0.form.validate(AuthForm.rules)
    }
  }

  @Test func thePasswordNeverAppearsInDescriptions() {
    let auth = Self.form(password: "hunter2-hunter2")
    #expect(!String(describing: auth).contains("hunter2"))
    #expect(!String(reflecting: auth).contains("hunter2"))
    #expect(!StateDump.describe(auth).contains("hunter2"))
  }

  @Test func signUpNeedsAMatchingConfirmation() async {
    let accounts = FakeAccounts { email, _ in .success(SignedInUser(id: 2, email: email)) }
    let store = TestStore(
      initialState: Self.form(.signUp, email: "grace@example.com", password: "compilers", focus: .confirmation),
      reducer: authFormReducer(client: accounts.client))
    type("compilerz", into: store, field: .confirmation)
    #expect(store.state.form.problems[.field(.confirmation)] == "The passwords do not match")
    #expect(!store.state.form.canSubmit)
    store.send(.form(.edit(.deleteBackward))) {
      $0.form.set(.confirmation, text: "compiler")
      $0.form.validate(AuthForm.rules)
    }
    type("s", into: store, field: .confirmation)
    #expect(store.state.form.canSubmit)
    // Enter in the last field submits.
    store.send(.form(.enter)) { $0.form.isBusy = true }
    await store.receive(.response(.success(SignedInUser(id: 2, email: "grace@example.com")))) {
      $0.form.finish(error: nil)
    }
    await store.finish()
  }

  @Test func signUpMovesDownTheFieldsOnEnter() {
    let store = TestStore(initialState: AuthForm(.signUp), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.form(.enter)) { $0.form.move(to: .field(.password)) }
    store.send(.form(.enter)) { $0.form.move(to: .field(.confirmation)) }
  }

  @Test func aTakenEmailSendsTheFocusBackToIt() async {
    let accounts = FakeAccounts { _, _ in .failure(.emailTaken) }
    var auth = Self.form(.signUp, email: "ada@example.com", password: "analytical", confirmation: "analytical")
    auth.form.move(to: .submit)
    auth.form.touched = []
    let store = TestStore(initialState: auth, reducer: authFormReducer(client: accounts.client))
    store.send(.form(.enter)) { $0.form.isBusy = true }
    await store.receive(.response(.failure(.emailTaken))) {
      $0.form.finish(error: "An account with this email already exists")
      $0.form.move(to: .field(.email))
      $0.form.set(.password, text: "")
      $0.form.set(.confirmation, text: "")
      $0.form.validate(AuthForm.rules)
    }
    await store.finish()
  }
}
