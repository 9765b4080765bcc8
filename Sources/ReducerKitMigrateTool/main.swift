import Foundation
import ReducerKitMigrate

// `swift run reducerkit-migrate PATH… [--output DIR] [--dry-run]`: applies the migration guide's
// mechanical changes to the Swift files at the paths (files, or folders searched for them).
let arguments = Array(CommandLine.arguments.dropFirst())
let options: MigrateOptions
do {
  options = try MigrateOptions(arguments)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n\(MigrateOptions.usage)\n".utf8))
  exit(2)
}
do {
  let report = try MigrateCommand(options).run()
  print(report)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
