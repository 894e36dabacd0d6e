// A small SVG line-plot writer for the convergence lab: one polyline per series, axes with ticks and
// labels, a legend; the y axis (and optionally the x axis) on a log10 scale. No dependencies.
#pragma once

#include <string>
#include <vector>

namespace vkxpbd::lab {

struct PlotSeries {
  std::string name;
  std::vector<double> x;
  std::vector<double> y;  // points with y <= 0 (log axis) or non-finite values are left out
};

struct PlotOptions {
  std::string title;
  std::string xLabel;
  std::string yLabel;
  bool logX = false;
  bool logY = true;
  int width = 720;   // px
  int height = 440;  // px
};

// The SVG document text.
std::string svgLinePlot(const std::vector<PlotSeries>& series, const PlotOptions& options);

}  // namespace vkxpbd::lab
