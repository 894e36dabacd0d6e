#include "app/window/window_font.h"

#include <imgui.h>

#include "plot/glyphs.h"

namespace vkxpbd {

void loadWindowFont(float pixels) {
  const std::optional<std::string> path = plot::fontPath();
  if (!path) return;
  // Pairs of inclusive code point ranges, zero-terminated; the atlas reads them when it is built.
  static const ImWchar kRanges[] = {
      0x0020, 0x00FF,  // Basic Latin, Latin-1 (°, ², ³, ·, ×)
      0x0300, 0x03FF,  // combining marks (the tilde of α̃), Greek (α, λ, Δ, ω, ρ, μ)
      0x2000, 0x209F,  // punctuation (–, —, …, ‖), superscripts and subscripts (⁻, ⁶, ₀)
      0x2190, 0x22FF,  // arrows (→), mathematical operators (≥, ≤, √, ∞, ∇)
      0,
  };
  ImGui::GetIO().Fonts->AddFontFromFileTTF(path->c_str(), pixels, nullptr, kRanges);
}

}  // namespace vkxpbd
