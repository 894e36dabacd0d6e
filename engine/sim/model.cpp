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
  if (!model.restPositionsLow.empty()) {
    s.positionsLow = model.restPositionsLow;
    s.positionsLow.resize(model.restPositions.size(), glm::vec4(0.0f));
  }
  return s;
}

void appendParticle(Model& model, const glm::dvec3& x, float inverseMass) {
  model.restPositionsLow.resize(model.restPositions.size(), glm::vec4(0.0f));
  // The rounded parts pass through a volatile: GCC 12's SLP vectoriser (Debian 12, -O2) folds
  // double(float(x)) back to x, which made every low part x − double(float(x)) zero.
  glm::vec3 high;
  for (int k = 0; k < 3; ++k) {
    volatile float rounded = static_cast<float>(x[k]);
    high[k] = rounded;
  }
  model.restPositions.emplace_back(high, inverseMass);
  model.restPositionsLow.emplace_back(glm::vec3(x - glm::dvec3(high)), 0.0f);
}

glm::dvec3 restPosition(const Model& model, uint32_t p) {
  const glm::dvec3 high{glm::vec3(model.restPositions[p])};
  if (p >= model.restPositionsLow.size()) return high;
  return high + glm::dvec3(glm::vec3(model.restPositionsLow[p]));
}

glm::vec3 restOffset(const Model& model, uint32_t a, uint32_t b) {
  return glm::vec3(restPosition(model, a) - restPosition(model, b));
}

void pinAtRest(Model& model, uint32_t p, uint32_t motion, uint32_t attach) {
  glm::vec4& rest = model.restPositions[p];
  rest.w = 0.0f;
  const glm::vec4 low = p < model.restPositionsLow.size() ? model.restPositionsLow[p] : glm::vec4(0.0f);
  model.pins.push_back(
      Pin{p, motion, attach, 0u, glm::vec4(glm::vec3(rest), 0.0f), glm::vec4(glm::vec3(low), 0.0f)});
}

glm::dvec3 exactPosition(const State& state, size_t i) {
  const glm::dvec3 high{glm::vec3(state.positions[i])};
  if (i >= state.positionsLow.size()) return high;
  return high + glm::dvec3(glm::vec3(state.positionsLow[i]));
}

std::vector<glm::vec4> combinedPositions(const State& state) {
  std::vector<glm::vec4> x = state.positions;
  for (size_t i = 0; i < x.size() && i < state.positionsLow.size(); ++i)
    x[i] = glm::vec4(glm::vec3(x[i]) + glm::vec3(state.positionsLow[i]), x[i].w);
  return x;
}

}  // namespace vkxpbd
