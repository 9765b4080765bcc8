// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "ReducerKit",
  platforms: [
    // Synchronization.Mutex/Atomic and task executor preferences need these releases.
    .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
  ],
  products: [
    .library(name: "ReducerKit", targets: ["ReducerKit"]),
    .library(name: "ReducerKitTesting", targets: ["ReducerKitTesting"]),
    .executable(name: "benchmarks", targets: ["benchmarks"]),
    .executable(name: "reducerkit-migrate", targets: ["reducerkit-migrate"]),
    .executable(name: "reducerkit-session", targets: ["reducerkit-session"]),
  ],
  targets: [
    // NB: a tiny C target for thread-local slots: Swift has no thread-local storage of its own,
    // and the pthread key functions cost more than the rest of a small send.
    .target(name: "ReducerKitThreadLocal"),
    .target(
      name: "ReducerKit", dependencies: ["ReducerKitThreadLocal"], exclude: ["Unsafe/README.md", "Runtime/README.md"]),
    // NB: a tiny C target whose load-time constructor installs the test reporter, so runtime
    // warnings become test failures in any test binary that links ReducerKitTesting.
    .target(name: "ReducerKitTestingLoader"),
    .target(
      name: "ReducerKitTesting",
      dependencies: ["ReducerKit", "ReducerKitTestingLoader"],
      exclude: ["README.md"]
    ),
    .executableTarget(
      name: "benchmarks",
      dependencies: ["ReducerKit", "ReducerKitTesting", "BenchmarkHarness"],
      path: "Benchmarks/Runner"
    ),
    // The benchmark executable's statistics, comparisons and chart, tested on their own.
    .target(name: "BenchmarkHarness", path: "Benchmarks/Harness"),
    // Example features (not products): built by `swift build`, tested by `swift test`.
    .target(name: "CounterExample", dependencies: ["ReducerKit"], path: "Sources/Examples/Counter"),
    .target(name: "SearchExample", dependencies: ["ReducerKit"], path: "Sources/Examples/Search"),
    .target(
      name: "TodosExample", dependencies: ["ReducerKit", "ExampleTerminal"],
      path: "Sources/Examples/Todos"),
    .target(
      name: "MeetingsExample", dependencies: ["ReducerKit"], path: "Sources/Examples/Meetings"),
    // What the example terminal apps share: reading commands and asking alerts' questions.
    .target(
      name: "ExampleTerminal", dependencies: ["ReducerKit"], path: "Sources/Examples/Terminal"),
    .target(
      name: "ToolshedExample", dependencies: ["ReducerKit", "ExampleTerminal"],
      path: "Sources/Examples/Toolshed"),
    .target(
      name: "TeaTimersExample", dependencies: ["ReducerKit"], path: "Sources/Examples/TeaTimers"),
    // `swift run toolshed`: the Toolshed app in a terminal.
    .executableTarget(
      name: "toolshed", dependencies: ["ToolshedExample", "ExampleTerminal"], path: "Sources/Examples/ToolshedApp"),
    // `swift run todos`: the Todos feature in a terminal.
    .executableTarget(
      name: "todos", dependencies: ["ReducerKit", "TodosExample", "ExampleTerminal"],
      path: "Sources/Examples/TodosApp"),
    .testTarget(
      name: "ReducerKitTests", dependencies: ["ReducerKit", "ReducerKitTesting"],
      exclude: ["CasePaths/Generated/generate-enum-shape-tests.sh"]
    ),
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "ReducerKit", "ReducerKitTesting", "CounterExample", "SearchExample", "TodosExample",
        "MeetingsExample", "ToolshedExample", "TeaTimersExample", "ExampleTerminal", "todos",
        "toolshed",
      ],
      // Read by path from the source tree (a recorded session the tests replay).
      exclude: ["Fixtures"]
    ),
    // `swift run reducerkit-migrate PATH…`: the migration guide's mechanical changes to a TCA
    // project's files (the rules in a library of their own, tested on fixtures).
    .target(name: "ReducerKitMigrate"),
    .executableTarget(
      name: "reducerkit-migrate", dependencies: ["ReducerKitMigrate"],
      path: "Sources/ReducerKitMigrateTool"),
    .testTarget(
      name: "ReducerKitMigrateTests",
      // NB: ReducerKit and its testing module too: the migrated fixtures in `Migrated/` are
      // compiled and their tests run, which shows that what the tool writes builds and works.
      dependencies: ["ReducerKitMigrate", "reducerkit-migrate", "ReducerKit", "ReducerKitTesting"],
      exclude: ["Fixtures"]),
    // `swift run reducerkit-session test FILE`: a recorded session's test, from its file.
    .executableTarget(
      name: "reducerkit-session", dependencies: ["ReducerKit"],
      path: "Sources/ReducerKitSessionTool"),
    .testTarget(
      name: "ReducerKitSessionToolTests", dependencies: ["ReducerKit", "reducerkit-session"]),
    // The harness, and the executable's command line (it runs the built `benchmarks`).
    .testTarget(name: "BenchmarkHarnessTests", dependencies: ["BenchmarkHarness", "benchmarks"]),
    .testTarget(
      name: "ReducerKitTestingTests",
      dependencies: ["ReducerKit", "ReducerKitTesting"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
