// The plot axes (engine/plot/plot_axis.h) and the line plot's styles and layout (line_plot.h): ranges
// cover the data, ticks are where a reader expects them, every series is drawn distinctly and the legend
// lies outside the data.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <tuple>

#include "common/text_match.h"
#include "plot/figure_raster.h"
#include "plot/figure_svg.h"
#include "plot/line_plot.h"
#include "plot/plot_axis.h"

namespace vkxpbd::plot {
namespace {

TEST(PlotAxis, LogAxisSpansWholeDecadesWithMinorTicksAtTwoToNine) {
  const AxisTicks a = axisTicks(3.2e-4, 0.8, true);
  EXPECT_DOUBLE_EQ(a.lo, 1e-4);
  EXPECT_DOUBLE_EQ(a.hi, 1.0);
  ASSERT_EQ(a.major.size(), 5u);  // 1e-4 … 1
  ASSERT_EQ(a.labels.size(), 5u);
  EXPECT_EQ(a.labels.front(), "10⁻⁴");
  EXPECT_EQ(a.labels.back(), "10⁰");
  ASSERT_EQ(a.minor.size(), 4u * 8u);  // 2…9 in each of the 4 decades
  EXPECT_NEAR(a.minor.front(), 2e-4, 1e-18);
  EXPECT_NEAR(a.minor.back(), 0.9, 1e-12);
  for (double m : a.minor) {
    EXPECT_GT(m, a.lo);
    EXPECT_LT(m, a.hi);
    const double mantissa = m / std::pow(10.0, std::floor(std::log10(m) + 1e-12));
    EXPECT_NEAR(mantissa, std::round(mantissa), 1e-9) << m;
  }
  EXPECT_DOUBLE_EQ(axisShare(a, 1e-2), 0.5);
}

TEST(PlotAxis, ManyDecadesKeepAtMostEightLabels) {
  const AxisTicks a = axisTicks(1e-12, 1.0, true);
  EXPECT_LE(a.major.size(), 8u);
  EXPECT_GE(a.major.size(), 4u);
  EXPECT_DOUBLE_EQ(a.major.front(), 1e-12);
  // The decades without a label still get a tick.
  EXPECT_EQ(a.major.size() + a.minor.size(), 13u);
}

TEST(PlotAxis, LogAxisWithinOneDecadeStillHasTwoLabels) {
  const AxisTicks a = axisTicks(0.3, 0.35, true);
  EXPECT_DOUBLE_EQ(a.lo, 0.1);
  EXPECT_DOUBLE_EQ(a.hi, 1.0);
  EXPECT_EQ(a.major.size(), 2u);
  EXPECT_EQ(a.minor.size(), 8u);
}

TEST(PlotAxis, LinearAxisUsesNiceStepsAndCoversTheData) {
  const AxisTicks a = axisTicks(0.013, 0.087, false);  // step 0.02
  EXPECT_LE(a.lo, 0.013);
  EXPECT_GE(a.hi, 0.087);
  EXPECT_NEAR(a.lo, 0.0, 1e-12);
  EXPECT_NEAR(a.hi, 0.1, 1e-12);
  ASSERT_EQ(a.major.size(), 6u);
  EXPECT_EQ(a.labels[1], "0.02");
  EXPECT_EQ(a.minor.size(), 5u * 3u);  // 4 intervals of 0.005 per 0.02 step
  for (size_t i = 1; i < a.major.size(); ++i) EXPECT_NEAR(a.major[i] - a.major[i - 1], 0.02, 1e-12);
}

TEST(PlotAxis, LinearLabelsUseTheUnicodeMinusAndNeverMinusZero) {
  const AxisTicks a = axisTicks(-2.5, 2.5, false);
  EXPECT_EQ(a.labels.front(), "−3");
  const std::set<std::string> labels(a.labels.begin(), a.labels.end());
  EXPECT_TRUE(labels.count("0"));
  EXPECT_EQ(decimalLabel(-1e-9, 2), "0.00");
  EXPECT_EQ(decimalLabel(-0.25, 2), "−0.25");
}

TEST(PlotAxis, ConstantDataGetsAnAxisAroundIt) {
  const AxisTicks a = axisTicks(0.42, 0.42, false);
  EXPECT_LT(a.lo, 0.42);
  EXPECT_GT(a.hi, 0.42);
  EXPECT_GE(a.major.size(), 2u);
}

TEST(LinePlot, EverySeriesHasItsOwnColourDashAndMarker) {
  std::set<std::tuple<int, int, int>> colours;
  std::set<std::vector<double>> dashes;
  std::set<int> markers;
  for (size_t i = 0; i < 7; ++i) {
    const SeriesStyle s = seriesStyle(i);
    colours.insert({s.colour.r, s.colour.g, s.colour.b});
    dashes.insert(s.dash);
    markers.insert(s.marker);
  }
  EXPECT_EQ(colours.size(), 7u);
  EXPECT_EQ(dashes.size(), 7u);
  EXPECT_EQ(markers.size(), 7u);
}

// Two identical series (the convergence lab's gs and pbd curves can be): both are drawn, with
// different dash patterns and marker shapes, and the legend box lies right of the plot frame.
TEST(LinePlot, IdenticalSeriesStayVisibleAndTheLegendIsOutsideTheFrame) {
  Series a{"gs", {1, 2, 3, 4}, {1, 0.1, 0.01, 0.001}};
  Series b = a;
  b.name = "pbd";
  PlotOptions o;
  o.xLabel = "iterations k";
  o.yLabel = "‖C + α̃λ‖";
  const Figure f = linePlot({a, b}, o);
  std::vector<const Polyline*> seriesLines;
  double frameRight = 0.0;
  std::vector<double> legendLeft;
  for (const Item& item : f.items)
    if (const Polyline* p = std::get_if<Polyline>(&item)) {
      if (p->points.size() == 4 && !p->closed) seriesLines.push_back(p);
      if (p->closed && p->points.size() == 4 && !p->fill) frameRight = p->points[1].x;  // the frame
      if (p->closed && p->fill && p->points[1].x - p->points[0].x > 40) legendLeft.push_back(p->points[0].x);
    }
  ASSERT_EQ(seriesLines.size(), 2u);
  EXPECT_NE(seriesLines[0]->dash, seriesLines[1]->dash);
  EXPECT_EQ(seriesLines[0]->points[2].y, seriesLines[1]->points[2].y);  // the same data
  ASSERT_EQ(legendLeft.size(), 1u);
  EXPECT_GT(legendLeft[0], frameRight);
  EXPECT_LE(legendLeft[0], f.width);
  const std::string svg = svgDocument(f);
  EXPECT_NE(svg.find("α̃"), std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);
}

// The rasteriser draws a horizontal line where the figure puts it, anti-aliased, and nothing else.
TEST(LinePlot, RasterLineLandsOnItsPixels) {
  Figure f;
  f.width = 20;
  f.height = 10;
  f.items.push_back(Polyline{{{2, 5}, {18, 5}}, {0, 0, 0}, 2.0, {}, false, {}});
  const RgbImage img = rasterise(f, 1);
  auto grey = [&](int x, int y) { return img.rgb[3 * (static_cast<size_t>(y) * img.width + x)]; };
  EXPECT_EQ(grey(10, 4), 0);  // rows 4 and 5 lie within 1 px of y = 5
  EXPECT_EQ(grey(10, 5), 0);
  EXPECT_EQ(grey(10, 1), 255);  // far from the line
  EXPECT_EQ(grey(10, 8), 255);
  EXPECT_EQ(grey(0, 5), 255);  // beyond its end (round caps reach 1 px)
}

TEST(TextMatch, EditDistanceAndClosestWord) {
  EXPECT_EQ(editDistance("--framez", "--frames"), 1u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  const std::vector<std::string> options{"--frames", "--frames-before", "--headless", "--out"};
  EXPECT_EQ(closestWord("--framez", options), "--frames");
  EXPECT_EQ(closestWord("--headles", options), "--headless");
  EXPECT_EQ(closestWord("--colour", options), "");  // nothing near
}

}  // namespace
}  // namespace vkxpbd::plot
