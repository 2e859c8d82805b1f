import Synchronization
public import TerminalUI

/// The server password field's text, kept outside the store.
///
/// States and actions are recorded, replayed and shown in test failures, so the password typed
/// at sync set-up may live in neither. The sync screen's password binding applies each key here
/// as the key is handled, and the store receives only the field's ``PasswordMask``: its length
/// and cursor, drawn as dots. Set-up's effects read the text with ``text`` and
/// ``clear()`` it once the link is made, or when the user leaves. Key events typed into it are
/// recorded as dots (see ``SessionSecrets``).
public final class ServerPasswordEntry: Sendable {
  private let input = Mutex(TextInput("", maxLength: 1_024))

  public init() {}

  /// Applies an editing key (see ``TextInput/handle(_:)``); returns the mask to show.
  public func edit(_ key: Key) -> PasswordMask {
    input.withLock { input in
      input.handle(key)
      return PasswordMask(length: input.text.count, cursor: input.cursor)
    }
  }

  /// Inserts a paste at the cursor; returns the mask to show.
  public func paste(_ text: String) -> PasswordMask {
    input.withLock { input in
      _ = input.insert(text)
      return PasswordMask(length: input.text.count, cursor: input.cursor)
    }
  }

  /// The password typed so far.
  public var text: String { input.withLock { $0.text } }

  /// Forgets the password.
  public func clear() {
    input.withLock { $0 = TextInput("", maxLength: $0.maxLength) }
  }

}

/// What may be known of a password field: its length and cursor, never its text.
public struct PasswordMask: Equatable, Sendable, Codable {
  public var length: Int
  public var cursor: Int

  public init(length: Int = 0, cursor: Int = 0) {
    self.length = length
    self.cursor = cursor
  }

  /// A field of dots with this length and cursor.
  public var input: TextInput {
    var mask = TextInput(String(repeating: "•", count: length), maxLength: Swift.max(length, 1_024))
    for _ in cursor..<Swift.max(cursor, length) { mask.handle(.left) }
    return mask
  }
}
