#include "sim/model.h"

#include "shared/integrator_math.h"

namespace vkxpbd {

const char* constraintKindName(ConstraintKind kind) {
  switch (kind) {
    case ConstraintKind::Stretch:
      return "stretch";
    case ConstraintKind::Shear:
      return "shear";
    case ConstraintKind::Bend:
      return "bend";
    case ConstraintKind::Stitch:
      return "stitch";
    case ConstraintKind::Count:
      break;
  }
  return "unknown";
}

const char* elementTypeName(uint32_t type) {
  switch (type) {
    case VKXPBD_ELEMENT_DIHEDRAL:
      return "dihedral";
    case VKXPBD_ELEMENT_ISOMETRIC_BEND:
      return "isometric bend";
    case VKXPBD_ELEMENT_TET_VOLUME:
      return "tet volume";
    case VKXPBD_ELEMENT_NEOHOOKEAN:
      return "neo-hookean";
    default:
      return "unknown";
  }
}

const char* solverModeName(SolverMode mode) {
  return mode == SolverMode::GaussSeidel ? "gs" : "jacobi";
}

const char* integratorName(Integrator integrator) {
  return integrator == Integrator::Bdf2 ? "bdf2" : "euler";
}

float SolverSettings::alphaScale() const {
  return gpu::integratorAlphaScale(static_cast<uint32_t>(integrator), substepDt());
}

const char* constraintModelName(ConstraintModel model) {
  return model == ConstraintModel::Xpbd ? "xpbd" : "pbd";
}

namespace {
Collider restingCollider(uint32_t type, glm::vec4 shape, glm::vec3 position) {
  Collider c{};
  c.type = type;
  c.shape = shape;
  c.position = glm::vec4(position, 0.0f);
  c.rotation = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
  return c;
}
}  // namespace

void setBodyFriction(Model& model, uint32_t first, uint32_t count, const std::optional<glm::vec2>& friction) {
  if (!friction) return;
  model.particleFriction.resize(model.particleCount(), glm::vec2(-1.0f));
  for (uint32_t p = first; p < first + count; ++p) model.particleFriction[p] = *friction;
}

Collider planeCollider(glm::vec3 unitNormal, float offset) {
  return restingCollider(VKXPBD_COLLIDER_PLANE, glm::vec4(unitNormal, offset), glm::vec3(0.0f));
}

Collider sphereCollider(glm::vec3 centre, float radius) {
  return restingCollider(VKXPBD_COLLIDER_SPHERE, glm::vec4(0.0f, 0.0f, 0.0f, radius), centre);
}

State makeInitialState(const Model& model) {
  State s;
  s.positions = model.restPositions;
  s.velocities = model.initialVelocities;
  s.velocities.resize(model.restPositions.size(), glm::vec4(0.0f));
  return s;
}

std::vector<glm::vec4> combinedPositions(const State& state) {
  std::vector<glm::vec4> x = state.positions;
  for (size_t i = 0; i < x.size() && i < state.positionsLow.size(); ++i)
    x[i] = glm::vec4(glm::vec3(x[i]) + glm::vec3(state.positionsLow[i]), x[i].w);
  return x;
}

}  // namespace vkxpbd
