import Glibc
import TerminalUI

// termflow-demo: the widget gallery on the real terminal.
//   --ready-fifo PATH   after the first frame, write "ready <pid>" to PATH (for the pty tests)
//   --allow-crash       let `!` trigger a deliberate trap (to test the terminal restore)

TerminalSession.prepareProcess()
let arguments = CommandLine.arguments
let readyFIFO = arguments.firstIndex(of: "--ready-fifo").map { arguments[$0 + 1] }
let allowsCrash = arguments.contains("--allow-crash")

// Synchronous top-level code: the run loop keeps the main thread (see TerminalSession.run).
let status: Int32 = MainActor.assumeIsolated {
  DemoApp(readyFIFO: readyFIFO, allowsCrash: allowsCrash).run()
}
exit(status)
