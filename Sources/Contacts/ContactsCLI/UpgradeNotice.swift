import ContactsServices
import Foundation

extension ContactsDatabase {
  /// Opens the database at `path` for a command (and the app, before its screen starts), saying
  /// on standard error when a database from an older version has to be upgraded first, how long
  /// that may take, and, on a terminal, how far it is.
  static func openForCommand(at path: String) throws(OpenError) -> ContactsDatabase {
    let progress = UpgradeProgress()
    let database = try open(
      at: path,
      willUpgrade: { upgrade in
        let minutes = upgrade.estimatedSeconds / 60
        let estimate = minutes < 1 ? "under a minute" : "about \(Int(minutes.rounded(.up))) minutes"
        let message = """
          Upgrading \(path) (\(upgrade.contacts.formatted()) contacts) to this version of contacts: once, \(estimate). \
          Nothing is lost; if it is interrupted, it starts again next time.

          """
        FileHandle.standardError.write(Data(message.utf8))
        progress.start()
      },
      upgradeProgress: { fraction in progress.show(fraction) })
    progress.line.clear()
    return database
  }
}

/// The upgrade's progress: a percentage and the time so far, on a `ProgressLine`.
private final class UpgradeProgress: @unchecked Sendable {
  let line = ProgressLine()
  private let lock = NSLock()
  private var started = Date()
  private var lastPercent = -1

  func start() {
    lock.withLock { started = Date() }
  }

  func show(_ fraction: Double) {
    let text: String? = lock.withLock {
      let percent = Int(fraction * 100)
      guard percent != lastPercent else { return nil }
      lastPercent = percent
      return "\(percent)% (\(Int(Date().timeIntervalSince(started))) s)"
    }
    if let text { line.show(text) }
  }
}
