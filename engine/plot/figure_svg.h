// A Figure as an SVG document.
#pragma once

#include <string>

#include "plot/figure.h"

namespace vkxpbd::plot {

std::string svgDocument(const Figure& figure);

}  // namespace vkxpbd::plot
