import Foundation
import GRDB

/// A write the disk refused, in words a person can act on: what happened, that nothing was
/// lost, what to do. SQLite's own text ("database or disk is full", "error 13 … COMMIT
/// TRANSACTION") says neither, and a user who reads "damaged" may delete a healthy file.
///
/// Kept short: the editor shows it on one line after "Could not save: ". A refused write
/// changes nothing: SQLite rolls the transaction back, and what was saved before stays.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The disk (or the user's quota) is full: SQLITE_FULL.
  case diskFull
  /// The disk failed to read or write, with room left on it: SQLITE_IOERR.
  case diskError
  /// The file or its directory became read-only: SQLITE_READONLY.
  case readOnly
  /// Another program held the database longer than the busy timeout: SQLITE_BUSY or _LOCKED.
  case busy

  /// The storage problem `error` is, if it is one. With the database's path, an I/O error on a
  /// disk that has no room left is called what it is: SQLite reports a full disk as an I/O error
  /// when it is its `-shm` or `-wal` file that cannot grow.
  public init?(_ error: any Error, databasePath: String? = nil) {
    guard let error = error as? DatabaseError else { return nil }
    switch error.resultCode {
    case .SQLITE_FULL: self = .diskFull
    case .SQLITE_IOERR: self = databasePath.map(Self.isDiskFull(at:)) == true ? .diskFull : .diskError
    case .SQLITE_READONLY: self = .readOnly
    case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .diskFull: "disk full. Nothing was lost; free some space, retry."
    case .diskError: "disk I/O error. Nothing was lost; check the disk."
    case .readOnly: "database read-only. Nothing lost; check permissions."
    case .busy: "database busy elsewhere. Nothing was lost; retry."
    }
  }

  /// Runs `body`, turning a storage failure into a ``StorageError`` and passing any other error
  /// through. `databasePath` tells a full disk from a failing one (see ``init(_:databasePath:)``).
  public static func translating<Value>(
    databasePath: String? = nil, _ body: () async throws -> Value
  ) async throws -> Value {
    do {
      return try await body()
    } catch {
      throw StorageError(error, databasePath: databasePath) ?? error
    }
  }

  /// Free space below which a write that failed is put down to a full disk: SQLite needs a few
  /// pages and 32 KiB of shared index to write at all.
  static let fullDiskThreshold: UInt64 = 1 << 20

  /// Whether the filesystem holding `databasePath` has (almost) no room left for this user.
  static func isDiskFull(at databasePath: String) -> Bool {
    let directory = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
    var status = statvfs()
    guard statvfs(directory, &status) == 0 else { return false }
    return UInt64(status.f_bavail) * UInt64(status.f_frsize) < fullDiskThreshold
  }
}
