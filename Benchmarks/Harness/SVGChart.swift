#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Draws sweeps as a log-log line chart, in plain SVG: the size of the work across, the cost of
/// one operation up, one labelled line per sweep.
public struct SVGChart: Sendable {
  public var width = 900.0
  public var height = 440.0
  public var title: String
  /// A line under the plot saying what was measured where (``RunInfo/summary``).
  public var subtitle: String?

  private let left = 70.0
  private let right = 330.0
  private let top = 40.0
  private let bottom = 50.0
  private static let palette = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
  ]

  public init(title: String, subtitle: String? = nil) {
    self.title = title
    self.subtitle = subtitle
  }

  /// The chart of `sweeps` (points with a non-positive size or cost are left out).
  public func render(_ sweeps: [Sweep]) -> String {
    let points = sweeps.flatMap(\.points).filter { $0.size > 0 && $0.nanoseconds > 0 }
    guard !points.isEmpty else { return document(body: "") }
    let xDecades = decades(points.map { Double($0.size) })
    let yDecades = decades(points.map(\.nanoseconds))
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    func x(_ size: Double) -> Double {
      left + (log10(size) - xDecades.lowerBound) / span(xDecades) * plotWidth
    }
    func y(_ nanoseconds: Double) -> Double {
      top + plotHeight - (log10(nanoseconds) - yDecades.lowerBound) / span(yDecades) * plotHeight
    }
    var body: [String] = []
    // Grid and tick labels, one per decade.
    for decade in Int(xDecades.lowerBound)...Int(xDecades.upperBound) {
      let position = x(pow(10, Double(decade)))
      body.append(line(position, top, position, top + plotHeight, stroke: "#e5e5e5"))
      body.append(
        text(sizeLabel(decade), position, top + plotHeight + 18, anchor: "middle", size: 12))
    }
    for decade in Int(yDecades.lowerBound)...Int(yDecades.upperBound) {
      let position = y(pow(10, Double(decade)))
      body.append(line(left, position, left + plotWidth, position, stroke: "#e5e5e5"))
      body.append(text(timeLabel(decade), left - 8, position + 4, anchor: "end", size: 12))
    }
    body.append(
      "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" "
        + "height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#888\"/>")
    body.append(
      text(
        "size of the work (rows, levels, effects in flight, fields, depth)",
        left + plotWidth / 2, height - 12, anchor: "middle", size: 13))
    body.append(
      "<text x=\"16\" y=\"\(f(top + plotHeight / 2))\" font-size=\"13\" text-anchor=\"middle\" "
        + "transform=\"rotate(-90 16 \(f(top + plotHeight / 2)))\">time per operation</text>")
    // One line per sweep, and its legend entry.
    for (index, sweep) in sweeps.enumerated() {
      let color = Self.palette[index % Self.palette.count]
      let drawn = sweep.points.filter { $0.size > 0 && $0.nanoseconds > 0 }
      let coordinates = drawn.map { "\(f(x(Double($0.size)))),\(f(y($0.nanoseconds)))" }
      body.append(
        "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\""
          + coordinates.joined(separator: " ") + "\"/>")
      for point in drawn {
        body.append(
          "<circle cx=\"\(f(x(Double(point.size))))\" cy=\"\(f(y(point.nanoseconds)))\" "
            + "r=\"3\" fill=\"\(color)\"/>")
      }
      let legendY = top + 14 + Double(index) * 20
      let legendX = left + plotWidth + 14
      body.append(line(legendX, legendY - 4, legendX + 18, legendY - 4, stroke: color, width: 3))
      body.append(
        text(
          "\(sweep.title) \(sweep.complexity.rawValue)\(sweep.isTooSteep ? " TOO STEEP" : "")",
          legendX + 24, legendY, size: 12))
    }
    return document(body: body.joined(separator: "\n"))
  }

  private func document(body: String) -> String {
    // NB: the subtitle gets a strip of its own under the chart, so the plot keeps its size.
    let canvas = height + (subtitle == nil ? 0 : 20)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(canvas))" \
      viewBox="0 0 \(f(width)) \(f(canvas))" font-family="-apple-system, Helvetica, Arial, \
      sans-serif">
      <rect width="100%" height="100%" fill="white"/>
      \(text(title, width / 2, 24, anchor: "middle", size: 15))
      \(subtitle.map { text("Measured \($0)", 8, height + 12, size: 11) } ?? "")
      \(body)
      </svg>

      """
  }

  private func decades(_ values: [Double]) -> ClosedRange<Double> {
    let low = floor(log10(values.min()!))
    let high = Swift.max(ceil(log10(values.max()!)), low + 1)
    return low...high
  }

  private func span(_ range: ClosedRange<Double>) -> Double {
    range.upperBound - range.lowerBound
  }

  private func sizeLabel(_ decade: Int) -> String {
    decade <= 3 ? String(Int(pow(10, Double(decade)))) : "10^\(decade)"
  }

  private func timeLabel(_ decade: Int) -> String {
    let units = ["ns", "µs", "ms", "s"]
    let unit = Swift.max(0, Swift.min(units.count - 1, decade / 3))
    return "\(Int(pow(10, Double(decade - unit * 3)))) \(units[unit])"
  }

  private func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1
  ) -> String {
    "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" "
      + "stroke=\"\(stroke)\" stroke-width=\"\(f(width))\"/>"
  }

  private func text(
    _ content: String, _ x: Double, _ y: Double, anchor: String = "start", size: Int
  ) -> String {
    "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\">"
      + escaped(content) + "</text>"
  }

  private func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }

  /// A coordinate with one decimal, the same on every platform.
  private func f(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
