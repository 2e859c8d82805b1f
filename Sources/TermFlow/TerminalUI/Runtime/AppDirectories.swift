#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an app keeps its state (logs, crash reports) and data (databases), following the XDG
/// base directory spec: `$XDG_STATE_HOME/<app>` or `~/.local/state/<app>`, and
/// `$XDG_DATA_HOME/<app>` or `~/.local/share/<app>`. Created with mode 0700 when missing,
/// unless the caller only looks (`creating: false`: a shell's completion must leave no trace).
/// A variable that is unset, empty or not an absolute path is ignored, as the spec says.
public enum AppDirectories {
  public static func state(for app: String, creating: Bool = true) -> String? {
    directory(environment: "XDG_STATE_HOME", fallback: ".local/state", app: app, creating: creating)
  }

  public static func data(for app: String, creating: Bool = true) -> String? {
    directory(environment: "XDG_DATA_HOME", fallback: ".local/share", app: app, creating: creating)
  }

  private static func directory(environment: String, fallback: String, app: String, creating: Bool) -> String? {
    let base: String
    if let value = getenv(environment).map({ String(cString: $0) }), value.hasPrefix("/") {
      base = value
    } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
      base = home + "/" + fallback
    } else {
      return nil
    }
    let path = base + "/" + app
    guard !creating || makeDirectories(path) else { return nil }
    return path
  }

  /// `mkdir -p` with mode 0700 for what it creates.
  static func makeDirectories(_ path: String) -> Bool {
    var built = ""
    for component in path.split(separator: "/") {
      built += "/" + component
      if mkdir(built, 0o700) != 0 && errno != EEXIST { return false }
    }
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}
