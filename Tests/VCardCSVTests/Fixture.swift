import Foundation
import VCardCSV
import VCardFormat

/// The CSV files under `Fixtures/`, written from the formats' public descriptions (see each
/// test), read by path.
enum Fixture {
  static func bytes(_ name: String) throws -> [UInt8] {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// Every row of `bytes`, read as an import reads them.
  static func rows(_ bytes: [UInt8]) throws -> (reader: CSVCardReader, rows: [CSVCardReader.Row]) {
    var reader = try CSVCardReader(CSVText(decoding: bytes))
    var rows: [CSVCardReader.Row] = []
    while let row = reader.next() { rows.append(row) }
    return (reader, rows)
  }

  static func cards(_ name: String) throws -> [VCard] {
    try rows(bytes(name)).rows.map { try $0.result.get() }
  }
}

extension VCard {
  /// `NAME;PARAM=value:value` lines for the properties called `name`, for readable expectations.
  func lines(_ name: String) -> [String] {
    properties(named: name).map { property in
      let parameters = property.parameters.map { ";\($0.name)=\($0.values.joined(separator: ","))" }.joined()
      return property.name + parameters + ":" + property.value
    }
  }
}
