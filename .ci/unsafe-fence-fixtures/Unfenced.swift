// A use of each kind the fence refuses outside an Unsafe/ folder (never compiled).
import ReducerKitThreadLocal

let bits = unsafeBitCast(1.0, to: UInt64.self)
let symbol = dlsym(nil, "swift_retain")
