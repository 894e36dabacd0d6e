#include "sim/aero.h"

#include "shared/aero_math.h"

namespace vkxpbd {

bool aeroEnabled(const Model& model, const SurfaceTriangles& surface) {
  return model.wind.enabled && surface.triangleCount() > 0;
}

std::vector<glm::vec4> packAero(const Model& model, const SurfaceTriangles& surface) {
  std::vector<glm::vec4> packed{model.wind.field.velocity, model.wind.field.gust};
  for (size_t k = 0; k < model.surfaces.size(); ++k) {
    // w: 1 on a free body's surface, whose momentum projection integrates its rigid motion with BDF2
    // as implicit Euler does (aeroIntegratorScale).
    bool free = false;
    if (surface.surfaceStart[k] < surface.surfaceStart[k + 1]) {
      const uint32_t p = surface.indices[surface.surfaceStart[k]];
      for (const MomentumBody& b : model.momentumBodies)
        free = free || (p >= b.first && p - b.first < b.count);
    }
    const glm::vec4 coefficients(model.surfaces[k].aero,
                                 gpu::aeroSurfaceFlags(free, model.surfaces[k].oneSided));
    for (uint32_t i = surface.surfaceStart[k]; i < surface.surfaceStart[k + 1]; i += 3)
      packed.push_back(coefficients);
  }
  return packed;
}

}  // namespace vkxpbd
