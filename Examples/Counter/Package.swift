// swift-tools-version: 6.1
// The counter from the README: a complete TermFlow app outside the TermFlow package, depending
// on it by path as any other package would. `make examples` builds and tests it.

import PackageDescription

let package = Package(
  name: "Counter",
  dependencies: [
    // `name:` because the clone's directory may have any name (a path dependency is known by it).
    .package(name: "TermFlow", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "Counter",
      dependencies: [.product(name: "TermFlow", package: "TermFlow")]
    ),
    .testTarget(
      name: "CounterTests",
      dependencies: ["Counter", .product(name: "TermFlowTesting", package: "TermFlow")],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
