// The window panel's font: DejaVu Sans (the plots' font, plot::fontPath) with the Greek letters, arrows,
// super- and subscripts and mathematical operators that the legends and labels use (λ, Δ, ≥, ², α̃).
// ImGui's built-in font has ASCII only, so those showed as '?'.
#pragma once

namespace vkxpbd {

// Adds the font to the current ImGui context's atlas before its texture is built; keeps ImGui's default
// font (ASCII) when no TrueType font is installed. `pixels`: the font height (px).
void loadWindowFont(float pixels);

}  // namespace vkxpbd
