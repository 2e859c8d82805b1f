public import ContactsCore
import ContactsModel
public import ContactsServices

extension AppDependencies {
  /// The app's clients over the database: accounts through `AccountService`, contacts through
  /// `ContactStore`, each contacts client scoped to the signed-in account.
  public static func live(accounts: AccountService, contacts: ContactStore) -> AppDependencies {
    let accountsPath = accounts.databasePath
    let path = contacts.databasePath
    var dependencies = AppDependencies(
      auth: AuthClient(
        signIn: { email, password throws(AccountError) in
          try await AccountError.catching(databasePath: accountsPath) {
            try await accounts.signIn(email: email, password: password)
          }
        },
        signUp: { email, password throws(AccountError) in
          try await AccountError.catching(databasePath: accountsPath) {
            try await accounts.createAccount(email: email, password: password)
          }
        },
        lastEmail: { try? await accounts.lastEmail() },
        rememberEmail: { email in try? await accounts.remember(email: email) }),
      contacts: { user in
        let account = user.id
        return ContactsClient(
          count: { book in try await contacts.count(account: account, book: book) },
          page: { request, limit, book in
            switch request {
            case .first: try await contacts.page(account: account, book: book, after: nil, limit: limit)
            case .last: try await contacts.page(account: account, book: book, before: nil, limit: limit)
            case .after(let position):
              try await contacts.page(account: account, book: book, after: position, limit: limit)
            case .before(let position):
              try await contacts.page(account: account, book: book, before: position, limit: limit)
            }
          },
          index: { position, book in try await contacts.index(of: position, account: account, book: book) },
          contact: { id in try await contacts.contact(id: id, account: account) },
          search: { query, limit, book in
            try await contacts.search(account: account, book: book, query: query, limit: limit)
          },
          books: { try await contacts.books(account: account) },
          insert: { draft throws(ContactSaveError) in
            try await ContactSaveError.catching(databasePath: path) {
              try await contacts.insert(draft, account: account)
            }
          },
          update: { id, draft, startedFrom throws(ContactSaveError) in
            try await ContactSaveError.catching(databasePath: path) {
              try await contacts.update(id: id, with: draft, account: account, startedFrom: startedFrom?.revision)
            }
          },
          // Writes that the disk refuses say so in words (see `StorageError`).
          delete: { id in
            try await StorageError.translating(databasePath: path) {
              try await contacts.delete(id: id, account: account)
            }
          })
      })
    dependencies.duplicates = { user in DuplicatesClient.live(contacts, account: user.id) }
    return dependencies
  }
}

extension AppDependencies {
  /// These dependencies, with the database watched for other programs' commits (see
  /// `DatabaseWatcher`): the open app shows what `contacts import` or a second terminal wrote.
  public func watching(_ database: ContactsDatabase) -> AppDependencies {
    var dependencies = self
    dependencies.databaseChanges = { DatabaseWatcher.changes(of: database) }
    return dependencies
  }
}

extension ContactSaveError {
  /// Runs a save, turning what the store refuses into the reason the editor shows: the one
  /// place the database's errors become a ``ContactSaveError`` (a full disk in words, see
  /// `StorageError`).
  static func catching(
    databasePath: String, _ body: () async throws -> Contact
  ) async throws(ContactSaveError) -> Contact {
    do {
      return try await body()
    } catch ContactStore.StoreError.changedElsewhere(let current) {
      throw .changedElsewhere(current: current)
    } catch ContactStore.StoreError.notFound {
      throw .deletedElsewhere
    } catch {
      throw .failed(StorageError(error, databasePath: databasePath)?.description ?? "\(error)")
    }
  }
}

extension AccountError {
  /// Runs `body`, passing account errors through and turning anything else (a full disk, a
  /// database failure) into a message the form can show.
  static func catching<Value>(
    databasePath: String, _ body: () async throws -> Value
  ) async throws(AccountError) -> Value {
    do {
      return try await body()
    } catch let error as AccountError {
      throw error
    } catch {
      if let storage = StorageError(error, databasePath: databasePath) {
        throw AccountError.storage(storage.description)
      }
      throw AccountError.unavailable("\(error)")
    }
  }
}
