import ReducerKit
