internal import CPhoneNumbers

/// The country a phone number written without its country code is from (`030 1234567` is
/// Berlin's in Germany and nowhere else), as an ISO 3166-1 code (`DE`): what ``E164`` needs to
/// read a national number. The config file's `[phones] region` says it; else the locale does,
/// as it says how to write a telephone number (`LC_TELEPHONE`). Without either, national
/// numbers cannot be read and are compared by their digits.
public enum PhoneRegion {
  /// `code` in the form libphonenumber names regions (`de` → `DE`), nil when libphonenumber has
  /// no numbering plan for it (`XX`, `EU`, `001`).
  public static func known(_ code: String) -> String? {
    let upper = code.uppercased()
    guard upper.count == 2, upper.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
    return cphonenumbers_is_known_region(upper) ? upper : nil
  }

  /// The territory of the locale that sets telephone formats: `LC_ALL`, else `LC_TELEPHONE`,
  /// else `LANG`, the first set and not empty (POSIX's order), `de_DE.UTF-8` giving `DE`. Nil
  /// for `C`, `POSIX` or a locale without a territory (`en`).
  ///
  /// It does not ask libphonenumber whether it knows the territory: its first question loads
  /// all its metadata (about 10 ms), and the app reads the locale as it starts, when most
  /// sessions never compare a phone number. A territory it has no plan for (`xx_XX`) reads
  /// national numbers as no region does: not at all, so they are compared by their digits.
  public static func ofLocale(_ environment: [String: String]) -> String? {
    let name = ["LC_ALL", "LC_TELEPHONE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    guard let name else { return nil }
    // language[_territory][.codeset][@modifier]
    let withoutModifier = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let withoutCodeset = withoutModifier.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = withoutCodeset.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let territory = parts[1].uppercased()
    guard territory.count == 2, territory.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
    return territory
  }

  /// The region numbers are read with: the configured one (already checked with ``known(_:)``),
  /// else the locale's (``ofLocale(_:)``), else none.
  public static func resolved(configured: String?, environment: [String: String]) -> String? {
    configured ?? ofLocale(environment)
  }
}
