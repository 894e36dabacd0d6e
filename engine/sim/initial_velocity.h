// Initial velocities of a body: a linear velocity plus a rotation about the body's centre of mass.
#pragma once

#include <cstdint>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd {

// Mass-weighted centre (m) of the moving particles [first, first + count) of `model` at rest (inverse
// mass > 0), from the exact rest positions (restPosition); the plain mean when every particle is pinned.
glm::dvec3 centreOfMass(const Model& model, uint32_t first, uint32_t count);

// Gives particles [first, first + count) of `model` the velocity v_i = v + ω × (x_i − c), with v in
// m/s, ω in rad/s about world axes and c the centre of mass of the body's moving particles. Pinned
// particles (inverse mass 0) keep velocity 0. Records the body in model.bodies under `name`.
void setBodyVelocity(Model& model, const std::string& name, uint32_t first, uint32_t count,
                     glm::vec3 velocity, glm::vec3 angularVelocity);

}  // namespace vkxpbd
