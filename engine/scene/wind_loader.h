// Readers of the scene's "wind" object and of a body's "aerodynamics" coefficients (docs/scene-format.md,
// docs/wind.md).
#pragma once

#include <glm/glm.hpp>

#include "scene/json_node.h"
#include "sim/model.h"

namespace vkxpbd::scene_json {

// {"velocity": [x, y, z] m/s, "density": kg/m³, "gust": {"amplitude": m/s, "frequency": Hz,
//  "wavelength": m, "seed": integer}}; enabled.
WindSettings readWind(const Node& node);

// {"normal_drag": C_n, "tangential_drag": C_t, "lift": C_l}, each ≥ 0 (missing: from `defaults`).
glm::vec3 readAerodynamics(const Node& node, glm::vec3 defaults);

}  // namespace vkxpbd::scene_json
