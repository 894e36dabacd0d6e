// A plot as a list of drawing items in pixel coordinates (origin top left, y down), written as SVG
// (figure_svg.cpp) and rasterised to PNG by our own rasteriser (figure_raster.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace vkxpbd::plot {

struct Point {
  double x = 0.0, y = 0.0;  // px
};
struct Colour {
  uint8_t r = 0, g = 0, b = 0;
};

struct Polyline {
  std::vector<Point> points;
  Colour colour;
  double width = 1.0;          // px
  std::vector<double> dash;    // on, off, … lengths in px; empty: solid
  bool closed = false;         // back to the first point
  std::optional<Colour> fill;  // closed shapes only
  std::string role;            // written as the SVG class ("series": a data line), for readers and tests
};

enum class Anchor { Start, Middle, End };

struct Text {
  Point at;            // the baseline's anchor point
  std::string text;    // UTF-8
  double size = 12.0;  // px
  Anchor anchor = Anchor::Start;
  bool vertical = false;  // rotated 90° counter-clockwise (reads bottom to top)
  Colour colour;
};

using Item = std::variant<Polyline, Text>;

struct Figure {
  int width = 0, height = 0;  // px
  std::vector<Item> items;    // drawn in this order on white
};

}  // namespace vkxpbd::plot
