// rejects: 'Stepper' is unavailable
// A form with a stepper, as two of the examples' views once had unguarded: tvOS has no stepper.
import SwiftUI

struct LengthForm: View {
  @Binding var minutes: Int

  var body: some View {
    Form {
      Stepper("\(minutes) min", value: $minutes, in: 5...30)
    }
  }
}
