#include "sim/runtime_pins.h"

#include <algorithm>

namespace vkxpbd {

bool RuntimePins::contains(uint32_t particle) const {
  return std::find(particles_.begin(), particles_.end(), particle) != particles_.end();
}

void RuntimePins::add(uint32_t particle) {
  if (!contains(particle)) particles_.push_back(particle);
}

void RuntimePins::remove(uint32_t particle) {
  particles_.erase(std::remove(particles_.begin(), particles_.end(), particle), particles_.end());
}

void pinInState(State& state, uint32_t particle) {
  state.positions[particle].w = 0.0f;
  state.velocities[particle] = glm::vec4(0.0f);
}

void unpinInState(State& state, const Model& model, uint32_t particle) {
  state.positions[particle].w = model.restPositions[particle].w;
  state.velocities[particle] = glm::vec4(0.0f);
}

std::optional<uint32_t> nearestPinToRay(const RuntimePins& pins, const std::vector<glm::vec4>& positions,
                                        glm::vec3 origin, glm::vec3 direction, float radius) {
  std::optional<uint32_t> best;
  float bestDistance = radius;  // m
  for (uint32_t p : pins.particles()) {
    const glm::vec3 d = glm::vec3(positions[p]) - origin;
    const float along = glm::dot(d, direction);
    if (along < 0.0f) continue;  // behind the camera
    const float off = glm::length(d - along * direction);
    if (off <= bestDistance) {
      bestDistance = off;
      best = p;
    }
  }
  return best;
}

}  // namespace vkxpbd
