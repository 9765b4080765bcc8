// rejects: 'shared' is unavailable
// Opening a URL through the application object, as the live `openURL` once did: an app
// extension (a widget, a share extension) that links this cannot be built.
import Foundation
import UIKit

@MainActor
func openFromAnEffect(_ url: URL) async -> Bool {
  await UIApplication.shared.open(url)
}
