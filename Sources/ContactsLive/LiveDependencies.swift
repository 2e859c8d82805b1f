public import ContactsCore
import ContactsModel
public import ContactsServices

extension AppDependencies {
  /// The app's clients over the database: accounts through `AccountService`, contacts through
  /// `ContactStore`, each contacts client scoped to the signed-in account.
  public static func live(accounts: AccountService, contacts: ContactStore) -> AppDependencies {
    AppDependencies(
      auth: AuthClient(
        signIn: { email, password throws(AccountError) in
          try await AccountError.catching { try await accounts.signIn(email: email, password: password) }
        },
        signUp: { email, password throws(AccountError) in
          try await AccountError.catching { try await accounts.createAccount(email: email, password: password) }
        },
        lastEmail: { try? await accounts.lastEmail() },
        rememberEmail: { email in try? await accounts.remember(email: email) }),
      contacts: { user in
        let account = user.id
        return ContactsClient(
          count: { try await contacts.count(account: account) },
          page: { request, limit in
            switch request {
            case .first: try await contacts.page(account: account, after: nil, limit: limit)
            case .last: try await contacts.page(account: account, before: nil, limit: limit)
            case .after(let position): try await contacts.page(account: account, after: position, limit: limit)
            case .before(let position): try await contacts.page(account: account, before: position, limit: limit)
            }
          },
          index: { position in try await contacts.index(of: position, account: account) },
          contact: { id in try await contacts.contact(id: id, account: account) },
          search: { query, limit in
            try await contacts.search(account: account, query: query, limit: limit)
          },
          insert: { draft in try await contacts.insert(draft, account: account) },
          update: { id, draft, startedFrom in
            do {
              return try await contacts.update(
                id: id, with: draft, account: account, startedFrom: startedFrom?.revision)
            } catch ContactStore.StoreError.changedElsewhere(let current) {
              throw ContactSaveError.changedElsewhere(current: current)
            } catch ContactStore.StoreError.notFound {
              throw ContactSaveError.deletedElsewhere
            }
          },
          delete: { id in try await contacts.delete(id: id, account: account) })
      })
  }
}

extension AccountError {
  /// Runs `body`, passing account errors through and turning anything else (a database
  /// failure) into a message the form can show.
  static func catching<Value>(_ body: () async throws -> Value) async throws(AccountError) -> Value {
    do {
      return try await body()
    } catch let error as AccountError {
      throw error
    } catch {
      throw AccountError.unavailable("\(error)")
    }
  }
}
