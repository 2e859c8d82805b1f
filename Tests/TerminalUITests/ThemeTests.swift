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

  @Test func rgbPicksTheNearestCubeOrGreyEntry() {
    let steelBlue: UInt8 = 16 + 36 * 1 + 6 * 2 + 3
    #expect(Color.rgb(0x5F, 0x87, 0xAF) == .palette(steelBlue))
    #expect(Color.rgb(0, 0, 0) == .palette(16))
    #expect(Color.rgb(0xFF, 0xFF, 0xFF) == .palette(231))
    #expect(Color.rgb(0x80, 0x80, 0x80) == .palette(244))
    #expect(Color.rgb(0x5E, 0x88, 0xB0) == Color.rgb(0x5F, 0x87, 0xAF))
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
