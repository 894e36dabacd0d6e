// writePlot (line_plot.h): PATH.svg always, PATH.png when a font is there.
#include <filesystem>
#include <stdexcept>

#include "common/output.h"
#include "plot/figure_raster.h"
#include "plot/figure_svg.h"
#include "plot/glyphs.h"
#include "plot/line_plot.h"

namespace vkxpbd::plot {

std::optional<std::string> writePlot(const std::string& path, const Figure& figure, int pngScale) {
  writeTextFile(path + ".svg", svgDocument(figure));
  std::string why;
  if (!fontAvailable(&why)) return path + ".png not written: " + why;
  const RgbImage image = rasterise(figure, pngScale);
  if (!writeRgbPng(path + ".png", image.width, image.height, image.rgb))
    throw std::runtime_error(path + ".png: cannot write PNG");
  return std::nullopt;
}

}  // namespace vkxpbd::plot
