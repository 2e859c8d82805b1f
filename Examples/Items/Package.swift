// swift-tools-version: 6.1
// A multi-screen TermFlow app outside the TermFlow package: a list (the mouse too), a detail an
// effect loads, a confirmation before deleting, a deep link (`Items items/2`) and a theme of its
// own, on `NavigationApp`. It depends on TermFlow by path as any other package would; `make
// examples` builds and tests it.

import PackageDescription

let package = Package(
  name: "Items",
  dependencies: [
    // `name:` because the clone's directory may have any name (a path dependency is known by it).
    .package(name: "TermFlow", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "Items",
      dependencies: [.product(name: "TermFlow", package: "TermFlow")]
    ),
    .testTarget(
      name: "ItemsTests",
      dependencies: ["Items", .product(name: "TermFlowTesting", package: "TermFlow")],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
