import ContactsConfig
import ContactsCore

extension AppDependencies {
  /// What the config file changes in the app's services: sync's interval, and the account the
  /// sign-in form offers (the configured one rather than the last one used here).
  func configured(by settings: ContactsSettings) -> AppDependencies {
    var dependencies = self
    dependencies.syncInterval = settings.syncInterval
    if let account = settings.account { dependencies.auth.lastEmail = { account } }
    return dependencies
  }
}
