import Glibc
import TerminalUI

// termflow-demo: the widget gallery on the real terminal.
//   --allow-crash       let `!` trigger a deliberate trap (to test the terminal restore)
// The pty tests set TERMFLOW_READY_FIFO to hear when a frame is on screen (see TerminalSession).

TerminalSession.prepareProcess()
let arguments = CommandLine.arguments
let allowsCrash = arguments.contains("--allow-crash")

// Synchronous top-level code: the run loop keeps the main thread (see TerminalSession.run).
let status: Int32 = MainActor.assumeIsolated {
  DemoApp(allowsCrash: allowsCrash).run()
}
exit(status)
