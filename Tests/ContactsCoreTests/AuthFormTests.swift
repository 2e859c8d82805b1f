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

  private func type(
    _ text: String, into store: TestStore<AuthForm, AuthFormAction>,
    update: @escaping (inout AuthForm, Character) -> Void
  ) {
    for character in text {
      store.send(.key(.character(character))) { update(&$0, character) }
    }
  }

  @Test func errorsShowOnlyAfterTheirFieldWasEdited() {
    var form = AuthForm(.signIn)
    #expect(form.emailError == nil && form.passwordError == nil)
    #expect(!form.canSubmit)
    form.email.set("ada")
    #expect(form.emailError == nil, "not edited through the form yet")
    form.edited.insert(.email)
    #expect(form.emailError == "Enter a valid email address")
  }

  @Test func invalidEmailAndShortPasswordAfterBothWereEdited() async {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    type("ada@", into: store) { form, character in
      form.email.handle(.character(character))
      form.edited.insert(.email)
    }
    store.send(.key(.tab)) { $0.focus.focus(.password) }
    type("short", into: store) { form, character in
      form.password.value.handle(.character(character))
      form.edited.insert(.password)
    }
    #expect(store.state.emailError == "Enter a valid email address")
    #expect(store.state.passwordError == "Use at least 8 characters")
    #expect(!store.state.canSubmit)
    // Enter in the password field submits; an invalid form sends nothing and shows what is
    // wrong (already shown here, so the state does not change).
    store.send(.key(.enter))
    await store.receive(.submit)
  }

  @Test func focusMovesWithTabShiftTabUpAndDown() async {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.key(.tab)) { $0.focus.focus(.password) }
    store.send(.key(.down)) { $0.focus.focus(.submit) }
    store.send(.key(.down)) { $0.focus.focus(.email) }
    store.send(.key(.backTab)) { $0.focus.focus(.submit) }
    store.send(.key(.up)) { $0.focus.focus(.password) }
    // Enter in the password field submits.
    store.send(.key(.enter))
    await store.receive(.submit) { $0.edited = [.email, .password] }
  }

  @Test func submittingAnInvalidFormShowsEveryProblem() async {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.submit) { $0.edited = [.email, .password] }
    #expect(store.state.emailError != nil && store.state.passwordError != nil)
  }

  @Test func signingInDisablesTheFormAnimatesAndRemembersTheEmail() async {
    var form = AuthForm(.signIn)
    form.email.set("ada@example.com")
    form.password.value.set("analytical")
    form.focus.focus(.password)
    let accounts = FakeAccounts { _, _ in .success(Self.ada) }
    let store = TestStore(initialState: form, reducer: authFormReducer(client: accounts.client))
    store.send(.key(.enter))
    await store.receive(.submit) { $0.status = .submitting(tick: 0) }
    // The rest of the UI stays responsive; the fields ignore keys meanwhile.
    store.send(.key(.character("x")))
    store.send(.tick) { $0.status = .submitting(tick: 1) }
    await store.receive(.response(.success(Self.ada))) { $0.status = .editing }
    await store.finish()
    #expect(accounts.remembered.withLock { $0 } == ["ada@example.com"])
  }

  @Test func aFailureShowsOneMessageClearsThePasswordAndFocusesIt() async {
    var form = AuthForm(.signIn)
    form.email.set("ada@example.com")
    form.password.value.set("wrong-password")
    form.edited = [.email, .password]
    let store = TestStore(initialState: form, reducer: authFormReducer(client: Self.accounts.client))
    store.send(.submit) { $0.status = .submitting(tick: 0) }
    await store.receive(.response(.failure(.invalidCredentials))) {
      $0.status = .failed(message: "Incorrect email or password")
      $0.password.value.set("")
      $0.edited = [.email]
      $0.focus.focus(.password)
    }
    await store.finish()
  }

  @Test func backOffIsExplained() async {
    var form = AuthForm(.signIn)
    form.email.set("ada@example.com")
    form.password.value.set("wrong-password")
    let accounts = FakeAccounts { _, _ in .failure(.tooManyAttempts(retryAfterSeconds: 30)) }
    let store = TestStore(initialState: form, reducer: authFormReducer(client: accounts.client))
    store.send(.submit) { $0.status = .submitting(tick: 0) }
    await store.receive(.response(.failure(.tooManyAttempts(retryAfterSeconds: 30)))) {
      $0.status = .failed(message: "Too many failed attempts. Try again in 30 s.")
      $0.password.value.set("")
      $0.focus.focus(.password)
    }
    await store.finish()
  }

  @Test func theLastEmailIsOfferedTabTakesItTypingReplacesIt() {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.lastEmailLoaded("grace@example.com")) { $0.suggestedEmail = "grace@example.com" }
    store.send(.key(.tab)) {
      $0.suggestedEmail = nil
      $0.email.set("grace@example.com")
      $0.edited = [.email]
      $0.focus.focus(.password)
    }

    let typing = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    typing.send(.lastEmailLoaded("grace@example.com")) { $0.suggestedEmail = "grace@example.com" }
    typing.send(.key(.character("a"))) {
      $0.suggestedEmail = nil
      $0.email.set("a")
      $0.edited = [.email]
    }
    // Once the field was edited, a late answer offers nothing.
    typing.send(.lastEmailLoaded("other@example.com"))
  }

  @Test func pastesGoToTheFocusedField() {
    let store = TestStore(initialState: AuthForm(.signIn), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.paste("ada@example.com\n")) {
      $0.email.insert("ada@example.com\n")
      $0.edited = [.email]
    }
  }

  @Test func thePasswordNeverAppearsInDescriptions() {
    var form = AuthForm(.signIn)
    form.password.value.set("hunter2-hunter2")
    #expect(!String(describing: form).contains("hunter2"))
    #expect(!String(reflecting: AuthFormAction.paste("x")).contains("hunter2"))
  }

  @Test func signUpNeedsAMatchingConfirmation() async {
    let accounts = FakeAccounts { email, _ in .success(SignedInUser(id: 2, email: email)) }
    var form = AuthForm(.signUp)
    form.email.set("grace@example.com")
    form.password.value.set("compilers")
    form.focus.focus(.confirmation)
    let store = TestStore(initialState: form, reducer: authFormReducer(client: accounts.client))
    for character in "compilerz" {
      store.send(.key(.character(character))) {
        $0.confirmation.value.handle(.character(character))
        $0.edited = [.confirmation]
      }
    }
    #expect(store.state.confirmationError == "The passwords do not match")
    #expect(!store.state.canSubmit)
    store.send(.key(.backspace)) {
      $0.confirmation.value.handle(.backspace)
    }
    store.send(.key(.character("s"))) { $0.confirmation.value.handle(.character("s")) }
    #expect(store.state.confirmationError == nil)
    #expect(store.state.canSubmit)
    // Enter in the last field submits.
    store.send(.key(.enter))
    await store.receive(.submit) { $0.status = .submitting(tick: 0) }
    await store.receive(.response(.success(SignedInUser(id: 2, email: "grace@example.com")))) { $0.status = .editing }
    await store.finish()
  }

  @Test func signUpMovesDownTheFieldsOnEnter() {
    let store = TestStore(initialState: AuthForm(.signUp), reducer: authFormReducer(client: Self.accounts.client))
    store.send(.key(.enter)) { $0.focus.focus(.password) }
    store.send(.key(.enter)) { $0.focus.focus(.confirmation) }
  }

  @Test func aTakenEmailSendsTheFocusBackToIt() async {
    let accounts = FakeAccounts { _, _ in .failure(.emailTaken) }
    var form = AuthForm(.signUp)
    form.email.set("ada@example.com")
    form.password.value.set("analytical")
    form.confirmation.value.set("analytical")
    form.focus.focus(.submit)
    let store = TestStore(initialState: form, reducer: authFormReducer(client: accounts.client))
    store.send(.submit) { $0.status = .submitting(tick: 0) }
    await store.receive(.response(.failure(.emailTaken))) {
      $0.status = .failed(message: "An account with this email already exists")
      $0.password.value.set("")
      $0.confirmation.value.set("")
      $0.focus.focus(.email)
    }
    await store.finish()
  }
}
