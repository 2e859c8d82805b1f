internal import CPhoneNumbers

/// Phone numbers in E.164 (`+49301234567`), as libphonenumber reads them: Google's phone-number
/// library (which PhoneNumberKit ports to Swift), from the system (`libphonenumber-dev` on Debian
/// and Ubuntu) through the small C target CPhoneNumbers. One spelling, then, for
/// `+49 30 1234567`, `0049 30 1234567`, `+49 (0)30 1234567` and, for a German address book,
/// `030 1234567`, with each country's own rules for its trunk and international prefixes, which
/// no rule of thumb on the digits gets right everywhere.
public enum E164 {
  /// `text` (as a person typed it: spaces, dashes, brackets, an extension, letters for digits)
  /// in E.164, nil when libphonenumber cannot read it as a number. A number without an
  /// international prefix is taken to be from `region` (see ``PhoneRegion``); without one, only
  /// numbers that say their country are read.
  ///
  /// Costs tens of microseconds (libphonenumber runs ICU regular expressions): the duplicate
  /// finder asks only for numbers that may match another (`PhoneIndex`).
  public static func number(_ text: String, region: String?) -> String? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(CPHONENUMBERS_E164_CAPACITY)) { buffer in
      guard let out = buffer.baseAddress else { return nil }
      let isRead = text.withCString { text in
        if let region {
          region.withCString { cphonenumbers_e164(text, $0, out, buffer.count) }
        } else {
          cphonenumbers_e164(text, nil, out, buffer.count)
        }
      }
      return isRead ? String(cString: out) : nil
    }
  }
}
