#include "app/window/diagnostics_panel.h"

#include <imgui.h>

namespace vkxpbd::window {

void drawDiagnosticsPanel(const Model& model, const Diagnostics& d) {
  for (size_t k = 0; k < d.kinds.size(); ++k) {
    const StrainStats& s = d.kinds[k];
    if (s.constraints == 0) continue;
    if (k == static_cast<size_t>(ConstraintKind::Stitch)) {  // rest length 0: its length, no strain
      ImGui::BulletText("stitch: longest %.6f m, median %.6f m", s.maxViolation, s.medianStrain);
      continue;
    }
    ImGui::BulletText("%s: max %.6f m, strain max %.3f%% median %.4f%%",
                      constraintKindName(static_cast<ConstraintKind>(k)), s.maxViolation, 100.0 * s.maxStrain,
                      100.0 * s.medianStrain);
  }
  if (d.tets.tets > 0)
    ImGui::BulletText("tetrahedra: V/V0 %.4f .. %.4f, %u inverted", d.tets.minVolumeRatio,
                      d.tets.maxVolumeRatio, d.tets.inverted);
  for (size_t b = 0; b < d.balloons.size(); ++b)
    ImGui::BulletText("balloon %zu: V/V0 %.4f", b, d.balloons[b]);
  ImGui::BulletText("P = (%.4g, %.4g, %.4g) kg m/s", d.total.linear.x, d.total.linear.y, d.total.linear.z);
  ImGui::BulletText("L = (%.4g, %.4g, %.4g) kg m^2/s", d.total.angular.x, d.total.angular.y,
                    d.total.angular.z);
  if (d.bodies.size() > 1 && ImGui::TreeNode("per body")) {
    for (size_t b = 0; b < d.bodies.size() && b < model.bodies.size(); ++b)
      ImGui::Text("%s: P (%.3g, %.3g, %.3g), L (%.3g, %.3g, %.3g)", model.bodies[b].name.c_str(),
                  d.bodies[b].linear.x, d.bodies[b].linear.y, d.bodies[b].linear.z, d.bodies[b].angular.x,
                  d.bodies[b].angular.y, d.bodies[b].angular.z);
    ImGui::TreePop();
  }
}

}  // namespace vkxpbd::window
