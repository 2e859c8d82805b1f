import TermFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `Items` starts on the list; `Items items/2` opens item 2 (a deep link is just a first route).
let argument = CommandLine.arguments.dropFirst().first ?? "items"
guard let route = Route(parsing: argument), route.path.first == "items" else {
  let message = Array("Items: not a route of this app: \(argument) (try items or items/2)\n".utf8)
  _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(2)
}
NavigationApp.main { itemsApp(route: route) }
