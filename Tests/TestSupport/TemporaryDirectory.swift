public import Foundation

/// A fresh directory under the system's temporary directory, for a test's files (a database,
/// a session log); the test removes it with ``remove()`` when it ends.
public struct TemporaryDirectory: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("termflow-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  public func remove() { try? FileManager.default.removeItem(at: url) }
}
