/// What a reducer asks of the program that runs its store, rather than of the outside world:
/// to end, or to step aside. Returned as ``Effect/quit`` and ``Effect/suspend``; the program
/// (a terminal app's loop) carries it out once the batch of actions is reduced, and a store that
/// no program runs ignores it.
public enum ProgramRequest: Hashable, Sendable, Codable {
  /// End the program.
  case quit
  /// Give the terminal back and stop until resumed, as Ctrl-Z does to a shell's job.
  case suspend
}
