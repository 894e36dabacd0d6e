#include "sim/work_estimate.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace vkxpbd {

namespace {

std::string number(double value) {
  std::ostringstream out;
  out.precision(3);
  out << value;
  return out.str();
}

std::string gibibytes(double bytes) {
  return number(bytes / (1024.0 * 1024.0 * 1024.0)) + " GiB";
}

double instancesOf(const std::vector<InstanceDesc>& instances) {
  return static_cast<double>(instances.size());
}

// Particles and tetrahedra of a lattice of cells (box and sphere soft bodies).
BodyEstimate lattice(const std::string& field, glm::dvec3 cells, double instances) {
  const double particles = (cells.x + 1.0) * (cells.y + 1.0) * (cells.z + 1.0);
  const double tets = 6.0 * cells.x * cells.y * cells.z;
  return {field, instances * particles, instances * 2.0 * tets};  // an element and its data per tetrahedron
}

}  // namespace

WorkEstimate estimateWork(const SceneDesc& scene) {
  WorkEstimate estimate;
  for (size_t k = 0; k < scene.cloths.size(); ++k) {
    const ClothDesc& c = scene.cloths[k];
    if (c.mesh) continue;  // an OBJ: bounded by the mesh file's size limit, like OBJ shells
    const double n = double(c.resolution.x) * double(c.resolution.y);
    // Stretch 2n, shear 2n, bending 2n (distance) or 3n (elements), tethers n: upper bounds.
    const double constraints = 2.0 * n + (c.shear ? 2.0 * n : 0.0) +
                               (c.bend ? (c.bending == ClothBending::Distance ? 2.0 : 3.0) * n : 0.0) +
                               (c.tethers ? n : 0.0);
    estimate.bodies.push_back({"cloths[" + std::to_string(k) + "].resolution", n, constraints});
  }
  for (size_t k = 0; k < scene.softBodies.size(); ++k) {
    const SoftBodyDesc& b = scene.softBodies[k];
    const std::string field = "soft_bodies[" + std::to_string(k) + "]";
    const double instances = instancesOf(b.instances);
    const std::string sizeField = field + (instances > 1.0 ? ".instances" : ".mesh.cells");
    if (b.mesh.type == MeshSourceDesc::Type::Box)
      estimate.bodies.push_back(lattice(sizeField, glm::dvec3(b.mesh.cells), instances));
    else if (b.mesh.type == MeshSourceDesc::Type::Sphere)
      estimate.bodies.push_back(lattice(sizeField, glm::dvec3(double(b.mesh.resolution)), instances));
  }
  for (size_t k = 0; k < scene.shells.size(); ++k) {
    const ShellDesc& s = scene.shells[k];
    if (s.mesh.type != MeshSourceDesc::Type::Icosphere) continue;
    const double instances = instancesOf(s.instances);
    const double faces = 20.0 * std::pow(4.0, double(s.mesh.resolution));
    const std::string field =
        "shells[" + std::to_string(k) + "]" + (instances > 1.0 ? ".instances" : ".mesh.subdivisions");
    // Vertices F/2 + 2; edges 3F/2, each a stretch constraint and a bending element.
    estimate.bodies.push_back({field, instances * (faces / 2.0 + 2.0), instances * 3.0 * faces});
  }
  for (const BodyEstimate& b : estimate.bodies) {
    estimate.particles += b.particles;
    estimate.constraints += b.constraints;
  }
  estimate.bytes = kBytesPerParticle * estimate.particles + kBytesPerConstraint * estimate.constraints;
  estimate.projectionsPerFrame =
      estimate.constraints * double(scene.solver.substeps) * double(scene.solver.iterations);
  return estimate;
}

void checkLoadedBody(const SceneDesc& scene, const std::string& field, double particles, double constraints,
                     double memoryBytes) {
  WorkEstimate estimate;
  estimate.bodies.push_back({field, particles, constraints});
  estimate.particles = particles;
  estimate.constraints = constraints;
  estimate.bytes = kBytesPerParticle * particles + kBytesPerConstraint * constraints;
  estimate.projectionsPerFrame =
      constraints * double(scene.solver.substeps) * double(scene.solver.iterations);
  checkWorkLimits(scene, estimate, memoryBytes);
}

double physicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? double(pages) * double(pageSize) : 0.0;
}

void checkWorkLimits(const SceneDesc& scene, const WorkEstimate& estimate, double memoryBytes) {
  if (estimate.bodies.empty()) return;
  const BodyEstimate* largest = &estimate.bodies.front();
  for (const BodyEstimate& b : estimate.bodies)
    if (b.constraints + b.particles > largest->constraints + largest->particles) largest = &b;
  const std::string where = scene.path + ": " + largest->field + ": ";
  const std::string counts =
      number(estimate.particles) + " particles, " + number(estimate.constraints) + " constraints";
  if (estimate.particles >= 2147483648.0)
    throw SceneError(where + "the scene would have " + counts + ", more than the limit of 2^31 particles");
  const double memoryLimit = 0.75 * memoryBytes;
  if (memoryLimit > 0.0 && estimate.bytes > memoryLimit)
    throw SceneError(where + "the scene would need about " + gibibytes(estimate.bytes) + " of memory (" +
                     counts + "), more than the limit of " + gibibytes(memoryLimit) +
                     " (3/4 of this machine's memory)");
  const std::string solverField =
      scene.path + ": solver.substeps x solver.iterations (or --substeps, --iterations): ";
  const double seconds = estimate.projectionsPerFrame / kLavapipeProjectionsPerSecond;
  if (estimate.projectionsPerFrame > kMaxProjectionsPerFrame)
    throw SceneError(solverField + number(double(scene.solver.substeps)) + " x " +
                     number(double(scene.solver.iterations)) + " on " + number(estimate.constraints) +
                     " constraints is " + number(estimate.projectionsPerFrame) +
                     " constraint projections per frame (about " + number(seconds) +
                     " s per frame on lavapipe), more than the limit of " + number(kMaxProjectionsPerFrame));
  if (seconds > kWarnSecondsPerFrame)
    std::fprintf(
        stderr,
        "warning: %s: %s constraint projections per frame (%s); about %s s per frame on lavapipe (2 cores)\n",
        scene.path.c_str(), number(estimate.projectionsPerFrame).c_str(), counts.c_str(),
        number(seconds).c_str());
}

std::string largestBodyField(const WorkEstimate& estimate) {
  const BodyEstimate* largest = nullptr;
  for (const BodyEstimate& body : estimate.bodies)
    if (!largest || body.constraints > largest->constraints) largest = &body;
  return largest ? largest->field : std::string();
}

}  // namespace vkxpbd
