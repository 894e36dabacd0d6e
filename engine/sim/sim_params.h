// The per-frame constant block (gpu::SimParams) derived from a model and solver settings; used by the
// GPU solver (uploaded as a uniform buffer) and by the CPU reference, so both see the same numbers.
#pragma once

#include <algorithm>

#include "shared/integrator_math.h"
#include "sim/model.h"

namespace vkxpbd {

// Buckets of the contact hash: the power of two at least twice the particle count (at least 1024).
inline uint32_t hashBucketCount(uint32_t particles) {
  uint32_t buckets = 1024;
  while (buckets < 2 * particles) buckets *= 2;
  return buckets;
}

// Triangles of every body's surface: the triangles of point–triangle contacts.
inline uint32_t contactTriangleCount(const Model& model) {
  size_t indices = 0;
  for (const SurfaceMesh& s : model.surfaces) indices += s.indices.size();
  return static_cast<uint32_t>(indices / 3);
}

inline gpu::SimParams makeSimParams(const Model& model, const SolverSettings& settings) {
  gpu::SimParams p{};
  const float dt = settings.substepDt();
  p.gravity = glm::vec4(settings.gravity, 0.0f);
  p.dt = dt;
  p.invDt = 1.0f / dt;
  p.integrator = static_cast<uint32_t>(settings.integrator);
  p.alphaScale = gpu::integratorAlphaScale(p.integrator, dt);
  p.dampingFactor = std::max(0.0f, 1.0f - settings.damping * dt);
  p.omega = settings.omega;
  p.frameDt = settings.frameDt;
  p.thickness = model.thickness;
  p.particleCount = model.particleCount();
  p.colliderCount = static_cast<uint32_t>(model.colliders.size());
  p.bodyFriction = model.particleFriction.empty() ? 0u : 1u;
  p.constraintModel = static_cast<uint32_t>(settings.constraintModel);
  p.substeps = settings.substeps;
  p.elementLambdaBase = static_cast<uint32_t>(model.distance.size());
  p.volumeCornerBase = static_cast<uint32_t>(model.volumeTriangles.size());
  // Every (triangle, corner) is one row corner, so the corners are as many as the triangle indices.
  p.volumeRowBase = 2 * p.volumeCornerBase;
  if (model.contacts.enabled) {
    const uint32_t buckets = hashBucketCount(model.particleCount());
    p.hashTableMask = buckets - 1;
    p.maxNeighbours = model.contacts.maxNeighbours;
    p.scanBlocks = (buckets + VKXPBD_SCAN_BLOCK - 1) / VKXPBD_SCAN_BLOCK;
    p.contactDistance = model.contacts.distance;
    p.invCellSize = 1.0f / model.contacts.searchRadius;
    p.staticFriction = model.contacts.staticFriction;
    p.kineticFriction = model.contacts.kineticFriction;
    if (model.contacts.triangles) {
      p.maxTriangles = model.contacts.maxTriangles;
      p.triangleSearch = model.contacts.triangleSearch;
      p.contactTriangles = contactTriangleCount(model);
    }
  }
  return p;
}

}  // namespace vkxpbd
