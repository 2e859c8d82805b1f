import Navigation

/// The key maps of the app's screens a user can give other keys (in the config file's
/// `[keys.SCREEN]` tables), by the names the screens give them: what checks a user's keys before
/// the app starts, and what lists the defaults.
public enum ContactsKeyMaps {
  /// Every screen's map, in the order the user guide lists them, and the dialogs' buttons'
  /// (`dialog`, ``DialogKeys``).
  public static var screens: [RebindableKeys] {
    [
      RebindableKeys(AuthScreen.self), RebindableKeys(ContactsBrowserScreen.self),
      RebindableKeys(ContactDetailScreen.self), RebindableKeys(ContactEditorScreen.self),
      RebindableKeys(SyncScreen.self), RebindableKeys(DuplicatesScreen.self),
      RebindableKeys(named: DialogKeys.name, DialogKeys.keys),
    ]
  }
}
