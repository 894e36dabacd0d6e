// The contact cascade's tables (shared/cascade_math.h, docs/contacts.md "Contacts seen by the coarse
// levels"), built with the hierarchy for the bodies whose hierarchy sets "contacts", and packed into the
// GPU's hierarchy buffer after the levels. Its entries (one per particle of those bodies, in particle
// order) hold the per-substep scratch of shared/cascade_math.h; per level: each entry's composed weights,
// each level particle's contacts (a reverse list, for the gather that averages them) and the level's
// prolongation rows with entries in place of particles.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "sim/hierarchy.h"
#include "sim/model.h"

namespace vkxpbd {

struct CascadeLevel {
  uint32_t weightsBase = 0;  // vec4s: entries × VKXPBD_CASCADE_WEIGHTS (entry bits, a, w at this level, 0)
  uint32_t gatherBase = 0;   // vec4s: one header per particle of the level (entry bits, first, count bits, w)
  uint32_t gatherCount = 0;  // headers; their lists (entry bits, a, 0, 0) follow
  uint32_t rowBase = 0;      // vec4s: 3 per row (child entry bits, parents used bits, 0, 0), parents, weights
  uint32_t rowCount = 0;
};

struct ContactCascade {
  uint32_t base = 0;     // where the cascade starts in the hierarchy buffer (vec4s); entries first
  uint32_t entries = 0;  // particles of the bodies that use it
  std::vector<CascadeLevel> levels;  // levels[l − 1]: level l, finest first
  std::vector<glm::vec4> words;      // the packed tables, from `base`
  bool empty() const { return entries == 0; }
};

// Whether body b's hierarchy (its own, else the solver's) asks for the cascade.
bool bodyUsesContactCascade(const Model& model, const SolverSettings& settings, size_t body);

// The cascade of `hierarchy` for the bodies whose settings ask for it (empty when none does), packed for
// a hierarchy buffer position `base`. Throws std::invalid_argument naming the body when it tears.
ContactCascade buildContactCascade(const Model& model, const SolverSettings& settings,
                                   const Hierarchy& hierarchy, uint32_t base);

}  // namespace vkxpbd
