#include "sim/initial_velocity.h"

namespace vkxpbd {

glm::dvec3 centreOfMass(const Model& model, uint32_t first, uint32_t count) {
  glm::dvec3 weighted(0.0), plain(0.0);
  double mass = 0.0;  // kg
  for (uint32_t i = first; i < first + count; ++i) {
    const glm::dvec3 x = restPosition(model, i);
    plain += x;
    const float w = model.restPositions[i].w;
    if (w > 0.0f) {
      const double m = 1.0 / static_cast<double>(w);
      weighted += m * x;
      mass += m;
    }
  }
  if (mass > 0.0) return weighted / mass;
  return count > 0 ? plain / static_cast<double>(count) : plain;
}

void setBodyVelocity(Model& model, const std::string& name, uint32_t first, uint32_t count,
                     glm::vec3 velocity, glm::vec3 angularVelocity) {
  model.bodies.push_back({name, first, count});
  model.initialVelocities.resize(model.particleCount(), glm::vec4(0.0f));
  const glm::dvec3 c = centreOfMass(model, first, count);
  const glm::dvec3 v(velocity), omega(angularVelocity);
  for (uint32_t i = first; i < first + count; ++i) {
    const bool moves = model.restPositions[i].w > 0.0f;
    const glm::dvec3 vi = moves ? v + glm::cross(omega, restPosition(model, i) - c) : glm::dvec3(0.0);
    model.initialVelocities[i] = glm::vec4(glm::vec3(vi), 0.0f);
  }
}

}  // namespace vkxpbd
