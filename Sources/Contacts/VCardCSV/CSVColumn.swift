import Foundation

/// What one column of an address-book CSV holds, read from its header, never from its position:
/// Google's files differ in how many `E-mail N` columns they have, Outlook's in language and
/// order, and a spreadsheet can have any columns at all.
public enum CSVColumn: Hashable, Sendable {
  /// A field a contact has once.
  case single(SingleField)
  /// One part of a list entry (an e-mail, phone, address or web page) in the slot `slot`.
  case entry(EntrySlot, EntryPart)
  /// A column nothing here knows: kept on the contact as `X-CSV-FIELD` under its header.
  case unknown(String)

  public enum SingleField: String, Hashable, Sendable, CaseIterable {
    case fullName, firstName, middleName, lastName, prefix, suffix, nickname
    /// Google's and Outlook's `File As`: how the contact is filed ("Lovelace, Ada", a company).
    case fileAs
    case organization, department, jobTitle
    case birthday, anniversary, notes
    /// Google's `Labels` / `Group Membership`: ` ::: ` between groups, `* ` before system ones.
    case googleGroups
    /// Outlook's `Categories`: `;` between them.
    case categories
  }

  public enum EntryKind: String, Hashable, Sendable {
    case email, phone, address, website
    /// Google's `Event N`: a dated occasion with a label (`Anniversary`, or any words).
    case event
  }

  /// Where a list entry's cells are: Google numbers them (`Phone 2 - …`) and names the type in
  /// a label cell; Outlook names a column per type (`Mobile Phone`, `Business Street`).
  public struct EntrySlot: Hashable, Sendable, Comparable {
    public var kind: EntryKind
    /// Google's N, or for Outlook the slot's place in the table of known columns.
    public var order: Int
    /// The vCard TYPEs an Outlook column implies (`Mobile Phone`: cell); Google's come from
    /// the label cell.
    public var types: [String]
    /// Outlook's `Primary Phone`: the preferred number.
    public var isPreferred: Bool

    public init(kind: EntryKind, order: Int, types: [String] = [], isPreferred: Bool = false) {
      self.kind = kind
      self.order = order
      self.types = types
      self.isPreferred = isPreferred
    }

    public static func < (left: EntrySlot, right: EntrySlot) -> Bool {
      (left.kind.rank, left.order) < (right.kind.rank, right.order)
    }
  }

  public enum EntryPart: Hashable, Sendable {
    case label, value
    case formatted, street(line: Int), city, poBox, region, postalCode, country, extended
  }

  /// The meaning of a header: English (Google's two generations, Outlook.com's, desktop
  /// Outlook's), French and German Outlook's; compared without case, accents or extra spaces.
  public init(header: String) {
    let key = Self.fold(header)
    if let field = Self.singles[key] {
      self = .single(field)
    } else if let (slot, part) = Self.googleEntry(key) ?? Self.outlookEntries[key] {
      self = .entry(slot, part)
    } else {
      self = .unknown(header.trimmingCharacters(in: .whitespaces))
    }
  }

  static func fold(_ header: String) -> String {
    header.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  // MARK: Google's numbered columns

  /// `E-mail 3 - Value`, `Phone 1 - Label`, `Address 2 - Postal Code`, `Website 1 - Type`.
  private static func googleEntry(_ key: String) -> (EntrySlot, EntryPart)? {
    let halves = key.components(separatedBy: " - ")
    guard halves.count == 2 else { return nil }
    let words = halves[0].split(separator: " ")
    guard words.count == 2, let number = Int(words[1]), number > 0 else { return nil }
    let kind: EntryKind
    switch words[0] {
    case "e-mail", "email": kind = .email
    case "phone": kind = .phone
    case "address": kind = .address
    case "website": kind = .website
    case "event": kind = .event
    default: return nil
    }
    let part: EntryPart?
    switch halves[1] {
    case "label", "type": part = .label
    case "value": part = kind == .address ? nil : .value
    case "formatted": part = kind == .address ? .formatted : nil
    case "street": part = kind == .address ? .street(line: 1) : nil
    case "city": part = kind == .address ? .city : nil
    case "po box": part = kind == .address ? .poBox : nil
    case "region": part = kind == .address ? .region : nil
    case "postal code": part = kind == .address ? .postalCode : nil
    case "country": part = kind == .address ? .country : nil
    case "extended address": part = kind == .address ? .extended : nil
    default: part = nil
    }
    return part.map { (EntrySlot(kind: kind, order: number), $0) }
  }

  // MARK: Named columns

  private static let singles: [String: SingleField] = {
    let names: [SingleField: [String]] = [
      .fullName: ["Name", "Display Name", "Full Name", "Nom complet", "Nom d'affichage", "Anzeigename"],
      .firstName: ["First Name", "Given Name", "Prénom", "Vorname"],
      .middleName: ["Middle Name", "Additional Name", "Deuxième prénom", "Weitere Vornamen", "Zweiter Vorname"],
      .lastName: ["Last Name", "Family Name", "Nom", "Nom de famille", "Nachname"],
      .prefix: ["Name Prefix", "Title", "Titre", "Anrede"],
      .suffix: ["Name Suffix", "Suffix", "Suffixe", "Namenszusatz"],
      .nickname: ["Nickname", "Surnom", "Spitzname"],
      .fileAs: ["File As", "Classer sous", "Speichern unter"],
      .organization: [
        "Organization Name", "Organization 1 - Name", "Company", "Organization", "Organisation", "Société", "Firma",
      ],
      .department: ["Organization Department", "Organization 1 - Department", "Department", "Service", "Abteilung"],
      .jobTitle: ["Organization Title", "Organization 1 - Title", "Job Title", "Fonction", "Position"],
      .birthday: ["Birthday", "Anniversaire", "Date de naissance", "Geburtstag"],
      .anniversary: ["Anniversary", "Jahrestag", "Anniversaire de mariage"],
      .notes: ["Notes", "Note", "Notizen"],
      .googleGroups: ["Labels", "Group Membership"],
      .categories: ["Categories", "Catégories", "Kategorien"],
    ]
    var table: [String: SingleField] = [:]
    for (field, headers) in names {
      for header in headers { table[fold(header)] = field }
    }
    return table
  }()

  /// Outlook's columns per entry, in the order an export writes them; each language's header
  /// names the same slot.
  private static let outlookEntries: [String: (EntrySlot, EntryPart)] = {
    var table: [String: (EntrySlot, EntryPart)] = [:]
    var order = 0
    func slot(_ kind: EntryKind, _ types: [String], preferred: Bool = false, _ headers: [EntryPart: [String]]) {
      order += 1
      let slot = EntrySlot(kind: kind, order: order, types: types, isPreferred: preferred)
      for (part, names) in headers {
        for name in names { table[fold(name)] = (slot, part) }
      }
    }
    for number in 1...9 {
      let english = number == 1 ? ["E-mail Address", "Email Address", "E-mail", "Email"] : ["E-mail \(number) Address"]
      let french = number == 1 ? ["Adresse de messagerie"] : ["Adresse de messagerie \(number)"]
      let german = number == 1 ? ["E-Mail-Adresse"] : ["E-Mail \(number): Adresse"]
      slot(.email, [], [.value: english + french + german])
    }
    slot(.phone, [], preferred: true, [.value: ["Primary Phone", "Téléphone principal", "Haupttelefon"]])
    slot(.phone, ["cell"], [.value: ["Mobile Phone", "Mobile", "Tél. mobile", "Téléphone mobile", "Mobiltelefon"]])
    slot(.phone, ["home"], [.value: ["Home Phone", "Téléphone domicile", "Telefon (privat)", "Telefon privat"]])
    slot(
      .phone, ["home"], [.value: ["Home Phone 2", "Téléphone domicile 2", "Telefon (privat 2)", "Telefon privat 2"]])
    slot(.phone, ["work"], [.value: ["Business Phone", "Téléphone bureau", "Telefon geschäftlich"]])
    slot(.phone, ["work"], [.value: ["Business Phone 2", "Téléphone bureau 2", "Telefon geschäftlich 2"]])
    slot(.phone, ["fax", "home"], [.value: ["Home Fax", "Télécopie domicile", "Fax privat"]])
    slot(.phone, ["fax", "work"], [.value: ["Business Fax", "Télécopie bureau", "Fax geschäftlich"]])
    slot(.phone, ["pager"], [.value: ["Pager", "Récepteur de radiomessagerie"]])
    slot(
      .phone, [],
      [.value: ["Other Phone", "Autre téléphone", "Weiteres Telefon", "Phone", "Telephone", "Téléphone", "Telefon"]])
    for number in 2...9 { slot(.phone, [], [.value: ["Other Phone \(number)"]]) }
    for (types, english, french, german) in [
      (["work"], "Business", "bureau", "geschäftlich"), (["home"], "Home", "domicile", "privat"),
      ([String](), "Other", "autre", "andere"),
    ] {
      slot(
        .address, types,
        [
          .street(line: 1): ["\(english) Street", "Rue (\(french))", "Straße \(german)"],
          .street(line: 2): ["\(english) Street 2", "Rue (\(french)) 2", "Straße \(german) 2"],
          .street(line: 3): ["\(english) Street 3", "Rue (\(french)) 3", "Straße \(german) 3"],
          .poBox: ["\(english) PO Box", "B.P. (\(french))", "Postfach \(german)"],
          .city: ["\(english) City", "Ville (\(french))", "Ort \(german)"],
          .region: ["\(english) State", "Dép/Région (\(french))", "Region \(german)", "Bundesland \(german)"],
          .postalCode: ["\(english) Postal Code", "Code postal (\(french))", "Postleitzahl \(german)"],
          .country: [
            "\(english) Country/Region", "\(english) Country", "Pays/Région (\(french))", "Land/Region \(german)",
          ],
        ])
    }
    slot(.website, [], [.value: ["Web Page", "Page Web", "Webseite", "Website"]])
    slot(.website, ["home"], [.value: ["Personal Web Page", "Page Web personnelle", "Persönliche Webseite"]])
    return table
  }()
}

extension CSVColumn.EntryKind {
  var rank: Int {
    switch self {
    case .email: 0
    case .phone: 1
    case .address: 2
    case .website: 3
    case .event: 4
    }
  }
}
