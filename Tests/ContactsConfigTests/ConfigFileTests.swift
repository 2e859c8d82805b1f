import ContactsConfig
import ContactsCore
import Foundation
import TerminalUI
import TestSupport
import Testing

/// The config file: where it is, what it sets, and every way it is refused, with the place.
struct ConfigFileTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The settings of a file holding `text` (read as `--config` reads it).
  private func load(_ text: String) throws(ConfigError) -> ContactsSettings {
    let path = directory.path("config.toml")
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return try ConfigFile.load(explicit: path, environment: ["HOME": "/home/ada"])
  }

  /// Why a file holding `text` is refused: its problems as printed, the directory left out.
  private func refusal(_ text: String) -> [String] {
    do {
      _ = try load(text)
      return []
    } catch {
      return error.description.split(separator: "\n").map {
        $0.replacingOccurrences(of: directory.path("config.toml"), with: "config.toml")
      }
    }
  }

  @Test func theFileIsWhereXDGSaysOrWhereConfigSays() {
    defer { directory.remove() }
    let home = ["HOME": "/home/ada"]
    let none: (String) -> Bool = { _ in false }
    #expect(ConfigFile.path(explicit: nil, environment: home, exists: none) == "/home/ada/.config/contacts/config.toml")
    #expect(
      ConfigFile.path(explicit: nil, environment: home.merging(["XDG_CONFIG_HOME": "/etc/ada"]) { $1 }, exists: none)
        == "/etc/ada/contacts/config.toml")
    for ignored in ["", "relative/config"] {
      #expect(
        ConfigFile.path(explicit: nil, environment: home.merging(["XDG_CONFIG_HOME": ignored]) { $1 }, exists: none)
          == "/home/ada/.config/contacts/config.toml", "XDG_CONFIG_HOME=\(ignored) is ignored")
    }
    #expect(ConfigFile.path(explicit: "/tmp/x.toml", environment: home, exists: none) == "/tmp/x.toml")
    #expect(ConfigFile.path(explicit: nil, environment: [:], exists: none) == nil)
  }

  @Test func aUserWithoutAFileGetsTheSystemsFromXDGConfigDirs() {
    defer { directory.remove() }
    #expect(ConfigFile.systemPaths(environment: [:]) == ["/etc/xdg/contacts/config.toml"])
    #expect(ConfigFile.systemPaths(environment: ["XDG_CONFIG_DIRS": ""]) == ["/etc/xdg/contacts/config.toml"])
    #expect(
      ConfigFile.systemPaths(environment: ["XDG_CONFIG_DIRS": "/opt/site/:relative:/etc/xdg"]) == [
        "/opt/site/contacts/config.toml", "/etc/xdg/contacts/config.toml",
      ], "in order, relative directories ignored")
    let environment = ["HOME": "/home/ada", "XDG_CONFIG_DIRS": "/opt/site:/etc/xdg"]
    let user = "/home/ada/.config/contacts/config.toml"
    func path(existing: Set<String>) -> String? {
      ConfigFile.path(explicit: nil, environment: environment, exists: existing.contains)
    }
    #expect(path(existing: ["/etc/xdg/contacts/config.toml"]) == "/etc/xdg/contacts/config.toml")
    #expect(
      path(existing: ["/etc/xdg/contacts/config.toml", "/opt/site/contacts/config.toml"])
        == "/opt/site/contacts/config.toml", "the first directory wins")
    #expect(path(existing: [user, "/opt/site/contacts/config.toml"]) == user, "the user's own file wins")
    #expect(path(existing: []) == user, "none: the user's path, where to put one")
    #expect(
      ConfigFile.path(explicit: nil, environment: ["XDG_CONFIG_DIRS": "/opt/site"], exists: { _ in true })
        == "/opt/site/contacts/config.toml", "no home, but a system-wide file")
  }

  @Test func aSystemWideFileIsReadWithItsPathsFromItsDirectory() throws {
    defer { directory.remove() }
    let system = directory.path("xdg/contacts")
    try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
    try "theme = \"light\"\ndatabase = \"shared.sqlite\"\n".write(
      toFile: system + "/config.toml", atomically: true, encoding: .utf8)
    var environment = [
      "HOME": directory.path("home"), "XDG_CONFIG_DIRS": directory.path("nothing") + ":" + directory.path("xdg"),
    ]
    let settings = try ConfigFile.load(explicit: nil, environment: environment)
    #expect(settings.theme == "light")
    #expect(settings.database == system + "/shared.sqlite")
    // The user's own file, even an empty one, is read instead.
    try FileManager.default.createDirectory(
      atPath: directory.path("home/.config/contacts"), withIntermediateDirectories: true)
    try "".write(toFile: directory.path("home/.config/contacts/config.toml"), atomically: true, encoding: .utf8)
    #expect(try ConfigFile.load(explicit: nil, environment: environment) == ContactsSettings())
    environment["XDG_CONFIG_HOME"] = directory.path("elsewhere")
    #expect(try ConfigFile.load(explicit: nil, environment: environment).theme == "light")
  }

  @Test func noFileMeansTheDefaultsButAMissingConfigFileIsAnError() throws {
    defer { directory.remove() }
    let environment = ["HOME": directory.path("home"), "XDG_CONFIG_DIRS": directory.path("xdg")]
    #expect(try ConfigFile.load(explicit: nil, environment: environment) == ContactsSettings())
    #expect(throws: ConfigError.self) {
      try ConfigFile.load(explicit: directory.path("missing.toml"), environment: environment)
    }
  }

  @Test func thePrintedDefaultFileReadsBackAsTheDefaults() throws {
    defer { directory.remove() }
    #expect(try load(DefaultConfig.text) == ContactsSettings())
    // And it lists every binding of every screen with its keys as declared.
    for screen in ContactsKeyMaps.screens {
      #expect(DefaultConfig.text.contains("[keys.\(screen.name)]"))
      for binding in screen.bindings {
        let value =
          binding.keys.count == 1
          ? "\"\(binding.keys[0].configName)\""
          : "[" + binding.keys.map { "\"\($0.configName)\"" }.joined(separator: ", ") + "]"
        #expect(DefaultConfig.text.contains("\n\(binding.name) = \(value)"), "\(screen.name).\(binding.name)")
      }
    }
  }

  @Test func theUserGuideShowsThePrintedDefaultFile() throws {
    defer { directory.remove() }
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/contacts.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    #expect(text.contains("```toml\n" + DefaultConfig.text + "```"), "docs/contacts.md has another default file")
  }

  @Test func everySettingIsRead() throws {
    defer { directory.remove() }
    let settings = try load(
      """
      database = "~/books/contacts.sqlite"
      account = "ada@example.com"
      theme = "high-contrast"
      mouse = false
      colors = "truecolor"

      [list]
      columns = ["phone", "name"]

      [sync]
      interval = 0

      [phones]
      region = "de"

      [keys.list]
      add = "n"
      quit = ["x", "Ctrl-Q"]
      open = "Enter"          # as declared: not kept
      move = ["Up", "Down", "PgUp", "PgDn", "Home", "End"]

      [keys.editor]
      save = "F2"

      [keys.dialog]
      confirm = ["Enter", "o"]
      """)
    #expect(settings.database == "/home/ada/books/contacts.sqlite")
    #expect(settings.account == "ada@example.com")
    #expect(settings.theme == "high-contrast")
    #expect(settings.mouse == false)
    #expect(settings.colors == .trueColor)
    #expect(try load("colors = \"16\"").colors == .ansi16)
    #expect(try load("colors = \"auto\"").colors == nil)
    #expect(settings.listColumns == [.phone, .name])
    #expect(settings.syncIntervalMinutes == 0)
    #expect(settings.syncInterval == nil)
    #expect(settings.phoneRegion == "DE")
    #expect(ContactsSettings().phoneRegion == nil, "by default the locale's")
    #expect(
      settings.keys == [
        "list": ["add": [.character("n")], "quit": [.character("x"), .ctrl("q")]],
        "editor": ["save": [Key(.function(2))]], "dialog": ["confirm": [.enter, .character("o")]],
      ])
    #expect(try load("database = \"books/c.sqlite\"").database == directory.path("books/c.sqlite"))
    #expect(try load("[sync]\ninterval = 30").syncInterval == .seconds(1800))
    #expect(try load("[sync]\nuploads = 8").syncUploads == 8)
    #expect(ContactsSettings().syncUploads == 4)
    #expect(
      refusal("[sync]\nuploads = 0") == [
        "config.toml:2:1: “uploads” must be a whole number of cards sent at once from 1 to 16, like uploads = 4"
      ])
  }

  @Test func aSyntaxErrorIsReportedWithItsLineAndColumn() {
    defer { directory.remove() }
    let problems = refusal("theme = \"dark\"\n\n[list\ncolumns = []\n")
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("config.toml:3:") == true, "\(problems)")
    let unterminated = refusal("theme = \"dark\naccount = \"a@b\"\n")
    #expect(unterminated.first?.hasPrefix("config.toml:1:") == true, "\(unterminated)")
  }

  @Test func unknownAndWrongSettingsAreNamedAtTheirPlaces() {
    defer { directory.remove() }
    let problems = refusal(
      """
      theme = "solarized"
      colour = true

      [list]
        columns = ["name", "birthday", "name"]
        width = 80

      [sync]
      interval = "often"

      [keys]
      lists = { add = "n" }
      """)
    #expect(
      problems == [
        "config.toml:1:1: there is no theme “solarized”; the themes are: dark, light, high-contrast, monochrome",
        "config.toml:2:1: unknown setting “colour”; the settings are: database, account, theme, mouse, colors, [list], "
          + "[sync], [phones], [keys]",
        "config.toml:5:3: there is no column \"birthday\"; the columns are: name, email, phone, company, book",
        "config.toml:5:3: the column “name” is listed twice",
        "config.toml:6:3: unknown setting “width” in [list]; the settings are: columns",
        "config.toml:9:1: “interval” must be a whole number of minutes from 0 (off) to 1440, like interval = 5",
        "config.toml:12:1: unknown screen “lists” in [keys]; the screens are: sign-in, list, detail, editor, sync, "
          + "duplicates, dialog",
      ], "every problem, in the file's order")
    #expect(
      refusal("account = 42") == [
        "config.toml:1:1: “account” must be text in quotes, like account = \"ada@example.com\""
      ])
    #expect(refusal("list = 3").first?.contains("“list” must be a table") == true)
    #expect(refusal("mouse = \"no\"") == ["config.toml:1:1: “mouse” must be true or false, like mouse = false"])
    #expect(
      refusal("[phones]\nregion = \"Germany\"\ncountry = \"DE\"") == [
        "config.toml:2:1: there is no phone region “Germany”; name a country by its two-letter code (ISO 3166-1), "
          + "like DE, GB or US",
        "config.toml:3:1: unknown setting “country” in [phones]; the settings are: region",
      ])
    #expect(refusal("[phones]\nregion = \"XX\"").first?.contains("there is no phone region “XX”") == true)
    #expect(
      refusal("colors = \"millions\"") == [
        "config.toml:1:1: “colors” cannot be “millions”; it is one of: auto, truecolor, 256, 16, 8, none"
      ])
  }

  @Test func keyBindingsThatCannotWorkAreRefusedWithWhy() throws {
    defer { directory.remove() }
    let problems = refusal(
      """
      [keys.list]
      add = "Ctrl-Shift-Banana"
      opne = "o"
      move = ["w", "s"]
      quit = "e"

      [keys.editor]
      save = []
      """)
    #expect(
      problems == [
        "config.toml:2:1: “add”: \"Ctrl-Shift-Banana\" is not a key; keys are written like q, Enter, Esc, Tab, "
          + "Shift-Tab, Ctrl-S, Alt-b, Up, PgDn, Home, Del, Space, F5",
        "config.toml:3:1: [keys.list]: there is no key binding “opne” here; there are: move, move-vi, done, clear, open, "
          + "search, add, book, edit, move-to-book, delete, clear-search, retry, sync, duplicates, sign-out, quit",
        "config.toml:4:1: [keys.list]: “move” takes 6 keys, in this order (each does what the one in its place does): "
          + "Up, Down, PgUp, PgDn, Home, End; 2 are given",
        "config.toml:8:1: [keys.editor]: “save” is given no key",
      ])
    #expect(
      refusal("[keys.list]\nquit = \"e\"") == [
        "config.toml:2:1: [keys.list]: e would be bound to both “edit” and “quit”"
      ])
    #expect(
      refusal("[keys.detail]\nback = \"q\"\nretry = \"q\"") == [
        "config.toml:3:1: [keys.detail]: q would be bound to both “retry” and “back”"
      ])
    #expect(
      refusal("[keys.dialog]\nconfirm = \"o\"\ncancel = \"o\"") == [
        "config.toml:2:1: [keys.dialog]: o would be bound to both “confirm” and “cancel”"
      ])
    // The editor's Save works while a field has the focus: a key the field types or edits
    // with would never reach it. The list's Add works only outside the search field.
    #expect(
      refusal("[keys.editor]\nsave = [\"s\", \"Ctrl-W\"]") == [
        "config.toml:2:1: [keys.editor]: s would be bound to both “save” and the text field, which takes it first "
          + "(it types or edits with it) whenever it has the focus; give “save” a key with Ctrl or Alt, or a "
          + "function key",
        "config.toml:2:1: [keys.editor]: Ctrl-W would be bound to both “save” and the text field, which takes it "
          + "first (it types or edits with it) whenever it has the focus; give “save” a key with Ctrl or Alt, or a "
          + "function key",
      ])
    #expect(try load("[keys.list]\nadd = \"n\"").keys == ["list": ["add": [.character("n")]]])
    #expect(
      refusal("[keys.list]\nadd = \"Ctrl-C\"\nsync = \"Ctrl-Z\"") == [
        "config.toml:2:1: [keys.list]: Ctrl-C cannot be given to “add”: it is reserved (it quits) in every screen",
        "config.toml:3:1: [keys.list]: Ctrl-Z cannot be given to “sync”: it is reserved (it suspends the app; fg "
          + "brings it back) in every screen",
      ])
  }
}
