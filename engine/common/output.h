// Writing results: OBJ surfaces and a machine-readable JSON state file.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "sim/model.h"

namespace vkxpbd {

// Every surface of the model at the state's positions (with their low parts). Throws std::runtime_error
// naming the file.
void writeObj(const std::string& path, const Model& model, const State& state);

// {"summary": ..., "frame": F, "positions": [[x,y,z]...] (m), "velocities": [...] (m/s)}, plus the
// members of `extra` (e.g. "model": modelJson(model)).
void writeStateJson(const std::string& path, const State& state, const nlohmann::json& summary,
                    const nlohmann::json& extra = nlohmann::json::object());

// Writes text to a file, creating parent folders. Throws std::runtime_error naming the file.
void writeTextFile(const std::string& path, const std::string& text);

}  // namespace vkxpbd
