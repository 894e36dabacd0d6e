// The legend of the colour and stress views: what a colour means, with a numeric scale. Built once from
// the view (viewLegend) and drawn into the offscreen picture (drawLegend, the PNGs of `vkxpbd render`) or
// by the window app with ImGui (app/window/legend_overlay.cpp), so both show the same thing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "render/image.h"

namespace vkxpbd::render {

enum class ViewMode;

struct LegendTick {
  float at = 0.0f;  // position along the bar, 0 (left) .. 1 (right)
  std::string label;
};

struct LegendSwatch {
  glm::vec3 colour{1.0f};  // linear RGB
  std::string label;
};

struct Legend {
  std::string title;
  bool heatBar = false;                // stress: the heat map 0 → 1 with ticks
  std::vector<LegendTick> ticks;       // stress: labels along the bar (with the unit)
  std::vector<LegendSwatch> swatches;  // colours: one square per graph colour
};

// Stress: force (N) 0 .. stressScale (N, drawn red, and everything above). Colours: the first graph colours
// (at most 12 and "+N") and the Jacobi batch. Shaded and wireframe: none.
std::optional<Legend> viewLegend(ViewMode view, float stressScale, uint32_t colourCount, bool jacobiBatch);

// Where drawLegend puts it in a picture of width × height pixels: bottom-left, above an 8-px margin.
struct LegendBox {
  uint32_t x = 0, y = 0, width = 0, height = 0;  // px, y from the top
  float textSize = 12.0f;                        // px
};
LegendBox legendBox(uint32_t width, uint32_t height);

// Draws the legend into `image` (a dark box, the bar or swatches, white text). Without a font
// (plot::fontAvailable) the bar or swatches are drawn without text. Returns the box used.
LegendBox drawLegend(Image& image, const Legend& legend);

// A force (N) with 3 significant digits after `prefix`: "0.0123 N", "4.56 N", "1.2e+03 N".
std::string formatNewtons(float newtons, const char* prefix = "");

}  // namespace vkxpbd::render
