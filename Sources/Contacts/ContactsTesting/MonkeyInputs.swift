public import TerminalUI
import TestSupport

/// A seeded stream of what a careless user, a cat on the keyboard and a flaky terminal send:
/// letters in many scripts, control and navigation keys, the app's own keys, pastes (some of
/// them odd or long), the mouse (clicks, double clicks, drags and the wheel, on screen and far
/// off it), resizes from 1×1 to 300×100, animation ticks — and now and then a correct sign-in,
/// so the screens behind it get their share.
///
/// The same seed always gives the same stream (`SplitMix64`).
public struct MonkeyInputs: Sequence, IteratorProtocol {
  /// One step of the stream.
  public enum Step: Equatable, Sendable {
    case event(TerminalSession.Event)
    /// Sign in with the monkey's account: the runner turns it into the keys the form needs
    /// from where its focus is.
    case signIn
  }

  private var random: SplitMix64
  private let sendsMouse: Bool

  /// Without `mouse`, the share of mouse events is letters again: the stream a seed gave before
  /// the mouse existed, which the tests of the shrinker are calibrated on.
  public init(seed: UInt64, mouse: Bool = true) {
    random = SplitMix64(seed: seed)
    sendsMouse = mouse
  }

  public mutating func next() -> Step? {
    let roll = below(1_000)
    switch roll {
    case 0..<380: return .event(.input(.key(.character(pick(Self.characters)))))
    case 380..<430 where sendsMouse: return .event(.input(.mouse(mouse())))
    case 380..<430: return .event(.input(.key(.character(pick(Self.characters)))))
    case 430..<700: return .event(.input(.key(pick(Self.keys))))
    case 700..<850: return .event(.input(.key(.character(pick(Self.appKeys)))))
    case 850..<900: return .event(.input(.paste(paste())))
    case 900..<940: return .event(.resize(size()))
    case 940..<985: return .event(.tick)
    default: return .signIn
    }
  }

  private static let characters: [Character] =
    Array(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-_@+'\"!?#%&*()[]{}<>/\\|~`^$;:="
        + "éèüñçßøåÆŒ李小龍東京語한국어Ωπ∑€£¥→↑•…") + ["👩‍💻", "🇸🇪", "e\u{301}", "👍🏽", "\u{200B}", "\u{FE0F}", "\u{7F}", "\t"]

  private static let keys: [Key] = [
    .enter, .enter, .tab, .backTab, .escape, .escape, .backspace, .delete, .up, .down, .left, .right, .home, .end,
    .pageUp, .pageDown, Key(.insert), Key(.function(1)), Key(.function(5)), .ctrl("u"), .ctrl("w"), .ctrl("k"),
    .ctrl("s"), .ctrl("n"), .ctrl("a"), .ctrl("e"), .ctrl("l"), .ctrl("c"), Key(.left, modifiers: .control),
    Key(.right, modifiers: .alt), Key(.character("x"), modifiers: .alt), Key(.up, modifiers: .shift),
  ]

  /// The keys the screens bind: search, add, edit, delete, sign out, quit, vi moves, retry,
  /// and sync's: open it, sync now, keep here, the server's or both, unlink.
  private static let appKeys: [Character] = Array("/aedSqjkgGrrnyysshtbu")

  private static let pastes: [String] = [
    "Ada Lovelace", "zoe@example.com", "+44 20 7946 0001", "line one\nline two\r\nline three", "\u{1B}[31mred\u{1B}[0m",
    "李小龍 Zoë Ångström 👩‍💻🇸🇪", "", " ", "\u{0}\u{7}\u{8}", String(repeating: "é", count: 300),
    String(repeating: "0123456789", count: 1_000),
  ]

  private mutating func paste() -> String {
    if below(10) == 0 {
      // A long one: tens of kilobytes of mixed scripts.
      return String(repeating: "Zoë 李 👍🏽 ab\n", count: 500 + below(3_000))
    }
    return pick(Self.pastes)
  }

  /// Mostly left clicks (one in four a double click) and the wheel where the screens are;
  /// now and then any action, or a position far off any screen.
  private mutating func mouse() -> MouseEvent {
    let far = below(10) == 0
    let position = Point(x: far ? below(100_000) : below(120), y: far ? below(100_000) : below(40))
    switch below(6) {
    case 0, 1, 2: return MouseEvent(.press, .left, at: position, clickCount: below(4) == 0 ? 2 : 1)
    case 3: return MouseEvent(below(2) == 0 ? .scrollUp : .scrollDown, at: position)
    default:
      return MouseEvent(
        pick(MouseEvent.Action.allCases), pick(MouseEvent.Button.allCases), at: position,
        modifiers: Key.Modifiers(rawValue: UInt8(below(8))))
    }
  }

  private mutating func size() -> Size {
    switch below(4) {
    case 0: Size(width: 1 + below(12), height: 1 + below(6))
    case 1: Size(width: 1 + below(300), height: 1 + below(100))
    default: pick([Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)])
    }
  }

  private mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }

  private mutating func below(_ bound: Int) -> Int {
    random.next(in: 0...bound - 1)
  }
}
