import ContactsCore
import ContactsModel
import Foundation
import TOMLKit
import TerminalUI

/// Reads a config file's text into ``ContactsSettings``: TOML by TOMLKit, then every key checked
/// against what the app knows. Nothing is ignored silently: an unknown key, a value of the wrong
/// kind, an unknown theme, column, screen, binding or key name, and keys that would clash are
/// each a problem, all reported at once with their places.
enum ConfigReader {
  static func settings(from text: String, path: String, home: String?) throws(ConfigError) -> ContactsSettings {
    let document: TOMLTable
    do {
      document = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      let begin = error.source.begin
      throw ConfigError(
        path: path,
        problems: [
          .init(
            line: begin.line > 0 ? begin.line : nil, column: begin.column > 0 ? begin.column : nil,
            message: error.description)
        ])
    } catch {
      throw ConfigError(path: path, problems: [.init(message: "\(error)")])
    }
    var reading = Reading(
      map: ConfigSourceMap(text), directory: (path as NSString).deletingLastPathComponent, home: home)
    reading.read(document)
    guard reading.problems.isEmpty else {
      // In the file's order, as an editor lists them (the sort keeps the order of equals).
      let problems = reading.problems.sorted { ($0.line ?? .max, $0.column ?? 0) < ($1.line ?? .max, $1.column ?? 0) }
      throw ConfigError(path: path, problems: problems)
    }
    return reading.settings
  }
}

/// One pass over a parsed file: the settings so far and the problems found.
private struct Reading {
  let map: ConfigSourceMap
  /// The config file's directory: a relative `database` path is taken from there.
  let directory: String
  let home: String?
  var settings = ContactsSettings()
  var problems: [ConfigError.Problem] = []

  init(map: ConfigSourceMap, directory: String, home: String?) {
    self.map = map
    self.directory = directory
    self.home = home
  }

  mutating func problem(at path: [String], _ message: String) {
    // The key's own place, else its table's.
    let map = self.map
    let place = (1...path.count).reversed().lazy.compactMap { map.place(of: Array(path.prefix($0))) }.first
    problems.append(.init(line: place?.line, column: place?.column, message: message))
  }

  mutating func read(_ document: TOMLTable) {
    for key in document.keys.sorted() {
      let value = document[key]!.tomlValue
      switch key {
      case "database":
        if let path = string(value, at: [key], example: "database = \"~/contacts.sqlite\"") {
          settings.database = expanded(path)
        }
      case "account":
        if let account = string(value, at: [key], example: "account = \"ada@example.com\"") {
          if account.isEmpty { problem(at: [key], "“account” is empty: name an account's email, or leave it out") }
          settings.account = account
        }
      case "theme":
        if let theme = string(value, at: [key], example: "theme = \"dark\"") {
          let names = Theme.builtInNames
          if names.contains(theme) {
            settings.theme = theme
          } else {
            problem(at: [key], "there is no theme “\(theme)”; the themes are: \(names.joined(separator: ", "))")
          }
        }
      case "mouse":
        if let mouse = value.bool {
          settings.mouse = mouse
        } else {
          problem(at: [key], "“mouse” must be true or false, like mouse = false")
        }
      case "colors":
        if let name = string(value, at: [key], example: "colors = \"truecolor\"") {
          if name == "auto" {
            settings.colors = nil
          } else if let depth = ColorDepth(name: name) {
            settings.colors = depth
          } else {
            let names = (["auto"] + ColorDepth.names).joined(separator: ", ")
            problem(at: [key], "“colors” cannot be “\(name)”; it is one of: \(names)")
          }
        }
      case "list": if let table = table(value, at: [key]) { readList(table) }
      case "sync": if let table = table(value, at: [key]) { readSync(table) }
      case "phones": if let table = table(value, at: [key]) { readPhones(table) }
      case "keys": if let table = table(value, at: [key]) { readKeys(table) }
      default:
        problem(
          at: [key],
          unknown(
            "setting", key,
            known: [
              "database", "account", "theme", "mouse", "colors", "[list]", "[sync]", "[phones]", "[keys]",
            ]))
      }
    }
  }

  private mutating func readList(_ list: TOMLTable) {
    for key in list.keys.sorted() {
      let path = ["list", key]
      guard key == "columns" else {
        problem(at: path, unknown("setting", key, in: "[list]", known: ["columns"]))
        continue
      }
      guard let array = list[key]!.tomlValue.array else {
        problem(at: path, "“columns” must be a list of column names, like columns = [\"name\", \"email\"]")
        continue
      }
      var columns: [ContactsListColumn] = []
      let names = ContactsListColumn.allCases.map(\.rawValue)
      for element in array {
        guard let name = element.string, let column = ContactsListColumn(rawValue: name) else {
          problem(
            at: path,
            "there is no column \(element.debugDescription); the columns are: \(names.joined(separator: ", "))")
          continue
        }
        if columns.contains(column) {
          problem(at: path, "the column “\(name)” is listed twice")
        } else {
          columns.append(column)
        }
      }
      if array.isEmpty { problem(at: path, "“columns” is empty: the list needs at least one column") }
      settings.listColumns = columns
    }
  }

  private mutating func readSync(_ sync: TOMLTable) {
    for key in sync.keys.sorted() {
      let path = ["sync", key]
      if key == "uploads" {
        guard let uploads = sync[key]!.tomlValue.int, (1...16).contains(uploads) else {
          problem(at: path, "“uploads” must be a whole number of cards sent at once from 1 to 16, like uploads = 4")
          continue
        }
        settings.syncUploads = uploads
        continue
      }
      guard key == "interval" else {
        problem(at: path, unknown("setting", key, in: "[sync]", known: ["interval", "uploads"]))
        continue
      }
      guard let minutes = sync[key]!.tomlValue.int, (0...1440).contains(minutes) else {
        problem(at: path, "“interval” must be a whole number of minutes from 0 (off) to 1440, like interval = 5")
        continue
      }
      settings.syncIntervalMinutes = minutes
    }
  }

  private mutating func readPhones(_ phones: TOMLTable) {
    for key in phones.keys.sorted() {
      let path = ["phones", key]
      guard key == "region" else {
        problem(at: path, unknown("setting", key, in: "[phones]", known: ["region"]))
        continue
      }
      guard let code = string(phones[key]!.tomlValue, at: path, example: "region = \"DE\"") else { continue }
      guard let region = PhoneRegion.known(code) else {
        problem(
          at: path,
          "there is no phone region “\(code)”; name a country by its two-letter code (ISO 3166-1), like DE, GB or US")
        continue
      }
      settings.phoneRegion = region
    }
  }

  private mutating func readKeys(_ keys: TOMLTable) {
    let screens = ContactsKeyMaps.screens
    for screenName in keys.keys.sorted() {
      let screenPath = ["keys", screenName]
      guard let screen = screens.first(where: { $0.name == screenName }) else {
        problem(at: screenPath, unknown("screen", screenName, in: "[keys]", known: screens.map(\.name)))
        continue
      }
      guard let bindings = table(keys[screenName]!.tomlValue, at: screenPath) else { continue }
      var newKeys: [String: [Key]] = [:]
      for name in bindings.keys.sorted() {
        if let keys = keyList(bindings[name]!.tomlValue, at: screenPath + [name]) { newKeys[name] = keys }
      }
      for found in screen.problems(newKeys) {
        switch found {
        case .unknownBinding(let name, _), .noKeys(let name), .wrongNumberOfKeys(let name, _, _),
          .takenByTextField(_, let name), .reserved(_, let name):
          problem(at: screenPath + [name], "[keys.\(screenName)]: \(found)")
        case .clash(_, let names):
          let given = names.first { newKeys[$0] != nil } ?? names[0]
          problem(at: screenPath + [given], "[keys.\(screenName)]: \(found)")
        }
      }
      let declared = Dictionary(screen.bindings.map { ($0.name, $0.keys) }, uniquingKeysWith: { first, _ in first })
      let changed = newKeys.filter { declared[$0.key] != $0.value }
      if !changed.isEmpty { settings.keys[screenName] = changed }
    }
  }

  /// A binding's keys: one name (`"q"`) or a list of them (`["q", "Ctrl-Q"]`).
  private mutating func keyList(_ value: TOMLValue, at path: [String]) -> [Key]? {
    let names: [TOMLValue]
    if value.string != nil {
      names = [value]
    } else if let array = value.array {
      names = array.map(\.tomlValue)
    } else {
      problem(
        at: path, "“\(path.last!)” must be a key or a list of keys, like \(path.last!) = \"a\" or [\"a\", \"Ctrl-A\"]")
      return nil
    }
    var keys: [Key] = []
    for name in names {
      guard let text = name.string, let key = Key(configName: text) else {
        problem(
          at: path,
          "“\(path.last!)”: \(name.debugDescription) is not a key; keys are written like q, Enter, Esc, Tab, Shift-Tab, "
            + "Ctrl-S, Alt-b, Up, PgDn, Home, Del, Space, F5")
        return nil
      }
      keys.append(key)
    }
    return keys
  }

  private mutating func string(_ value: TOMLValue, at path: [String], example: String) -> String? {
    guard let string = value.string else {
      problem(at: path, "“\(path.last!)” must be text in quotes, like \(example)")
      return nil
    }
    return string
  }

  private mutating func table(_ value: TOMLValue, at path: [String]) -> TOMLTable? {
    guard let table = value.table else {
      problem(
        at: path, "“\(path.last!)” must be a table: a line [\(path.joined(separator: "."))] with its settings below")
      return nil
    }
    return table
  }

  private func unknown(_ kind: String, _ name: String, in table: String? = nil, known: [String]) -> String {
    "unknown \(kind) “\(name)”" + (table.map { " in \($0)" } ?? "") + "; the \(kind)s are: "
      + known.joined(separator: ", ")
  }

  /// `~/x` under the home directory; a relative path from the config file's directory.
  private func expanded(_ path: String) -> String {
    if path == "~" || path.hasPrefix("~/"), let home { return home + path.dropFirst() }
    if path.hasPrefix("/") { return path }
    return directory + "/" + path
  }
}
