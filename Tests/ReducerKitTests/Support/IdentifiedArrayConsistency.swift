import ReducerKit

/// Whether every position of `array` agrees with its id index, and its ids with its elements.
func isConsistentIdentifiedArray<Element: Identifiable>(_ array: IdentifiedArrayOf<Element>)
  -> Bool
{
  array.indices.allSatisfy {
    array.index(id: array[$0].id) == $0 && array.ids[$0] == array[$0].id
  }
}
