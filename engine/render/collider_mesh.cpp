#include "render/collider_mesh.h"

#include <numbers>

namespace vkxpbd::render {

void SolidMesh::append(const SolidMesh& other) {
  const auto base = static_cast<uint32_t>(positions.size());
  positions.insert(positions.end(), other.positions.begin(), other.positions.end());
  normals.insert(normals.end(), other.normals.begin(), other.normals.end());
  for (uint32_t i : other.indices) indices.push_back(base + i);
}

namespace {

// Rows of vertices around an axis, joined by triangles like a UV sphere: row k at polar angle theta[k]
// (0 at the +axis pole) on a sphere of `radius` moved by offset[k] along the axis. The axis is local x;
// the rings turn from +y towards +z.
SolidMesh buildRows(float radius, const std::vector<double>& theta, const std::vector<double>& offset,
                    uint32_t slices) {
  SolidMesh mesh;
  const double pi = std::numbers::pi;
  for (size_t k = 0; k < theta.size(); ++k) {
    for (uint32_t i = 0; i <= slices; ++i) {
      const double phi = 2.0 * pi * i / slices;
      const glm::dvec3 n(std::cos(theta[k]), std::sin(theta[k]) * std::cos(phi),
                         std::sin(theta[k]) * std::sin(phi));
      mesh.normals.emplace_back(glm::vec3(n), 0.0f);
      mesh.positions.emplace_back(
          glm::vec3(static_cast<double>(radius) * n + glm::dvec3(offset[k], 0.0, 0.0)), 1.0f);
    }
  }
  // (k, i) → (k + 1, i) → (k, i + 1) is counter-clockwise seen from outside: (x, y, z) =
  // (cos θ, sin θ cos φ, sin θ sin φ) is the usual spherical parametrisation with the axes renamed
  // cyclically, so e_θ × e_φ = e_r points out.
  const auto row = slices + 1;
  const auto rows = static_cast<uint32_t>(theta.size());
  for (uint32_t k = 0; k + 1 < rows; ++k) {
    for (uint32_t i = 0; i < slices; ++i) {
      const uint32_t a = k * row + i, b = (k + 1) * row + i, c = k * row + i + 1, d = (k + 1) * row + i + 1;
      if (theta[k] > 0.0) mesh.indices.insert(mesh.indices.end(), {a, b, c});
      if (theta[k + 1] < pi) mesh.indices.insert(mesh.indices.end(), {c, b, d});
    }
  }
  return mesh;
}

}  // namespace

SolidMesh buildCapsule(float radius, float halfLength, uint32_t slices, uint32_t stacks) {
  // The +x hemisphere moved by +halfLength, its equator again moved by −halfLength (the band between
  // the two equators is the cylinder), then the −x hemisphere.
  std::vector<double> theta, offset;
  const double pi = std::numbers::pi;
  for (uint32_t j = 0; j <= stacks / 2; ++j) {
    theta.push_back(pi * j / stacks);
    offset.push_back(halfLength);
  }
  for (uint32_t j = stacks / 2; j <= stacks; ++j) {
    theta.push_back(pi * j / stacks);
    offset.push_back(-static_cast<double>(halfLength));
  }
  return buildRows(radius, theta, offset, slices);
}

SolidMesh buildBox(glm::vec3 halfExtents) {
  SolidMesh mesh;
  for (int axis = 0; axis < 3; ++axis) {
    for (float side : {1.0f, -1.0f}) {
      glm::vec3 n(0.0f), u(0.0f), v(0.0f);
      n[axis] = side;
      // u × v = n makes (−u−v, u−v, u+v, −u+v) counter-clockwise seen from outside.
      u[(axis + (side > 0.0f ? 1 : 2)) % 3] = 1.0f;
      v[(axis + (side > 0.0f ? 2 : 1)) % 3] = 1.0f;
      const auto base = static_cast<uint32_t>(mesh.positions.size());
      for (glm::vec2 c : {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
        mesh.positions.emplace_back(halfExtents * (n + c.x * u + c.y * v), 1.0f);
        mesh.normals.emplace_back(n, 0.0f);
      }
      mesh.indices.insert(mesh.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
  }
  return mesh;
}

SolidMesh buildFlatSurface(const std::vector<glm::vec3>& vertices, const std::vector<uint32_t>& indices) {
  double volume = 0.0;  // m³, 6× the signed enclosed volume
  for (size_t t = 0; t + 2 < indices.size(); t += 3)
    volume += glm::dot(glm::dvec3(vertices[indices[t]]), glm::cross(glm::dvec3(vertices[indices[t + 1]]),
                                                                    glm::dvec3(vertices[indices[t + 2]])));
  const bool flip = volume < 0.0;
  SolidMesh mesh;
  for (size_t t = 0; t + 2 < indices.size(); t += 3) {
    const glm::vec3 a = vertices[indices[t]], b = vertices[indices[flip ? t + 2 : t + 1]],
                    c = vertices[indices[flip ? t + 1 : t + 2]];
    const glm::vec3 n = glm::normalize(glm::cross(b - a, c - a));
    for (const glm::vec3& p : {a, b, c}) {
      mesh.indices.push_back(static_cast<uint32_t>(mesh.positions.size()));
      mesh.positions.emplace_back(p, 1.0f);
      mesh.normals.emplace_back(n, 0.0f);
    }
  }
  return mesh;
}

SolidMesh buildColliderMesh(const Model& model, uint32_t index) {
  const Collider& c = model.colliders[index];
  switch (c.type) {
    case VKXPBD_COLLIDER_SPHERE:
      return buildCapsule(c.shape.w, 0.0f, 48, 24);
    case VKXPBD_COLLIDER_CAPSULE:
      return buildCapsule(c.shape.w, c.shape.x, 48, 24);
    case VKXPBD_COLLIDER_BOX:
      return buildBox(glm::vec3(c.shape));
    case VKXPBD_COLLIDER_SDF:
      for (const ColliderSurface& s : model.colliderSurfaces)
        if (s.collider == index) return buildFlatSurface(s.vertices, s.indices);
      return {};
    default:
      return {};
  }
}

}  // namespace vkxpbd::render
