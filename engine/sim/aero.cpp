#include "sim/aero.h"

namespace vkxpbd {

bool aeroEnabled(const Model& model, const SurfaceTriangles& surface) {
  return model.wind.enabled && surface.triangleCount() > 0;
}

std::vector<glm::vec4> packAero(const Model& model, const SurfaceTriangles& surface) {
  std::vector<glm::vec4> packed{model.wind.field.velocity, model.wind.field.gust};
  for (size_t k = 0; k < model.surfaces.size(); ++k) {
    const glm::vec4 coefficients(model.surfaces[k].aero, 0.0f);
    for (uint32_t i = surface.surfaceStart[k]; i < surface.surfaceStart[k + 1]; i += 3)
      packed.push_back(coefficients);
  }
  return packed;
}

}  // namespace vkxpbd
