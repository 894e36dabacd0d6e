// The window panel's "diagnostics" section: strain per kind, tetrahedra, balloons and momentum of the
// state last read back (sim/diagnostics.h).
#pragma once

#include "sim/diagnostics.h"

namespace vkxpbd::window {

void drawDiagnosticsPanel(const Model& model, const Diagnostics& d);

}  // namespace vkxpbd::window
