public import Navigation
public import TerminalUI

extension Wireframe {
  /// The bindings that apply now and are not hidden, yet are not in the help bar as drawn
  /// `width` columns wide: empty when the help bar tells the whole truth.
  ///
  /// It reads the key maps of the chain that has the keyboard (the modal's alone, else the
  /// focused screen's and the ``Wireframe/responders``'), and looks for each binding's
  /// `key label` on the frame's last row, so it fails when a binding that works is not shown,
  /// whatever drew the bar. Call it after every step of a test, or of a monkey run.
  @MainActor
  public func bindingsMissingFromHelp(width: Int = 400) -> [HelpItem] {
    let chain: [any KeyResponder] = modal.map { [$0] } ?? (stack.last.map { [$0] } ?? []) + responders
    // Six rows: room for a modal (it leaves a row above and below) over the stage, and the bar.
    let helpRow = render(size: Size(width: width, height: 6)).lines.last ?? ""
    return chain.flatMap { shownBindings($0) }.filter { !helpRow.contains("\($0.key) \($0.label)") }
  }
}

@MainActor
private func shownBindings(_ responder: some KeyResponder) -> [HelpItem] {
  responder.keyMap.activeBindings(in: responder.keyContext).filter { !$0.isHidden }.map(\.helpItem)
}
