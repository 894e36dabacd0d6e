#include "app/window/legend_overlay.h"

#include <imgui.h>

#include "shared/render_types.h"

namespace vkxpbd::window {

namespace {

// The swapchain is sRGB and ImGui writes its colours unconverted, so linear colours go in as they are,
// like the views' lines.
ImU32 colourOf(glm::vec3 linear) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(linear.x, linear.y, linear.z, 1.0f));
}

}  // namespace

void drawLegendOverlay(const std::optional<render::Legend>& legend, float viewCentreX) {
  if (!legend) return;
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(viewCentreX, io.DisplaySize.y - 8.0f), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.85f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("legend", nullptr, flags)) {
    ImGui::TextUnformatted(legend->title.c_str());
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    if (legend->heatBar) {
      const float width = 22.0f * h;
      const int steps = 64;
      for (int i = 0; i < steps; ++i) {
        const float x0 = origin.x + width * static_cast<float>(i) / steps;
        const float x1 = origin.x + width * static_cast<float>(i + 1) / steps;
        const glm::vec3 c = gpu::heatColour((static_cast<float>(i) + 0.5f) / steps);
        draw->AddRectFilled(ImVec2(x0, origin.y), ImVec2(x1, origin.y + h), colourOf(c));
      }
      for (const render::LegendTick& t : legend->ticks) {
        const float tw = ImGui::CalcTextSize(t.label.c_str()).x;
        const float x = origin.x + t.at * width;
        draw->AddLine(ImVec2(x, origin.y + h), ImVec2(x, origin.y + 1.3f * h), IM_COL32_WHITE);
        const float lx = std::min(std::max(x - 0.5f * tw, origin.x), origin.x + width - tw);
        draw->AddText(ImVec2(lx, origin.y + 1.35f * h), IM_COL32_WHITE, t.label.c_str());
      }
      ImGui::Dummy(ImVec2(width, 2.5f * h));
    } else {
      float x = origin.x;
      for (const render::LegendSwatch& s : legend->swatches) {
        draw->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + h, origin.y + h), colourOf(s.colour));
        draw->AddText(ImVec2(x, origin.y + 1.2f * h), IM_COL32_WHITE, s.label.c_str());
        x += 2.2f * h;
      }
      ImGui::Dummy(ImVec2(x - origin.x, 2.3f * h));
    }
  }
  ImGui::End();
}

}  // namespace vkxpbd::window
