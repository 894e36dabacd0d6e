// Line plots for papers (the convergence lab and `stiffness`): axes with units, major and minor ticks,
// every series with its own colour (Okabe–Ito, safe for colour-blind readers), marker and dash pattern so
// that identical series stay visible on top of each other, and the legend outside the data, on the right.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "plot/figure.h"

namespace vkxpbd::plot {

struct Series {
  std::string name;
  std::vector<double> x;
  std::vector<double> y;  // points with a non-finite value, or <= 0 on a log axis, are left out
};

struct PlotOptions {
  std::string title;
  std::string xLabel;  // with the unit, e.g. "GPU time of the substep (ms)"
  std::string yLabel;
  bool logX = false;
  bool logY = true;
  int width = 760;   // px, of the SVG; the PNG is drawn at pngScale × this
  int height = 460;  // px
};

// How series i is drawn.
struct SeriesStyle {
  Colour colour;
  std::vector<double> dash;  // px; empty: solid
  int marker = 0;            // index into the marker shapes
};
SeriesStyle seriesStyle(size_t index);

// The figure of a line plot.
Figure linePlot(const std::vector<Series>& series, const PlotOptions& options);

// Writes PATH.svg and PATH.png (the PNG at `pngScale` × the size). The SVG is always written; a PNG
// needs a TrueType font for its text (DejaVu Sans, Debian package fonts-dejavu-core, or the file named
// by VKXPBD_PLOT_FONT): without one it is not written and the reason is returned. Throws
// std::runtime_error naming the file when a file cannot be written.
std::optional<std::string> writePlot(const std::string& pathWithoutExtension, const Figure& figure,
                                     int pngScale = 2);

}  // namespace vkxpbd::plot
