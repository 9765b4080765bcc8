import BenchmarkHarness
import Foundation
import Testing

@Suite struct StatisticsTests {
  @Test func medianSpreadAndBounds() {
    let samples = Samples([30, 10, 20, 25, 15])
    #expect(samples.median == 20)
    #expect(samples.min == 10)
    #expect(samples.max == 30)
    #expect(samples.spread == 0.5)
    #expect(Samples([4, 2]).median == 4)
    #expect(Samples([7]).spread == 0)
    #expect(Samples([]).median == 0)
  }
}

@Suite struct ComparisonTests {
  @Test func changesBeyondTheNoiseBandAreReported() {
    let steady = Samples([100, 101, 99])
    #expect(
      Comparison(id: "W1", baseline: steady, current: Samples([70, 71, 69])).verdict() == .faster)
    #expect(
      Comparison(id: "W1", baseline: steady, current: Samples([130, 131, 129])).verdict()
        == .slower)
    #expect(
      Comparison(id: "W1", baseline: steady, current: Samples([105, 106, 104])).verdict()
        == .unchanged)
  }

  @Test func aNoisyRunWidensTheBand() {
    let noisy = Samples([100, 60, 140])  // ±40%
    let comparison = Comparison(id: "W7", baseline: noisy, current: Samples([130, 129, 131]))
    #expect(comparison.noiseBand() == 0.4)
    #expect(comparison.verdict() == .unchanged)
    #expect(abs(comparison.ratio - 1.3) < 1e-9)
  }
}

@Suite struct ScalingTests {
  @Test func flagsASweepThatGrowsFasterThanItsComplexity() {
    let flat = Sweep(
      id: "S", title: "flat", unit: "rows", complexity: .constant,
      points: [(100, 10), (1_000, 12), (10_000, 15)])
    #expect(!flat.isTooSteep)
    #expect(flat.steps.map { ($0 * 100).rounded() / 100 } == [1.2, 1.25])
    let steep = Sweep(
      id: "S", title: "steep", unit: "rows", complexity: .constant,
      points: [(100, 10), (1_000, 25), (10_000, 40)])
    #expect(steep.isTooSteep)
    let linear = Sweep(
      id: "S", title: "linear", unit: "rows", complexity: .linear,
      points: [(100, 10), (10_000, 1_000)])
    #expect(!linear.isTooSteep)
  }
}

@Suite struct SVGChartTests {
  let sweeps = [
    Sweep(
      id: "A", title: "row action", unit: "rows", complexity: .constant,
      points: [(100, 50), (10_000, 60)]),
    Sweep(
      id: "B", title: "remove <row>", unit: "rows", complexity: .linear,
      points: [(100, 1_000), (10_000, 100_000)]),
  ]

  @Test func drawsOneLabelledLinePerSweepOnLogAxes() {
    let svg = SVGChart(title: "Scaling").render(sweeps)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900.0\""))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(svg.components(separatedBy: "<polyline").count == 3)
    #expect(svg.components(separatedBy: "<circle").count == 5)
    // Sizes 10²…10⁴ and costs 10 ns…100 µs: one grid line and label per decade.
    for label in [">100<", ">1000<", ">10^4<", ">10 ns<", ">100 ns<", ">1 µs<", ">100 µs<"] {
      #expect(svg.contains(label), "missing tick label \(label)")
    }
    #expect(svg.contains(">row action O(1)</text>"))
    #expect(svg.contains(">remove &lt;row&gt; O(n)</text>"))
    // The first sweep starts at the left edge, the second ends at the top right corner.
    #expect(svg.contains("points=\"70.0,"))
    #expect(svg.contains("570.0,40.0\"/>"))
  }

  @Test func isTheSameForTheSameInput() {
    #expect(SVGChart(title: "x").render(sweeps) == SVGChart(title: "x").render(sweeps))
    #expect(SVGChart(title: "empty").render([]).contains("</svg>"))
  }
}
