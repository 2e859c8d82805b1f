import Foundation

/// Where the servers' virtual environment is: `.build/dav-servers` in the package folder (the
/// Makefile's `dav-servers` target), or `TERMFLOW_DAV_SERVERS` when set.
enum DAVServerInstallation {
  static var folder: URL {
    if let override = ProcessInfo.processInfo.environment["TERMFLOW_DAV_SERVERS"], !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    // This file is Sources/Contacts/CardDAVTesting/DAVServerInstallation.swift in the package.
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent(".build/dav-servers", isDirectory: true)
  }

  /// The program that runs `kind`, after checking it is installed.
  static func executable(for kind: ServerLayout.PythonServer) throws -> URL {
    let program = folder.appendingPathComponent("bin/\(kind.rawValue)")
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
      throw DAVTestServerError.notInstalled(folder)
    }
    return program
  }
}
