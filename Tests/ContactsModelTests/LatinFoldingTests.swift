import ContactsModel
import Foundation
import TestSupport
import Testing

/// The duplicate finder folds Latin names by a table instead of Foundation: these check that the
/// table gives Foundation's answer for every scalar it holds, and for texts made of them.
@Suite("LatinFolding: names folded by table, as Foundation folds them")
struct LatinFoldingTests {
  /// The words of `text` as Foundation folds them (case and accents aside, `ß` as `ss`), sorted:
  /// what `MatchKey` computed before the table, and still computes past U+024F.
  static func foundationWords(_ text: String) -> String? {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .replacingOccurrences(of: "ß", with: "ss")
    let words = folded.split { !$0.isLetter && !$0.isNumber }
    return words.isEmpty ? nil : words.sorted().joined(separator: " ")
  }

  /// The name keys as Foundation made them: the plain words and those with umlauts written out.
  static func foundationNames(_ name: String) -> Set<String> {
    let transcribed = name.lowercased().replacingOccurrences(of: "ä", with: "ae")
      .replacingOccurrences(of: "ö", with: "oe").replacingOccurrences(of: "ü", with: "ue")
      .replacingOccurrences(of: "ß", with: "ss")
    return Set([transcribed, name].compactMap(foundationWords))
  }

  static let latin = (0..<0x250).compactMap { Unicode.Scalar(UInt32($0)) }

  @Test func everyScalarBelowTheLimitFoldsAsFoundationFoldsIt() {
    for scalar in Self.latin {
      // Between letters, so a scalar that folds to nothing or to a separator shows which.
      let text = "a" + String(Character(scalar)) + "b"
      #expect(MatchKey.text(text) == Self.foundationWords(text), "U+\(String(scalar.value, radix: 16))")
      #expect(
        MatchKey.names(Contact(id: 1, name: text)) == Self.foundationNames(text), "U+\(String(scalar.value, radix: 16))"
      )
    }
  }

  @Test func randomLatinTextsFoldAsFoundationFoldsThem() {
    var random = SplitMix64(seed: 24)
    // Letters with accents, spaces and punctuation are likelier than the rest, as in names.
    let common = Array("ÄÖÜäöüßéèêëáàâãåçñøæœÿíìîïóòôõúùûýÉÈÁÀÇÑØÆŁłŠšŽžČčĞğİıŐőŰűĀāȘșȚț -,.'").map { $0 }
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<random.next(in: 1...16) {
        if random.next(in: 0...2) == 0 {
          text.unicodeScalars.append(Self.latin[random.next(in: 0...(Self.latin.count - 1))])
        } else {
          text.append(common[random.next(in: 0...(common.count - 1))])
        }
      }
      #expect(MatchKey.text(text) == Self.foundationWords(text), "\(text.debugDescription)")
      #expect(MatchKey.names(Contact(id: 1, name: text)) == Self.foundationNames(text), "\(text.debugDescription)")
    }
  }

  @Test func textPastTheTableIsFoldedByFoundation() {
    // Greek, Cyrillic and a combining accent (which joins the letter before it) are past U+024F.
    for text in ["Σοφία Παπαδοπούλου", "Иван Петров", "Jo\u{308}rg Mu\u{308}ller", "Zoë Ωmega"] {
      #expect(MatchKey.text(text) == Self.foundationWords(text))
      #expect(MatchKey.names(Contact(id: 1, name: text)) == Self.foundationNames(text))
    }
    // A decomposed name meets its composed form.
    #expect(MatchKey.names(Contact(id: 1, name: "Jo\u{308}rg")) == MatchKey.names(Contact(id: 2, name: "Jörg")))
    #expect(MatchKey.names(Contact(id: 1, name: "Jörg Müller")) == ["jorg muller", "joerg mueller"])
  }
}
