import TermFlow

TerminalApp.main(counterApp)
