// JSON forms of the diagnostics (sim/diagnostics.h) and of the model, for state.json: enough for an
// outside script to recompute every diagnostic from the positions and velocities.
#pragma once

#include <nlohmann/json.hpp>

#include "sim/diagnostics.h"

namespace vkxpbd {

// {"constraints", "max_violation_m", "max_strain", "median_strain", "p99_strain"}.
nlohmann::json strainJson(const StrainStats& stats);

// {"strain": {...}, "strain_per_kind": {"stretch": {...}, "shear": ..., "bend": ...},
//  "tetrahedra": {count, min/max volume ratio, inverted}, "balloon_volume_ratios": [...],
//  "momentum": {total and per body: mass kg, centre m, linear kg·m/s, angular kg·m²/s}}.
nlohmann::json diagnosticsJson(const Model& model, const Diagnostics& d);

// {"masses_kg", "inverse_masses", "bodies", "distance_constraints", "element_constraints",
//  "element_data", "tetrahedra", "surface_triangles", "balloons", "pins"} (docs: README, state.json).
nlohmann::json modelJson(const Model& model);

// Multi-line text for the run summary: strain per kind, tetrahedra, balloons, momentum.
std::string diagnosticsText(const Diagnostics& d);

}  // namespace vkxpbd
