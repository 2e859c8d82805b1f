import TermFlow

// `Items` starts on the list; `Items items/2` opens item 2 (a deep link is just a first route).
let argument = CommandLine.arguments.dropFirst().first ?? "items"
guard let route = Route(parsing: argument), route.path.first == "items" else {
  TerminalSession.exitWithUsageError("not a route of this app: \(argument) (try items or items/2)")
}
NavigationApp.main { itemsApp(route: route) }
