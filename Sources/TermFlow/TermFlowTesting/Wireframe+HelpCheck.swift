public import Navigation
public import TerminalUI

extension Wireframe {
  /// The bindings that apply now and are not hidden, yet are not in the help bar as drawn
  /// `width` columns wide: empty when the help bar tells the whole truth.
  ///
  /// It reads the key maps of the chain that has the keyboard (the modal's alone, else the
  /// focused screen's and the ``Wireframe/responders``'), and looks for each binding's
  /// `key label` on the frame's last row (without the keys the focused text field takes),
  /// so it fails when a binding that works is not shown, whatever drew the bar. Call it after
  /// every step of a test, or of a monkey run.
  @MainActor
  public func bindingsMissingFromHelp(width: Int = 400) -> [HelpItem] {
    // While the list of every key is up, any key closes it: the bar says Esc.
    guard !showsAllKeys, let focused = focusedScreen else { return [] }
    // Six rows: room for a modal (it leaves a row above and below) over the stage, and the bar.
    let helpRow = render(size: Size(width: width, height: 6)).lines.last ?? ""
    return keyboardChain.flatMap { shownBindings($0) }.compactMap { item in item.leavingOut { focused.takesAsText($0) }
    }
    .filter { !helpRow.contains("\($0.key) \($0.label)") }
  }

  /// What is wrong with the help bar drawn at `size`, in words; empty when it is right:
  ///
  /// - every entry on it names a binding of the chain that has the keyboard, and each key it
  ///   shows is taken by that chain now (or, for `? More`, reaches the wireframe);
  /// - it shows no key the focused text field takes as text (`q` while a field has `q`);
  /// - when it cannot show every binding that applies, it shows the essential ones and the
  ///   key that lists them all (`? More`), so the way out and the way to every key are there.
  ///
  /// It reads the frame's last row as drawn, so it holds whatever drew the bar. Call it after
  /// every step of a test that visits every screen, at every width the app must work at.
  @MainActor
  public func helpBarProblems(size: Size) -> [String] {
    let row = render(size: size).lines.last ?? ""
    guard let focused = focusedScreen else { return [] }
    let entries = row.components(separatedBy: "  ").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    if showsAllKeys { return entries == ["Esc Close"] ? [] : ["the list of every key is up, the bar shows \(entries)"] }
    let chain = keyboardChain
    let bindings = chain.flatMap { $0.allKeys }
    var problems: [String] = []
    for entry in entries {
      guard let space = entry.firstIndex(of: " ") else {
        problems.append("“\(entry)” is not a key and what it does")
        continue
      }
      let shown = String(entry[..<space])
      let label = String(entry[entry.index(after: space)...])
      // A text field's entry (`Type Search`) names no key.
      if shown == "Type" { continue }
      let keys: [Key]
      if label == "More", let key = Wireframe.moreKeys.first(where: { $0.description == shown }) {
        keys = [key]
        if chain.contains(where: { $0.answers(key) }) {
          problems.append("“\(entry)”: \(key) is taken by a binding, so it does not list the keys")
        }
      } else {
        let names = shown.split(separator: "/").map(String.init)
        let matched = bindings.filter { $0.label == label }.lazy.map { binding in
          binding.key == shown ? binding.keys : binding.keys.filter { names.contains($0.description) }
        }.first { !$0.isEmpty }
        guard let matched else {
          problems.append("“\(entry)” is no binding that applies on this screen")
          continue
        }
        keys = matched
        for key in keys where !chain.contains(where: { $0.answers(key) }) {
          problems.append("“\(entry)”: nothing on this screen takes \(key)")
        }
      }
      for key in keys where focused.takesAsText(key) {
        problems.append("“\(entry)”: the focused field takes \(key) as text")
      }
    }
    let applying = chain.flatMap { shownBindings($0) }.compactMap { item in item.leavingOut { focused.takesAsText($0) }
    }
    let missing = applying.filter { !row.contains("\($0.key) \($0.label)") }
    if !missing.isEmpty {
      // The key that lists them all: `?`, or F1 while the focused field takes `?`.
      if modal == nil, let more = Wireframe.moreKeys.first(where: { !focused.takesAsText($0) }),
        !row.contains("\(more) More")
      {
        problems.append("leaves out \(missing.map(\.label)) without \(more) More")
      }
      for item in missing where item.isEssential {
        problems.append("leaves out the essential “\(item.key) \(item.label)”")
      }
    }
    return problems
  }

  /// The responders that have the keyboard, first taker first: the modal alone, else the top
  /// screen and the responders below it.
  private var keyboardChain: [any KeyResponder] {
    modal.map { [$0] } ?? (stack.last.map { [$0] } ?? []) + responders
  }
}

@MainActor
private func shownBindings(_ responder: some KeyResponder) -> [HelpItem] {
  responder.keyMap.activeBindings(in: responder.keyContext).filter { !$0.isHidden }.map(\.helpItem)
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
