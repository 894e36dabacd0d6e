// The JSON reading vocabulary of the scene loader: a value with its path in the document (Node), value
// bounds, and error messages that name the file and the field ("scene.json: cloths[0].size[1]: ...").
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "scene/scene.h"

namespace vkxpbd::scene_json {

using Json = nlohmann::json;

constexpr size_t kMaxShownValueLength = 40;  // characters of an offending value quoted in a message

inline std::string childPath(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

inline std::string indexPath(const std::string& parent, size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

inline std::string shown(const Json& value) {
  std::string text = value.dump();
  if (text.size() > kMaxShownValueLength) text = text.substr(0, kMaxShownValueLength) + "...";
  return text;
}

inline std::string formatNumber(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// "'a'", "'a' or 'b'", "'a', 'b' or 'c'".
inline std::string quotedAlternatives(const std::vector<std::string>& names) {
  std::string text;
  for (size_t k = 0; k < names.size(); ++k) {
    if (k > 0) text += (k + 1 == names.size()) ? " or " : ", ";
    text += "'" + names[k] + "'";
  }
  return text;
}

inline size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> previous(b.size() + 1), current(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

// The closest allowed key within two edits, for "did you mean" hints.
inline std::optional<std::string> closestKey(const std::string& key,
                                             std::initializer_list<const char*> allowed) {
  std::optional<std::string> best;
  size_t bestDistance = 3;
  for (const char* candidate : allowed) {
    const size_t distance = editDistance(key, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

// Allowed range of a real-valued field; a missing side is unbounded.
struct Bounds {
  std::optional<double> min;
  bool minInclusive = true;
  std::optional<double> max;
  bool maxInclusive = true;

  bool contains(double v) const {
    const bool aboveMin = !min || (minInclusive ? v >= *min : v > *min);
    const bool belowMax = !max || (maxInclusive ? v <= *max : v < *max);
    return aboveMin && belowMax;
  }

  std::string describe() const {
    if (min && max) {
      return std::string("in ") + (minInclusive ? "[" : "(") + formatNumber(*min) + ", " +
             formatNumber(*max) + (maxInclusive ? "]" : ")");
    }
    if (min) return std::string(minInclusive ? ">= " : "> ") + formatNumber(*min);
    if (max) return std::string(maxInclusive ? "<= " : "< ") + formatNumber(*max);
    return "finite";
  }
};

inline Bounds greaterThan(double min) {
  Bounds bounds;
  bounds.min = min;
  bounds.minInclusive = false;
  return bounds;
}

inline Bounds atLeast(double min) {
  Bounds bounds;
  bounds.min = min;
  return bounds;
}

inline Bounds between(double min, bool minInclusive, double max, bool maxInclusive) {
  return Bounds{min, minInclusive, max, maxInclusive};
}

inline const Bounds kAnyFinite{};
inline const Bounds kPositive = greaterThan(0.0);
inline const Bounds kNonNegative = atLeast(0.0);
inline const Bounds kUnitInterval = between(0.0, true, 1.0, true);
inline const Bounds kRelaxation = between(0.0, false, 2.0, true);  // Jacobi ω in (0, 2]

// Magnitude limits that keep the solver's 32-bit float arithmetic finite (products, squares, α/Δt²).
constexpr double kMaxMagnitude = 1.0e6;  // largest position, length, speed (m, m/s) or angle (degrees)
inline const Bounds kCoordinate = between(-kMaxMagnitude, true, kMaxMagnitude, true);  // m, m/s, degrees
inline const Bounds kLength = between(1.0e-6, true, kMaxMagnitude, true);              // m
inline const Bounds kScale = between(1.0e-6, true, kMaxMagnitude, true);               // file units → m
inline const Bounds kDensity = between(1.0e-6, true, 1.0e6, true);                     // kg/m² or kg/m³
inline const Bounds kFrequency = between(0.0, false, 1.0e6, true);                     // Hz
inline const Bounds kTimeStep = between(1.0e-6, true, 1.0, true);                      // frame Δt, s
inline const Bounds kCompliance = between(0.0, true, 1.0e10, true);        // m/N, 1/(N·m), m⁶/J
inline const Bounds kYoungsModulus = between(1.0e-3, true, 1.0e13, true);  // Pa

// A JSON value together with its path in the document, for error messages.
class Node {
 public:
  Node(const Json& value, std::string path, const std::string& file)
      : value_(value), path_(std::move(path)), file_(file) {}

  [[noreturn]] void fail(const std::string& what) const { failAt(path_, what); }

  [[noreturn]] void failAt(const std::string& path, const std::string& what) const {
    throw SceneError(file_ + ": " + (path.empty() ? "(top level)" : path) + ": " + what);
  }

  const std::string& path() const { return path_; }
  const std::string& file() const { return file_; }

  bool isObject() const { return value_.is_object(); }
  bool isString() const { return value_.is_string(); }
  bool hasKey(const char* key) const { return value_.is_object() && value_.contains(key); }

  void requireObject() const {
    if (!value_.is_object()) fail("must be an object, got " + shown(value_));
  }

  // Requires an object whose keys all appear in `allowed`.
  void expectObject(std::initializer_list<const char*> allowed) const {
    requireObject();
    for (const auto& item : value_.items()) {
      const bool known =
          std::any_of(allowed.begin(), allowed.end(), [&](const char* name) { return item.key() == name; });
      if (known) continue;
      std::string what = "unknown key";
      if (auto hint = closestKey(item.key(), allowed)) what += " (did you mean '" + *hint + "'?)";
      failAt(childPath(path_, item.key()), what);
    }
  }

  std::optional<Node> find(const char* key) const {
    const auto it = value_.find(key);
    if (it == value_.end()) return std::nullopt;
    return Node(*it, childPath(path_, key), file_);
  }

  Node member(const char* key) const {
    if (auto node = find(key)) return *node;
    failAt(childPath(path_, key), "missing");
  }

  // Requires an array of `minSize` to `maxSize` elements.
  size_t arraySize(size_t minSize, size_t maxSize = std::numeric_limits<size_t>::max()) const {
    if (!value_.is_array()) fail("must be an array, got " + shown(value_));
    const size_t size = value_.size();
    if (minSize == maxSize && size != minSize) {
      fail("must be an array of " + std::to_string(minSize) + " elements, got " + shown(value_));
    }
    if (size < minSize) fail("must have at least " + std::to_string(minSize) + " element(s)");
    if (size > maxSize) fail("must have at most " + std::to_string(maxSize) + " elements");
    return size;
  }

  Node element(size_t index) const { return Node(value_.at(index), indexPath(path_, index), file_); }

  float number(const Bounds& bounds) const {
    if (!value_.is_number()) fail("must be a number, got " + shown(value_));
    const double v = value_.get<double>();
    if (!std::isfinite(v)) fail("must be finite, got " + shown(value_));
    if (!std::isfinite(static_cast<float>(v))) fail("is too large for a 32-bit float, got " + shown(value_));
    if (!bounds.contains(v)) fail("must be " + bounds.describe() + ", got " + shown(value_));
    // The solver computes in float: check the value it will see (5e-324 > 0 as a double is 0 as a float).
    const float f = static_cast<float>(v);
    if (!bounds.contains(f))
      fail("must be " + bounds.describe() + " as a 32-bit float, got " + shown(value_));
    if (f != 0.0f && !std::isnormal(f))
      fail("is too small for a 32-bit float (a denormal, below 1.2e-38), got " + shown(value_) +
           "; write 0 or a larger value");
    return f;
  }

  int64_t integer(int64_t min, int64_t max) const {
    if (!value_.is_number_integer()) fail("must be an integer, got " + shown(value_));
    const bool huge = value_.is_number_unsigned() &&
                      value_.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    const int64_t v = huge ? std::numeric_limits<int64_t>::max() : value_.get<int64_t>();
    if (v < min) fail("must be an integer >= " + std::to_string(min) + ", got " + shown(value_));
    if (v > max) fail("must be an integer <= " + std::to_string(max) + ", got " + shown(value_));
    return v;
  }

  uint32_t count(int64_t min, int64_t max) const { return static_cast<uint32_t>(integer(min, max)); }

  bool boolean() const {
    if (!value_.is_boolean()) fail("must be true or false, got " + shown(value_));
    return value_.get<bool>();
  }

  std::string string() const {
    if (!value_.is_string()) fail("must be a string, got " + shown(value_));
    std::string text = value_.get<std::string>();
    // A NUL would silently truncate a file path at the operating system's interface.
    if (text.find('\0') != std::string::npos) fail("must not contain a NUL character (\\u0000)");
    return text;
  }

  std::string name() const {
    std::string text = string();
    if (text.empty()) fail("must not be empty");
    return text;
  }

  // One of a fixed set of names; `what` names the kind of thing ("solver", "plane", ...).
  template <typename T>
  T choice(const char* what, std::initializer_list<std::pair<const char*, T>> options) const {
    const std::string text = string();
    std::vector<std::string> names;
    for (const auto& [optionName, optionValue] : options) {
      if (text == optionName) return optionValue;
      names.emplace_back(optionName);
    }
    fail(std::string("unknown ") + what + " '" + text + "' (expected " + quotedAlternatives(names) + ")");
  }

  glm::vec2 vec2(const Bounds& bounds) const {
    arraySize(2, 2);
    return {element(0).number(bounds), element(1).number(bounds)};
  }

  glm::vec3 vec3(const Bounds& bounds = kCoordinate) const {
    arraySize(3, 3);
    return {element(0).number(bounds), element(1).number(bounds), element(2).number(bounds)};
  }

 private:
  const Json& value_;
  std::string path_;
  const std::string& file_;
};

inline float optionalNumber(const Node& object, const char* key, float fallback, const Bounds& bounds) {
  const auto node = object.find(key);
  return node ? node->number(bounds) : fallback;
}

// {"static": μs, "kinetic": μk}: both ≥ 0, kinetic defaults to static and may not exceed it.
inline glm::vec2 readFriction(const Node& node) {
  node.expectObject({"static", "kinetic"});
  const float staticFriction = optionalNumber(node, "static", 0.0f, between(0.0, true, 1.0e6, true));
  const float kineticFriction =
      optionalNumber(node, "kinetic", staticFriction, between(0.0, true, 1.0e6, true));
  if (kineticFriction > staticFriction)
    node.failAt(childPath(node.path(), "kinetic"), "must not exceed 'static'");
  return {staticFriction, kineticFriction};
}

inline bool optionalBoolean(const Node& object, const char* key, bool fallback) {
  const auto node = object.find(key);
  return node ? node->boolean() : fallback;
}

// "hierarchy": true / false, or {"enabled", "levels", "min_particles", "parents", "bilateral",
// "compression_compliance", "stiffness_scale", "stiffness_growth", "natural_frequency", "solve_from_level",
// "contacts"}
// (docs/scene-format.md); unset fields keep `defaults`, an object without "enabled" turns it on.
inline HierarchySettings readHierarchy(const Node& node, HierarchySettings defaults) {
  if (!node.isObject()) {
    defaults.enabled = node.boolean();
    return defaults;
  }
  node.expectObject({"enabled", "levels", "min_particles", "parents", "bilateral", "compression_compliance",
                     "stiffness_scale", "stiffness_growth", "natural_frequency", "solve_from_level",
                     "contacts"});
  defaults.enabled = optionalBoolean(node, "enabled", true);
  if (auto n = node.find("levels")) defaults.maxLevels = n->count(0, 12);
  if (auto n = node.find("min_particles")) defaults.minParticles = n->count(2, 1u << 24);
  if (auto n = node.find("parents")) defaults.parents = n->count(1, VKXPBD_MAX_PARENTS);
  if (auto n = node.find("bilateral")) defaults.bilateral = n->boolean();
  if (auto n = node.find("compression_compliance")) {
    if (defaults.bilateral.value_or(false))
      n->fail(
          "cannot be combined with \"bilateral\": true (bilateral coarse constraints resist compression "
          "rigidly)");
    defaults.compressionCompliance = n->number(kCompliance);
  }
  if (auto n = node.find("stiffness_scale"))
    defaults.stiffnessScale = n->number(between(1e-6, true, 1e6, true));
  if (auto n = node.find("stiffness_growth"))
    defaults.stiffnessGrowth = n->number(between(1e-2, true, 1e2, true));
  if (auto n = node.find("natural_frequency"))
    defaults.naturalFrequency = n->number(between(0.0, true, 1e6, true));
  if (auto n = node.find("solve_from_level")) defaults.solveFromLevel = n->count(0, 12);
  if (auto n = node.find("contacts")) defaults.contacts = n->boolean();
  return defaults;
}

}  // namespace vkxpbd::scene_json
