// swift-tools-version: 6.1
// TermFlow: a unidirectional-data-flow framework for full-screen terminal apps, and `contacts`,
// the address book built on it. See README.md for the tour and ARCHITECTURE.md for the design.

import PackageDescription

let package = Package(
  name: "TermFlow",
  platforms: [.macOS(.v15)],
  products: [
    // What an app depends on: the whole framework behind one import.
    .library(name: "TermFlow", targets: ["TermFlow"]),
    // What its tests depend on: TestStore, frame snapshots, TmuxPane, and the framework.
    .library(name: "TermFlowTesting", targets: ["TermFlowTesting"]),
    .executable(name: "contacts", targets: ["ContactsCLI"]),
    .executable(name: "termflow-bench", targets: ["TermFlowBenchmarks"]),
    .executable(name: "contacts-bench", targets: ["ContactsBenchmarks"]),
    .executable(name: "termflow-demo", targets: ["TermFlowDemo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
    .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
    .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
    .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", exact: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", exact: "1.13.1"),
    // Child processes for the app and its test servers: posix_spawn, with every other descriptor
    // closed and no signal blocked in the child, and exits awaited on one epoll thread. Not
    // Foundation's Process, whose run() over-reads /proc/self/fd's names on this toolchain and
    // crashed a CI run (swift-corelibs-foundation PR #5472). The app's targets only.
    .package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2"),
  ],
  targets: [
    // ncursesw as a system library; shim.h exposes what Swift 6 cannot import directly.
    .systemLibrary(
      name: "CNcursesw",
      path: "Modules/CNcursesw",
      providers: [.apt(["libncurses-dev"])]
    ),

    // SQLite's per-connection trigger switch (a variadic C function), for the first download's
    // bulk writes: see SyncStore.writeNew.
    .systemLibrary(name: "CSQLiteTriggers", path: "Modules/CSQLiteTriggers"),

    // The store core: state, actions, reducers, effects, middleware, subscriptions.
    .target(
      name: "Flow",
      dependencies: [
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // TestStore: exhaustive assertions on state changes and effect actions.
    .target(
      name: "FlowTesting",
      dependencies: [
        "Flow",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Lets reportIssue reach Swift Testing and XCTest in whichever runs the test.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),

    // Terminal layer: cells and frames, widths, widgets, input decoding, backends, the run loop.
    .target(
      name: "TerminalUI",
      dependencies: ["CNcursesw", .product(name: "Logging", package: "swift-log")]
    ),
    // Frame snapshots for swift-snapshot-testing, the headless backend's test helpers, and TmuxPane
    // (a built program in a tmux pane, for the pty tests).
    .target(
      name: "TerminalTesting",
      dependencies: [
        "TerminalUI",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),

    // Session logs: recording a session (inputs, actions, effect answers), replaying it
    // headless, and writing the log out when the process crashes; any NavigationApp can record.
    .target(name: "SessionRecording", dependencies: ["Flow", "TerminalUI", "Navigation"]),

    // Navigation: the route in state, coordinators, screens and the wireframe that presents them.
    .target(name: "Navigation", dependencies: ["Flow", "TerminalUI"]),

    // The umbrella an app imports: re-exports Flow, TerminalUI, Navigation and SessionRecording.
    .target(name: "TermFlow", dependencies: ["Flow", "TerminalUI", "Navigation", "SessionRecording"]),
    // The umbrella an app's tests import: re-exports TermFlow, FlowTesting, TerminalTesting and
    // SnapshotTesting.
    .target(
      name: "TermFlowTesting",
      dependencies: [
        "TermFlow", "FlowTesting", "TerminalTesting",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),

    // The vCard format as values: a lenient reader and a strict writer for RFC 2426 and 6350 and
    // what real clients write, with no file or network I/O and nothing about contacts.
    .target(name: "VCardFormat"),

    // Address books as CSV (Google's two generations, Outlook's flavours and languages, any file
    // with a header row) read as vCards and written from them, columns mapped by header name.
    // Pure like VCardFormat: text in, cards out, no file I/O.
    .target(name: "VCardCSV", dependencies: ["VCardFormat", .product(name: "CSV", package: "CSV.swift")]),

    // CardDAV (RFC 4918, 6352, 6578, 6764) as a client: discovery, listing, sync-collection,
    // multiget, conditional PUT and DELETE, with responses streamed into the XML parser. It knows
    // nothing about contacts or the database; the sync engine drives it.
    .target(
      name: "CardDAV",
      dependencies: [
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        // Only to tell a refused connection and a failed name lookup (NIOPosix) and a rejected
        // certificate (NIOSSL) apart in the error a user reads.
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    // Real CardDAV servers for tests: Radicale and Xandikos from the venv `make deps` builds,
    // each started on its own loopback port and folder and stopped when the test ends.
    .target(
      name: "CardDAVTesting",
      dependencies: ["CardDAV", .product(name: "Subprocess", package: "swift-subprocess")]
    ),

    // Sync's decisions, as pure functions of cards and what the last sync remembered: what to do
    // with a card the server changed or removed, when one side is suspiciously empty, and the
    // fingerprint cards are compared by.
    .target(
      name: "CardSync",
      dependencies: ["VCardFormat", .product(name: "Crypto", package: "swift-crypto")]
    ),

    // Phone numbers in E.164 by libphonenumber, Google's phone-number library (which
    // PhoneNumberKit ports to Swift), from the system: one C function over its C++ API.
    .target(
      name: "CPhoneNumbers",
      linkerSettings: [.linkedLibrary("phonenumber"), .linkedLibrary("stdc++")]
    ),

    // The contacts app's values: contacts, drafts and their validation, accounts, errors, and
    // what tells two records of one person (phones compared in E.164 through CPhoneNumbers).
    .target(name: "ContactsModel", dependencies: ["CPhoneNumbers", "VCardFormat"]),

    // The contacts app's functional core: state, actions, reducers, view models, screens.
    .target(
      name: "ContactsCore", dependencies: ["Flow", "Navigation", "TerminalUI", "ContactsModel"]),

    // The contacts app's imperative shell: the SQLite database (GRDB), accounts and password
    // hashing, contact queries, seeding.
    .target(
      name: "ContactsServices",
      dependencies: [
        "CardSync",
        "ContactsModel",
        "CSQLiteTriggers",
        "VCardFormat",
        .product(name: "GRDB", package: "GRDB.swift"),
        // The raw sqlite3_* API, for the seeder's bulk inserts.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "CryptoExtras", package: "swift-crypto"),
      ]
    ),

    // Two-way sync of an account with a CardDAV address book: the shell that lists, fetches and
    // sends through CardDAV and applies CardSync's decisions through ContactsServices.
    .target(
      name: "ContactsSync",
      dependencies: [
        "CardDAV", "CardSync", "ContactsServices", "VCardFormat",
        // The password command (PasswordCommand).
        .product(name: "Subprocess", package: "swift-subprocess"),
      ]
    ),

    // The app core wired to the database and the session log: the live clients and the
    // recording glue the command line and the end-to-end tests share.
    .target(
      name: "ContactsLive",
      dependencies: [
        "CardDAV", "ContactsCore", "ContactsModel", "ContactsServices", "ContactsSync", "Flow", "Navigation",
        "SessionRecording", "TerminalUI",
      ]
    ),

    // Headless sessions of the real app for end-to-end tests: keys in, frames out.
    .target(
      name: "ContactsTesting",
      dependencies: [
        "ContactsCore", "ContactsLive", "ContactsModel", "ContactsServices", "TerminalUI", "SessionRecording",
        "TermFlowTesting", "TestSupport",
      ]
    ),

    // What many test targets need alike: seeded randomness and temporary directories.
    .target(name: "TestSupport", path: "Tests/TestSupport"),

    // The config file (`~/.config/contacts/config.toml`): read with TOMLKit (toml++), checked
    // against the app's settings and its screens' key maps, refused with file:line:col.
    .target(
      name: "ContactsConfig",
      dependencies: ["ContactsCore", "ContactsModel", "TerminalUI", .product(name: "TOMLKit", package: "TOMLKit")]
    ),

    // The `contacts` command line.
    .executableTarget(
      name: "ContactsCLI",
      dependencies: [
        "TerminalUI",
        "ContactsModel",
        "ContactsConfig",
        "ContactsCore",
        "ContactsLive",
        "ContactsServices",
        "ContactsSync",
        "CardDAV",
        "SessionRecording",
        "VCardCSV",
        "VCardFormat",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite itself, for the shell's completion of --account: a read that leaves no trace.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // `termflow-demo`: the widget gallery on a real terminal; the pty tests drive it.
    .executableTarget(name: "TermFlowDemo", dependencies: ["TerminalUI"]),

    // `make bench`: release-built benchmarks that write JSON under .bench/, the framework's
    // (`termflow-bench`) and the app's (`contacts-bench`), sharing one runner.
    .target(name: "Benchmarking"),
    .executableTarget(name: "TermFlowBenchmarks", dependencies: ["Benchmarking", "Flow", "TerminalUI", "CNcursesw"]),
    .executableTarget(
      name: "ContactsBenchmarks",
      dependencies: [
        "Benchmarking", "TerminalUI", "ContactsCore", "ContactsModel", "ContactsServices", "ContactsSync", "CardDAV",
      ]),

    // Fixtures: real cards and what Radicale stores of our exports (read by path, not bundled).
    .testTarget(name: "VCardFormatTests", dependencies: ["VCardFormat", "TestSupport"], exclude: ["Fixtures"]),
    // Fixtures: Google and Outlook CSV files written from the formats' public descriptions.
    .testTarget(
      name: "VCardCSVTests", dependencies: ["VCardCSV", "VCardFormat", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "FlowTests",
      dependencies: [
        "Flow",
        "FlowTesting",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: ["TerminalUI", "TerminalTesting", "TermFlowDemo", "TestSupport"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "NavigationTests",
      dependencies: ["Navigation", "Flow", "FlowTesting", "TerminalUI", "TerminalTesting"],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(name: "CardDAVTests", dependencies: ["CardDAV", "CardDAVTesting"]),
    .testTarget(
      name: "ContactsServicesTests", dependencies: ["CardSync", "ContactsServices", "ContactsModel", "TestSupport"]),
    // The `contacts` binary run as a user runs it: commands, and the app in a tmux pane.
    .testTarget(
      name: "ContactsCLITests",
      dependencies: [
        "CardDAV", "CardDAVTesting", "ContactsCLI", "TerminalTesting", "TerminalUI", "VCardFormat",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Subprocess", package: "swift-subprocess"),
      ]
    ),
    .testTarget(
      name: "ContactsAppTests",
      dependencies: [
        "CardDAV", "CardDAVTesting", "ContactsCore", "ContactsLive", "ContactsModel", "ContactsServices",
        "ContactsTesting", "TerminalUI", "TerminalTesting", "Navigation", "Flow", "FlowTesting", "SessionRecording",
        "TestSupport", "VCardFormat",
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(name: "CardSyncTests", dependencies: ["CardSync", "VCardFormat"]),
    // Sync end to end against real Radicale and Xandikos servers on 127.0.0.1.
    .testTarget(
      name: "ContactsSyncTests",
      dependencies: [
        "CardDAV", "CardDAVTesting", "CardSync", "ContactsModel", "ContactsServices", "ContactsSync", "TestSupport",
        "VCardFormat", .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "ContactsConfigTests", dependencies: ["ContactsConfig", "ContactsCore", "TerminalUI", "TestSupport"]),
    .testTarget(name: "ContactsModelTests", dependencies: ["ContactsModel", "VCardFormat", "TestSupport"]),
    .testTarget(
      name: "ContactsCoreTests",
      dependencies: [
        "ContactsCore", "ContactsLive", "ContactsModel", "Flow", "FlowTesting", "TerminalUI", "Navigation",
        "SessionRecording",
      ]
    ),
  ],
  swiftLanguageModes: [.v6],
  // CPhoneNumbers includes libphonenumber's headers, which need C++14 (protobuf, Abseil).
  cxxLanguageStandard: .cxx17
)

// The tree shows the line between the framework and the app: the framework's targets live in
// `Sources/TermFlow/`, the contacts app's in `Sources/Contacts/` (ARCHITECTURE.md, "The house").
// A target added to the framework is named here; every other one is the app's.
let frameworkTargets: Set<String> = [
  "Flow", "FlowTesting", "TerminalUI", "TerminalTesting", "Navigation", "SessionRecording", "TermFlow",
  "TermFlowTesting", "TermFlowDemo", "TermFlowBenchmarks", "Benchmarking",
]
for target in package.targets where target.type != .system && target.type != .test && target.path == nil {
  target.path = "Sources/\(frameworkTargets.contains(target.name) ? "TermFlow" : "Contacts")/\(target.name)"
}
