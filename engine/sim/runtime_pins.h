// Pins made while simulating (the window's P key; docs/attachments.md#pins-at-run-time). A runtime pin
// holds a particle where it is: its inverse mass becomes 0 and its velocity 0, which every pass already
// treats as pinned (the predict pass leaves it in place, no projection moves it). Unpinning gives back
// the model's inverse mass. Nothing of the model changes, so the GPU needs no re-upload: only the
// particle's w and velocity are written (GpuSolver::setParticleInverseMass, 20 bytes).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd {

class RuntimePins {
 public:
  // Only particles that move in the model can be pinned or unpinned here (scene pins stay).
  static bool pinnable(const Model& model, uint32_t particle) {
    return particle < model.particleCount() && model.restPositions[particle].w > 0.0f;
  }
  bool contains(uint32_t particle) const;
  // Records the pin; the caller writes the inverse mass 0 (pinInState or the GPU solver).
  void add(uint32_t particle);
  void remove(uint32_t particle);
  void clear() { particles_.clear(); }
  const std::vector<uint32_t>& particles() const { return particles_; }

 private:
  std::vector<uint32_t> particles_;  // in the order pinned
};

// The CPU side of a runtime pin: inverse mass 0 and velocity 0 (pinned) or the model's (unpinned).
void pinInState(State& state, uint32_t particle);
void unpinInState(State& state, const Model& model, uint32_t particle);

// The runtime pin nearest the ray (origin m, unit direction), if one lies within `radius` (m) of it.
std::optional<uint32_t> nearestPinToRay(const RuntimePins& pins, const std::vector<glm::vec4>& positions,
                                        glm::vec3 origin, glm::vec3 direction, float radius);

}  // namespace vkxpbd
