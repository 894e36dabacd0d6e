#include "sim/model.h"

namespace vkxpbd {

const char* constraintKindName(ConstraintKind kind) {
  switch (kind) {
    case ConstraintKind::Stretch:
      return "stretch";
    case ConstraintKind::Shear:
      return "shear";
    case ConstraintKind::Bend:
      return "bend";
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

const char* constraintModelName(ConstraintModel model) {
  return model == ConstraintModel::Xpbd ? "xpbd" : "pbd";
}

State makeInitialState(const Model& model) {
  State s;
  s.positions = model.restPositions;
  s.velocities = model.initialVelocities;
  s.velocities.resize(model.restPositions.size(), glm::vec4(0.0f));
  return s;
}

}  // namespace vkxpbd
