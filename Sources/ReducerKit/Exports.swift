// `import ReducerKit` brings Foundation, as `import ComposableArchitecture` does: a ported
// feature's `Date`, `UUID` and `URL` compile without an `import Foundation` of its own.
@_exported import Foundation
