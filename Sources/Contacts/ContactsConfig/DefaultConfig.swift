import ContactsCore
import TerminalUI

/// The config file `contacts config --print-default` prints: every setting with its default
/// value and what it does, every key binding of every screen with its keys. Read back, it gives
/// exactly the defaults (a test sees to it), so it is a file to start from.
public enum DefaultConfig {
  public static var text: String {
    let defaults = ContactsSettings()
    let quoted = { (text: String) in "\"" + text + "\"" }
    var lines = [
      "# contacts: the config file, as `contacts config --print-default` prints it. contacts reads",
      "# $XDG_CONFIG_HOME/contacts/config.toml, else ~/.config/contacts/config.toml, or the file",
      "# `--config FILE` names; without one, the first contacts/config.toml in $XDG_CONFIG_DIRS",
      "# (/etc/xdg). Each setting shows its default: keep only what you change.",
      "# Command-line options (--db, --account, --theme) beat this file.",
      "",
      "# The database file (default: $XDG_DATA_HOME/contacts/contacts.sqlite, else",
      "# ~/.local/share/contacts/contacts.sqlite). ~/ is your home; a relative path is taken",
      "# from this file's directory.",
      "# database = \"~/contacts.sqlite\"",
      "",
      "# The account the commands act on (import, export, query, duplicates, sync) and that the",
      "# sign-in form starts with (default: the only account in the database).",
      "# account = \"ada@example.com\"",
      "",
      "# The colours: " + Theme.builtInNames.joined(separator: ", ") + ". NO_COLOR in the environment",
      "# still takes the colours away.",
      "theme = " + quoted(defaults.theme),
      "",
      "# The mouse: the wheel scrolls, a click selects, focuses a field or presses a button, a double",
      "# click opens. With false the terminal keeps the mouse, and its own text selection works",
      "# without holding Shift.",
      "mouse = \(defaults.mouse)",
      "",
      "# How many colours the terminal shows: auto finds out from COLORTERM, TERM and terminfo;",
      "# truecolor, 256, 16, 8 or none say it (truecolor over ssh, which drops COLORTERM, say).",
      "# TERMFLOW_COLORS in the environment says it too; NO_COLOR still takes the colours away.",
      "colors = \"auto\"",
      "",
      "[list]",
      "# The list's columns, in the order they show: "
        + ContactsListColumn.allCases.map(\.rawValue)
        .joined(separator: ", ") + ".",
      "# A narrower terminal shows fewer: under 100 columns no company, under 64 no email and no",
      "# book, under 40 the name alone. The book shows only when the account syncs several.",
      "columns = [" + defaults.listColumns.map { quoted($0.rawValue) }.joined(separator: ", ") + "]",
      "",
      "[sync]",
      "# Minutes from the end of one sync to the start of the next while the app is open, for an",
      "# account linked to a CardDAV server; 0 syncs only on s, after signing in and after changes.",
      "interval = \(defaults.syncIntervalMinutes)",
      "# Cards sent to the server at once (1 to 16), each on its own connection: servers that write",
      "# in parallel (Cyrus, DAViCal) take a big upload several times faster; 1 sends one at a time.",
      "uploads = \(defaults.syncUploads)",
      "",
      "[phones]",
      "# The country of numbers written without a country code, by its two-letter code, so that",
      "# 030 1234567 and +49 30 1234567 are one number when looking for duplicates (default: the",
      "# locale's country, from LC_ALL, LC_TELEPHONE or LANG: de_DE.UTF-8 is DE; without one such",
      "# numbers are compared by their digits).",
      "# region = \"DE\"",
      "",
      "# Keys: each screen's bindings by name, with their keys, one (\"q\") or several ([\"q\", \"Ctrl-Q\"]).",
      "# Keys are written q, S (Shift-s), Enter, Esc, Tab, Shift-Tab, Ctrl-S, Alt-b, Up, Down, Left,",
      "# Right, PgUp, PgDn, Home, End, Del, Backspace, Space, F1 to F64. A binding whose keys each do",
      "# something else (move: Up, Down, PgUp…) takes as many keys, in the same order. A key given to",
      "# two bindings that apply at once is refused, and so is a key a text field types or edits with",
      "# given to a binding that works while the field has the focus. Ctrl-C (quit) and Ctrl-Z",
      "# (suspend) are reserved. [keys.dialog] is the questions' buttons and the choosers' keys.",
      "# The help bar shows the keys you choose.",
    ]
    for screen in ContactsKeyMaps.screens {
      lines += ["", "[keys.\(screen.name)]"]
      let width = screen.bindings.map { $0.name.count + 3 + value(of: $0.keys).count }.max() ?? 0
      for binding in screen.bindings {
        let assignment = binding.name + " = " + value(of: binding.keys)
        let label = screen.labels[binding.name] ?? ""
        lines.append(assignment.padding(toLength: width + 2) + "# " + label)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A binding's keys as the file writes them.
  private static func value(of keys: [Key]) -> String {
    let names = keys.map { "\"" + $0.configName.replacingBackslashesAndQuotes + "\"" }
    return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
  }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self + " " : self + String(repeating: " ", count: length - count)
  }

  /// Escaped for a TOML basic string.
  fileprivate var replacingBackslashesAndQuotes: String {
    var escaped = ""
    for character in self {
      if character == "\\" || character == "\"" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
