import ArgumentParser
import ContactsCore
import ContactsLive
import Foundation
import SessionRecording
import TerminalUI

/// `contacts replay FILE`: runs a recorded session again, headless, with the effects answered
/// from the recording (no database is opened), writing one frame per step.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay", abstract: "Replay a recorded session headless.",
    discussion: """
      FILE is a session log written by `contacts --record FILE`, or the one a crash left behind. \
      Nothing outside the app runs: the database answers come from the recording. Frames are \
      written as text (the characters, a style layer and the cursor), one file per step: the \
      first frame, then one after each input and each effect answer.
      """)

  @Argument(help: "The session log.")
  var file: String

  @Option(name: .long, help: ArgumentHelp("Write the frames to DIR (created if missing).", valueName: "DIR"))
  var frames: String?

  @Flag(name: .long, help: "Check the actions, the last frame and the last state against the recording.")
  var verify = false

  func validate() throws {
    if frames == nil, !verify { throw ValidationError("Say what to do: --frames DIR, --verify, or both.") }
  }

  @MainActor
  func run() async throws {
    let log: SessionLog<AppAction>
    do {
      log = try SessionLog<AppAction>.read(from: file)
    } catch {
      throw ValidationError(error.description)
    }
    guard log.header.app == ContactsApp.name else {
      throw ValidationError("\(file) was recorded by “\(log.header.app)”, not by contacts.")
    }
    if let frames {
      do {
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
      } catch {
        throw ValidationError("Cannot create \(frames): \(error.localizedDescription)")
      }
    }
    let app: ContactsApp
    do {
      app = try ContactsApp.replaying(log)
    } catch {
      throw ValidationError("The recording starts at a route this build does not know: \(error)")
    }
    let outcome = try SessionReplay(log: log).run(into: app.replayTarget) { step, frame in
      guard let frames else { return }
      let path = (frames as NSString).appendingPathComponent(String(format: "%06d.txt", step))
      try Data(FrameText.render(frame).utf8).write(to: URL(fileURLWithPath: path))
    }
    let inputs = log.entries.count { if case .input = $0 { true } else { false } }
    let answers = log.entries.count { if case .effect = $0 { true } else { false } }
    var summary = "Replayed \(inputs) inputs and \(answers) effect answers: \(outcome.frameCount) frames"
    if let frames { summary += " in \(frames)" }
    print(summary + ".")
    if log.wasCutShort {
      print("The log's last line was cut short (the app was killed while writing it); it was left out.")
    }
    guard verify else { return }
    if !outcome.hadEnd {
      print(
        "The log does not say how the session ended (it was left by a crash or a kill): only the actions were checked.")
    }
    if outcome.mismatches.isEmpty {
      let actions = log.entries.count { if case .action = $0 { true } else { false } }
      print(
        "Verified: \(actions) actions\(outcome.hadEnd ? ", the last frame and the last state" : "") match the recording."
      )
    } else {
      for mismatch in outcome.mismatches { print(mismatch) }
      throw ExitCode(1)
    }
  }
}
