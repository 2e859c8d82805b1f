import Testing

@testable import TerminalUI

/// Colour depth as the environment and terminfo give it, colours mapped down to it, and the
/// themes built on both.
struct ColorDepthTests {
  private func detect(_ environment: [String: String]) -> ColorDepth {
    ColorDepth.detect(environment: environment)
  }

  @Test func noColorWinsWhenSetAndNotEmpty() {
    let term = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
    #expect(detect(term) == .trueColor)
    #expect(detect(term.merging(["NO_COLOR": ""]) { $1 }) == .trueColor, "an empty NO_COLOR keeps colour")
    for value in ["1", "0", "yes", "false"] {
      #expect(detect(term.merging(["NO_COLOR": value]) { $1 }) == .monochrome, "NO_COLOR=\(value)")
    }
  }

  @Test func theEnvironmentIsReadAsTermenvReadsIt() {
    let cases: [([String: String], ColorDepth)] = [
      ([:], .monochrome),
      (["TERM": "dumb", "COLORTERM": "truecolor"], .monochrome),
      (["TERM": "xterm-256color", "COLORTERM": "24bit"], .trueColor),
      (["TERM": "screen-256color", "COLORTERM": "truecolor"], .palette256),
      (["TERM": "screen-256color", "COLORTERM": "truecolor", "TERM_PROGRAM": "tmux"], .trueColor),
      (["TERM": "xterm", "COLORTERM": "yes"], .palette256),
      (["TERM": "xterm-kitty"], .trueColor),
      (["TERM": "foot"], .trueColor),
      (["TERM": "xterm-direct"], .trueColor),
      (["TERM": "tmux-256color"], .palette256),
      (["TERM": "xterm"], .ansi16),
      (["TERM": "linux"], .ansi16),
      (["TERM": "vt100"], .ansi8),
    ]
    for (environment, depth) in cases {
      #expect(detect(environment) == depth, "\(environment)")
    }
  }

  @Test func terminfoColoursGiveTheirDepth() {
    #expect(ColorDepth(terminfoColors: -1) == .monochrome)
    #expect(ColorDepth(terminfoColors: 8) == .ansi8)
    #expect(ColorDepth(terminfoColors: 88) == .ansi16)
    #expect(ColorDepth(terminfoColors: 256) == .palette256)
    #expect(ColorDepth(terminfoColors: 0x100_0000) == .trueColor)
  }

  /// The bug `palette(n) % COLORS` had: on 8 colours bright black wrapped to black, and the
  /// borders drawn in it vanished on a dark background.
  @Test func aColourTheTerminalLacksBecomesTheNearestItHas() {
    #expect(ColorDepth.ansi8.approximating(.brightBlack) == .white)
    #expect(ColorDepth.ansi8.approximating(.brightRed) == .red)
    #expect(ColorDepth.ansi8.approximating(.brightCyan) == .cyan)
    #expect(ColorDepth.ansi16.approximating(.palette(196)) == .brightRed)
    #expect(ColorDepth.ansi16.approximating(.palette(244)) == .brightBlack)
    #expect(ColorDepth.ansi16.approximating(.palette(21)) == .blue)
    #expect(ColorDepth.ansi16.approximating(.palette(250)) == .white)
    #expect(ColorDepth.ansi8.approximating(.palette(231)) == .white)
    #expect(ColorDepth.ansi16.approximating(.brightBlack) == .brightBlack)
    #expect(ColorDepth.palette256.approximating(.palette(244)) == .palette(244))
    #expect(ColorDepth.monochrome.approximating(.red) == .default)
    for depth in ColorDepth.allCases { #expect(depth.approximating(.default) == .default) }
  }

  @Test func everyPaletteEntryLandsInsideEverySmallerPalette() {
    for index in 0...255 {
      let color = Color.palette(UInt8(index))
      for (depth, count) in [(ColorDepth.ansi8, 8), (.ansi16, 16)] {
        guard case .palette(let mapped) = depth.approximating(color) else {
          Issue.record("\(color) lost its colour on \(depth)")
          continue
        }
        #expect(Int(mapped) < count, "\(color) on \(depth) is \(mapped)")
        if index < count { #expect(Int(mapped) == index) }
      }
    }
  }

  @Test func xterm256PicksTheNearestCubeOrGreyEntry() {
    let steelBlue: UInt8 = 16 + 36 * 1 + 6 * 2 + 3
    #expect(Color.xterm256(0x5F, 0x87, 0xAF) == .palette(steelBlue))
    #expect(Color.xterm256(0, 0, 0) == .palette(16))
    #expect(Color.xterm256(0xFF, 0xFF, 0xFF) == .palette(231))
    #expect(Color.xterm256(0x80, 0x80, 0x80) == .palette(244))
    #expect(Color.xterm256(0x5E, 0x88, 0xB0) == Color.xterm256(0x5F, 0x87, 0xAF))
  }

  /// A 24-bit colour stays itself only where the terminal has 24-bit colour; below, it becomes
  /// what `xterm256` picks on 256 colours, and the nearest of the sixteen or eight on fewer.
  @Test func aTwentyFourBitColourIsKeptOnTruecolorAndApproximatedBelow() {
    let steelBlue = Color.rgb(0x5F, 0x87, 0xAF)
    #expect(ColorDepth.trueColor.approximating(steelBlue) == steelBlue)
    #expect(ColorDepth.palette256.approximating(steelBlue) == Color.xterm256(0x5F, 0x87, 0xAF))
    #expect(ColorDepth.palette256.approximating(.rgb(0x12, 0x34, 0x57)) == .xterm256(0x12, 0x34, 0x57))
    #expect(ColorDepth.ansi16.approximating(.rgb(0xFF, 0x10, 0x10)) == .brightRed)
    #expect(ColorDepth.ansi8.approximating(.rgb(0xFF, 0x10, 0x10)) == .red)
    #expect(ColorDepth.ansi16.approximating(.rgb(0x80, 0x80, 0x80)) == .brightBlack, "a grey stays grey")
    #expect(ColorDepth.monochrome.approximating(steelBlue) == .default)
    for red in stride(from: 0, through: 255, by: 51) {
      for blue in stride(from: 0, through: 255, by: 85) {
        let color = Color.rgb(UInt8(red), 0x40, UInt8(blue))
        for (depth, range) in [(ColorDepth.ansi8, 0..<8), (.ansi16, 0..<16), (.palette256, 16..<256)] {
          guard case .palette(let index) = depth.approximating(color) else {
            Issue.record("\(color) on \(depth) is not a palette entry")
            continue
          }
          #expect(range.contains(Int(index)), "\(color) on \(depth) is \(index)")
        }
      }
    }
  }

  @Test func aUserNamesADepthAndNoColorStillWins() {
    #expect(
      ColorDepth.names.compactMap(ColorDepth.init(name:)) == [.trueColor, .palette256, .ansi16, .ansi8, .monochrome])
    #expect(ColorDepth(name: "24bit") == .trueColor)
    #expect(ColorDepth(name: "TrueColor") == .trueColor)
    #expect(ColorDepth(name: "auto") == nil)
    #expect(ColorDepth(name: "1000") == nil)
    let ssh = ["TERM": "xterm-256color"]
    #expect(detect(ssh) == .palette256)
    #expect(detect(ssh.merging(["TERMFLOW_COLORS": "truecolor"]) { $1 }) == .trueColor)
    #expect(detect(ssh.merging(["TERMFLOW_COLORS": "auto"]) { $1 }) == .palette256)
    #expect(detect(ssh.merging(["TERMFLOW_COLORS": "16", "NO_COLOR": "1"]) { $1 }) == .monochrome)
  }

  /// What a terminal is drawn at: a forced depth as it is; else 24-bit wherever the environment
  /// or terminfo says so and the entry has 256 colours (the backend writes it itself); else the
  /// environment's guess within terminfo's `colors`.
  @Test func theDepthDrawnResolvesTheEnvironmentWithTerminfo() {
    func resolved(
      _ environment: [String: String], colors: Int, rgb: Bool = false, configured: ColorDepth? = nil
    ) -> ColorDepth {
      ColorDepth.resolved(configured: configured, environment: environment, terminfoColors: colors, terminfoHasRGB: rgb)
    }
    let truecolor = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
    #expect(resolved(truecolor, colors: 256) == .trueColor)
    #expect(resolved(truecolor, colors: 8) == .ansi8, "24-bit needs an entry with 256")
    #expect(resolved(["TERM": "xterm-256color"], colors: 256) == .palette256)
    #expect(resolved(["TERM": "xterm-256color"], colors: 256, rgb: true) == .trueColor, "terminfo's RGB or Tc")
    #expect(resolved(["TERM": "xterm-direct"], colors: 0x100_0000) == .trueColor)
    #expect(resolved(["TERM": "xterm"], colors: 8) == .ansi8)
    #expect(resolved(["TERM": "xterm-256color"], colors: 256, configured: .trueColor) == .trueColor)
    #expect(resolved(truecolor, colors: 256, configured: .ansi16) == .ansi16)
    #expect(resolved(["TERM": "xterm-256color", "TERMFLOW_COLORS": "truecolor"], colors: 256) == .trueColor)
    #expect(resolved(truecolor.merging(["NO_COLOR": "1"]) { $1 }, colors: 256, configured: .trueColor) == .monochrome)
  }
}

/// A style is one 8-byte word, so that a cell is 24 bytes with no padding and rows compare
/// with `memcmp`; every colour and attribute goes in and comes out unchanged.
struct StylePackingTests {
  @Test func aStyleIsEightBytesAndACellTwentyFourWithoutPadding() {
    #expect(MemoryLayout<Style>.size == 8)
    #expect(MemoryLayout<Cell>.size == 24)
    #expect(MemoryLayout<Cell>.stride == 24)
  }

  @Test func everyColourAndAttributeComesBackOut() {
    let colors: [Color] = [
      .default, .black, .brightWhite, .palette(255), .rgb(0, 0, 0), .rgb(0xFF, 0xFF, 0xFF), .rgb(0x01, 0x02, 0x03),
      .rgb(0, 1, 0),
    ]
    let attributes: [Style.Attributes] = [[], .bold, [.dim, .italic, .underline, .reverse]]
    var seen = Set<Style>()
    for foreground in colors {
      for background in colors {
        for attribute in attributes {
          let style = Style(foreground: foreground, background: background, attributes: attribute)
          #expect(style.foreground == foreground && style.background == background && style.attributes == attribute)
          #expect(style.hasRGB == (foreground.isRGB || background.isRGB))
          seen.insert(style)
        }
      }
    }
    #expect(seen.count == colors.count * colors.count * attributes.count, "no two styles share their bits")
    var changed = Style(foreground: .rgb(1, 2, 3), background: .palette(9), attributes: .bold)
    changed.background = .rgb(0xFE, 0xDC, 0xBA)
    changed.foreground = .default
    #expect(changed == Style(background: .rgb(0xFE, 0xDC, 0xBA), attributes: .bold))
  }

  @Test func aTwentyFourBitColourIsNamedInHex() {
    #expect(Color.rgb(0x0A, 0xBC, 0xFF).description == "#0abcff")
    #expect(Style.plain.foreground(.rgb(0, 0, 0)).description == "fg=#000000")
  }
}

struct ThemeTests {
  private func colors(of theme: Theme) -> Set<Color> {
    Set(Theme.roles.flatMap { [theme[keyPath: $0.style].foreground, theme[keyPath: $0.style].background] })
  }

  @Test func theBuiltInThemesAreFoundByNameAndDiffer() throws {
    #expect(Theme.builtIn.map(\.name) == ["dark", "light", "high-contrast", "monochrome"])
    #expect(Theme.builtInNames == Theme.builtIn.map(\.name))
    for (name, theme) in Theme.builtIn {
      #expect(Theme.named(name) == theme)
      #expect(Theme.named(name.uppercased()) == theme)
    }
    #expect(Theme.named("high_contrast") == .highContrast)
    #expect(Theme.named("solarized") == nil)
    #expect(Theme.named("") == nil)
    #expect(Set(Theme.builtIn.map(\.theme)).count == 4)
    #expect(Theme.standard == .dark)
  }

  @Test func monochromeHasNoColourAndKeepsEveryAttribute() {
    #expect(colors(of: .monochrome) == [.default])
    for role in Theme.roles {
      #expect(
        Theme.monochrome[keyPath: role.style].attributes == Theme.dark[keyPath: role.style].attributes, "\(role.name)")
    }
  }

  @Test func aThemeMappedDownUsesOnlyColoursTheTerminalHas() {
    for (name, theme) in Theme.builtIn {
      #expect(colors(of: theme.adapted(to: .monochrome)) == [.default])
      for (depth, count) in [(ColorDepth.ansi8, 8), (.ansi16, 16)] {
        for color in colors(of: theme.adapted(to: depth)) {
          if case .palette(let index) = color { #expect(Int(index) < count, "\(name) on \(depth): \(color)") }
        }
      }
      #expect(theme.adapted(to: .palette256) == theme)
      #expect(theme.adapted(to: .trueColor) == theme)
    }
    // The light theme is written in the 256-colour palette: mapping it down changes it.
    #expect(Theme.light.adapted(to: .ansi16) != .light)
  }

  /// One accent colour gives the roles that draw the eye a colour of their own, as text in reverse
  /// video (the selection) or where there is no background, else as the background; nothing
  /// else changes.
  @Test func anAccentColoursWhatDrawsTheEye() {
    let teal = Color.rgb(0x2E, 0xC4, 0xB6)
    let dark = Theme.dark.accented(teal)
    #expect(dark.selection == Theme.dark.selection.foreground(teal))
    #expect(dark.title == Theme.dark.title.foreground(teal))
    #expect(dark.helpKey.foreground == teal && dark.focusedBorder.foreground == teal)
    #expect(dark.border == Theme.dark.border && dark.error == Theme.dark.error && dark.field == Theme.dark.field)
    let light = Theme.light.accented(teal)
    #expect(light.selection == Theme.light.selection.background(teal), "the light selection has a background")
    #expect(dark.adapted(to: .palette256).selection.foreground == .xterm256(0x2E, 0xC4, 0xB6))
  }

  /// Widgets given no theme draw in the frame's, so the app's theme reaches every one.
  @Test func widgetsDrawInTheFramesThemeUnlessGivenTheirOwn() {
    let help = HelpBar([HelpItem(key: "q", label: "Quit")])
    let light = help.frame(size: Size(width: 10, height: 1), theme: .light)
    let dark = help.frame(size: Size(width: 10, height: 1))
    #expect(light[1, 0].style == Theme.light.helpKey)
    #expect(dark[1, 0].style == Theme.dark.helpKey)
    #expect(light[1, 0].style != dark[1, 0].style)
    var own = HelpBar([HelpItem(key: "q", label: "Quit")])
    own.theme = .highContrast
    #expect(own.frame(size: Size(width: 10, height: 1), theme: .light)[1, 0].style == Theme.highContrast.helpKey)
    #expect(light == dark.withStyles(of: light), "the theme is not part of what a frame shows")
  }
}

extension Frame {
  /// This frame with `other`'s styles, cell by cell (same size).
  fileprivate func withStyles(of other: Frame) -> Frame {
    var copy = self
    for y in 0..<size.height {
      for x in 0..<size.width {
        var cell = self[x, y]
        cell.style = other[x, y].style
        copy.set(cell, at: Point(x: x, y: y))
      }
    }
    copy.theme = .monochrome
    return copy
  }
}
