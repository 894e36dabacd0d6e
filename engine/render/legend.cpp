#include "render/legend.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "plot/glyphs.h"
#include "render/scene_renderer.h"
#include "shared/render_types.h"

namespace vkxpbd::render {

namespace {

constexpr uint32_t kMaxSwatches = 12;

uint8_t srgb8(float linear) {
  const float c = std::clamp(linear, 0.0f, 1.0f);
  const float s = c <= 0.0031308f ? 12.92f * c : 1.055f * std::pow(c, 1.0f / 2.4f) - 0.055f;
  return static_cast<uint8_t>(std::lround(255.0f * s));
}

void fill(Image& image, int x0, int y0, int w, int h, glm::u8vec3 rgb, float alpha) {
  for (int y = std::max(y0, 0); y < std::min(y0 + h, static_cast<int>(image.height)); ++y)
    for (int x = std::max(x0, 0); x < std::min(x0 + w, static_cast<int>(image.width)); ++x) {
      uint8_t* p = &image.rgba[4 * (static_cast<size_t>(y) * image.width + x)];
      for (int c = 0; c < 3; ++c) p[c] = static_cast<uint8_t>(std::lround(p[c] + alpha * (rgb[c] - p[c])));
    }
}

// White text with its top-left corner at (x, y); returns its width (px).
int text(Image& image, int x, int y, const std::string& s, float size) {
  if (s.empty() || !plot::fontAvailable(nullptr)) return 0;
  const plot::TextBitmap t = plot::drawText(s, size);
  for (int r = 0; r < t.height; ++r)
    for (int c = 0; c < t.width; ++c) {
      const uint8_t a = t.coverage[static_cast<size_t>(r) * t.width + c];
      if (a > 0) fill(image, x + c, y + r, 1, 1, {255, 255, 255}, a / 255.0f);
    }
  return t.width;
}

glm::u8vec3 encoded(glm::vec3 linear) {
  return {srgb8(linear.x), srgb8(linear.y), srgb8(linear.z)};
}

}  // namespace

std::string formatNewtons(float newtons, const char* prefix) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "%s%.3g N", prefix, static_cast<double>(newtons));
  return buf;
}

std::optional<Legend> viewLegend(ViewMode view, float stressScale, uint32_t colourCount, bool jacobiBatch) {
  Legend legend;
  if (view == ViewMode::Stress) {
    legend.title = "force (N): |λ|/Δt², elements: max over particles";
    legend.heatBar = true;
    legend.ticks = {{0.0f, formatNewtons(0.0f)},
                    {0.5f, formatNewtons(0.5f * stressScale)},
                    {1.0f, formatNewtons(stressScale, "≥ ")}};
    return legend;
  }
  if (view == ViewMode::ConstraintColours) {
    legend.title = "graph colour, in solve order (J: Jacobi batch)";
    for (uint32_t c = 0; c < std::min(colourCount, kMaxSwatches); ++c)
      legend.swatches.push_back({gpu::graphColourRgb(c), std::to_string(c)});
    if (colourCount > kMaxSwatches)
      legend.swatches.push_back(
          {glm::vec3(0.3f), std::string("+").append(std::to_string(colourCount - kMaxSwatches))});
    if (jacobiBatch) legend.swatches.push_back({glm::vec3(1.0f), "J"});
    return legend;
  }
  return std::nullopt;
}

LegendBox legendBox(uint32_t width, uint32_t height) {
  LegendBox box;
  box.textSize = std::clamp(static_cast<float>(height) / 36.0f, 8.0f, 16.0f);
  const uint32_t margin = 8;
  box.width =
      std::min(width > 2 * margin ? width - 2 * margin : width, static_cast<uint32_t>(box.textSize * 32));
  box.height = std::min(height, static_cast<uint32_t>(box.textSize * 4.6f));
  box.x = width > box.width + margin ? margin : 0;
  box.y = height > box.height + margin ? height - box.height - margin : 0;
  return box;
}

LegendBox drawLegend(Image& image, const Legend& legend) {
  const LegendBox box = legendBox(image.width, image.height);
  const float s = box.textSize;
  const int x0 = static_cast<int>(box.x), y0 = static_cast<int>(box.y);
  const int w = static_cast<int>(box.width), pad = static_cast<int>(std::ceil(0.4f * s));
  fill(image, x0, y0, w, static_cast<int>(box.height), {10, 12, 16}, 0.85f);
  text(image, x0 + pad, y0 + pad / 2, legend.title, s);
  const int barY = y0 + pad + static_cast<int>(1.3f * s), barH = static_cast<int>(1.1f * s);
  const int labelY = barY + barH + pad / 2;
  if (legend.heatBar) {
    const int barX = x0 + pad, barW = w - 2 * pad;
    for (int x = 0; x < barW; ++x)
      fill(image, barX + x, barY, 1, barH,
           encoded(gpu::heatColour(static_cast<float>(x) / static_cast<float>(barW - 1))), 1.0f);
    for (const LegendTick& t : legend.ticks) {
      const int tx = barX + static_cast<int>(t.at * static_cast<float>(barW - 1));
      fill(image, tx, barY + barH, 1, pad / 2 + 1, {255, 255, 255}, 1.0f);
      // Labels are centred on their tick, kept inside the bar's span.
      const int tw = plot::fontAvailable(nullptr) ? plot::drawText(t.label, s).width : 0;
      const int lx = std::clamp(tx - tw / 2, barX, barX + barW - tw);
      text(image, lx, labelY, t.label, s);
    }
  } else {
    int x = x0 + pad;
    const int side = barH, step = static_cast<int>(2.2f * s);
    for (const LegendSwatch& sw : legend.swatches) {
      if (x + side > x0 + w) break;
      fill(image, x, barY, side, side, encoded(sw.colour), 1.0f);
      text(image, x, labelY, sw.label, s);
      x += step;
    }
  }
  return box;
}

}  // namespace vkxpbd::render
