#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes sure the process's character type is UTF-8 before ncursesw starts.
///
/// ncursesw decides at start-up, from `LC_CTYPE`, how to encode what it writes: under a locale
/// that is not UTF-8 (`LC_ALL=C`, common over ssh and in minimal containers) every character
/// outside ASCII comes out blank. The terminal itself almost always speaks UTF-8, so the user's
/// locale is taken for everything else and, when its character type is not UTF-8, `LC_CTYPE`
/// alone is switched to a UTF-8 locale that exists.
enum TerminalLocale {
  /// UTF-8 locales tried in order when the user's is not: `C.UTF-8` ships with glibc 2.35+ and
  /// Debian's libc; `en_US.UTF-8` is the usual one elsewhere.
  static let candidates = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"]

  /// Applies the user's locale (`setlocale(LC_ALL, "")`) and then, if its character type is not
  /// UTF-8, the first of ``candidates`` that exists. Returns false when no UTF-8 locale exists.
  static func activateUTF8() -> Bool {
    setlocale(LC_ALL, "")
    if isUTF8 { return true }
    for candidate in candidates where setlocale(LC_CTYPE, candidate) != nil {
      if isUTF8 { return true }
    }
    return false
  }

  /// Whether the current `LC_CTYPE` encodes characters as UTF-8.
  static var isUTF8: Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).lowercased()
    return name == "utf-8" || name == "utf8"
  }
}
