// Contacts on the CPU reference: the neighbour search against brute force, colliders of every shape
// (no particle left inside), Coulomb friction on an incline against g(sin θ − μk cos θ), restitution,
// and soft bodies that collide instead of passing through each other.
#include <cmath>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "contact_test_scenes.h"
#include "incline_travel.h"
#include "mesh/sdf_grid.h"
#include "scene/scene.h"
#include "shared/collider_math.h"
#include "sim/cloth_builder.h"
#include "sim/contact_hash.h"
#include "sim/cpu_solver.h"
#include "sim/sim_params.h"

namespace vkxpbd {
namespace {

std::vector<glm::vec4> randomParticles(uint32_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> box(-0.5f, 0.5f), cluster(-0.01f, 0.01f);
  std::vector<glm::vec4> x;
  for (uint32_t i = 0; i < n; ++i) {
    const bool dense = i % 5 == 0;  // a fifth packed into a 2 cm cube
    const glm::vec3 p =
        dense ? glm::vec3(cluster(rng), cluster(rng), cluster(rng)) : glm::vec3(box(rng), box(rng), box(rng));
    x.emplace_back(p, i % 7 == 0 ? 0.0f : 1.0f);  // every seventh pinned (neighbour to others, no list)
  }
  return x;
}

gpu::SimParams hashParams(const std::vector<glm::vec4>& x, float radius, uint32_t maxNeighbours) {
  Model model;
  model.restPositions = x;
  model.contacts.enabled = true;
  model.contacts.distance = radius;
  model.contacts.searchRadius = radius;
  model.contacts.maxNeighbours = maxNeighbours;
  return makeSimParams(model, SolverSettings{});
}

TEST(ContactHash, FindsExactlyTheBruteForcePairs) {
  const std::vector<glm::vec4> x = randomParticles(4000, 1);
  const float radius = 0.03f;
  const uint32_t k = 1024;  // room for the cluster's 800
  const NeighbourLists lists = findNeighbours(x, hashParams(x, radius, k));
  const auto expected = bruteForceNeighbours(x, radius);
  EXPECT_EQ(lists.overflow, 0u);
  EXPECT_GT(test::expectListsAreTheSets(lists, expected), 10000u);  // the cluster makes it a real test
}

TEST(ContactHash, CountsWhatDoesNotFit) {
  const std::vector<glm::vec4> x = randomParticles(2000, 2);
  const NeighbourLists lists = findNeighbours(x, hashParams(x, 0.03f, 4));
  const auto expected = bruteForceNeighbours(x, 0.03f);
  size_t dropped = 0;
  for (uint32_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(lists.count[i], std::min<size_t>(expected[i].size(), 4)) << i;
    dropped += expected[i].size() - std::min<size_t>(expected[i].size(), 4);
  }
  EXPECT_GT(dropped, 0u);
  EXPECT_EQ(lists.overflow, dropped);
}

struct Simulated {
  Model model;
  State state;
};

Simulated simulate(const std::string& json, uint32_t frames) {
  const SceneDesc scene = parseScene(json, "contacts.json");
  Simulated run{buildModel(scene), {}};
  const SolverLayout layout = buildSolverLayout(run.model, scene.solver);
  CpuSolver solver(run.model, scene.solver, layout);
  run.state = makeInitialState(run.model);
  for (uint32_t f = 0; f < frames; ++f) solver.stepFrame(run.state);
  return run;
}

// A small sheet lying on a plane inclined by θ: it stays when μs > tan θ and slides with acceleration
// g(sin θ − μk cos θ) (within 5%) when μs < tan θ.
double inclineAcceleration(float degrees, float muStatic, float muKinetic, double* staysWithin = nullptr) {
  const float theta = glm::radians(degrees);
  const glm::vec3 normal(-std::sin(theta), std::cos(theta), 0.0f);
  const float thickness = 0.01f;
  const glm::vec3 centre = normal * thickness;
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 20}, "thickness": %g,
    "cloths": [{"size": [0.2, 0.2], "resolution": [5, 5], "center": [%g, %g, 0], "rotation": [0, 0, %g],
                "compliance": {"bend": 0.001}}],
    "colliders": [{"type": "plane", "normal": [%g, %g, 0], "offset": 0,
                   "friction": {"static": %g, "kinetic": %g}}]})",
                thickness, centre.x, centre.y, degrees, normal.x, normal.y, muStatic, muKinetic);
  const test::Travel t = test::travelDownIncline(parseScene(json, "incline.json"), degrees);
  if (staysWithin) *staysWithin = std::abs(t.full);
  return t.acceleration();
}

TEST(Friction, SheetOnAnInclineSticksOrSlidesAsCoulombSays) {
  const double g = 9.81;
  // tan 20° = 0.364: μs = 0.5 holds it.
  double moved = 0.0;
  inclineAcceleration(20.0f, 0.5f, 0.4f, &moved);
  EXPECT_LT(moved, 1e-3) << "m travelled in 1 s";
  // tan 30° = 0.577: μs = 0.4 lets it slide, with μk = 0.3.
  const double a = inclineAcceleration(30.0f, 0.4f, 0.3f);
  const double expected = g * (std::sin(glm::radians(30.0)) - 0.3 * std::cos(glm::radians(30.0)));
  EXPECT_NEAR(a / expected, 1.0, 0.05) << "a = " << a << " m/s², expected " << expected;
  // Without friction: g sin θ.
  const double free = inclineAcceleration(30.0f, 0.0f, 0.0f);
  EXPECT_NEAR(free / (g * 0.5), 1.0, 0.05);
}

// Friction per body: on a slippery incline (μ = 0.1 at 20°, tan θ = 0.36) a sheet of its own slides, one
// with μs = 0.9 (mean with the plane's: 0.5 > tan θ) sticks.
TEST(Friction, PerBodyFrictionCombinesWithTheCollider) {
  const float theta = glm::radians(20.0f);
  const glm::vec3 normal(-std::sin(theta), std::cos(theta), 0.0f);
  const glm::vec3 downhill(-std::cos(theta), -std::sin(theta), 0.0f);
  auto sheet = [&](float along, const char* friction) {
    const glm::vec3 c = normal * 0.01f - downhill * along;
    char text[512];
    std::snprintf(text, sizeof(text),
                  R"({"size": [0.2, 0.2], "resolution": [5, 5], "center": [%g, %g, 0], "rotation": [0, 0, 20],
                      "compliance": {"bend": 0.001}%s})",
                  c.x, c.y, friction);
    return std::string(text);
  };
  char colliders[256];
  std::snprintf(colliders, sizeof(colliders),
                R"([{"type": "plane", "normal": [%g, %g, 0], "friction": {"static": 0.1, "kinetic": 0.1}}])",
                normal.x, normal.y);
  const Simulated run =
      simulate(R"({"solver": {"substeps": 20}, "thickness": 0.01, "cloths": [)" + sheet(0.0f, "") + ", " +
                   sheet(0.5f, R"(, "friction": {"static": 0.9, "kinetic": 0.9})") + R"(], "colliders": )" +
                   colliders + "}",
               60);
  auto travelled = [&](uint32_t first) {
    double s = 0.0;
    for (uint32_t p = first; p < first + 25; ++p)
      s += glm::dot(glm::vec3(run.state.positions[p]) - glm::vec3(run.model.restPositions[p]), downhill);
    return s / 25.0;
  };
  EXPECT_GT(travelled(0), 0.3);    // slides: g(sin θ − 0.1 cos θ)·½t² = 1.22 m in 1 s
  EXPECT_LT(travelled(25), 1e-3);  // sticks
}

// Particles rained onto each collider shape end outside it (no deeper than 0.1 mm inside the
// thickness) after they settle.
TEST(Colliders, NoParticleStaysInside) {
  const char* shapes[] = {
      R"({"type": "sphere", "center": [0, 0.2, 0], "radius": 0.15, "friction": {"static": 0.2}})",
      R"({"type": "capsule", "center": [0, 0.2, 0], "radius": 0.08, "half_length": 0.15, "rotation": [0, 30, 20]})",
      R"({"type": "box", "center": [0, 0.15, 0], "half_extents": [0.2, 0.1, 0.15], "rotation": [10, 20, 30]})",
  };
  for (const char* shape : shapes) {
    const std::string json = std::string(R"({"thickness": 0.01, "solver": {"substeps": 10},
      "cloths": [{"size": [0.5, 0.5], "resolution": [16, 16], "center": [0, 0.5, 0], "compliance": {"bend": 0.01}}],
      "colliders": [)") + shape +
                             R"(, {"type": "plane"}]})";
    const Simulated run = simulate(json, 90);
    const Collider& c = run.model.colliders[0];
    double deepest = 0.0;
    for (const glm::vec4& x : run.state.positions) {
      const glm::vec3 local = gpu::colliderLocal(c, glm::vec3(x), 1.5f);
      const double d = gpu::shapeDistance(c.type, c.shape, local);
      deepest = std::max(deepest, 0.01 - d);
    }
    EXPECT_LT(deepest, 1e-4) << shape;
  }
}

// The surface velocity used for friction and restitution is the derivative of the motion: a line, an
// oscillation and a spin (central differences of a material point carried along).
TEST(Colliders, SurfaceVelocityIsTheDerivativeOfTheMotion) {
  const SceneDesc scene = parseScene(R"({"cloths": [{"size": [0.1, 0.1], "resolution": [2, 2]}],
    "colliders": [{"type": "box", "center": [0.1, 0.2, 0.3], "half_extents": [0.2, 0.1, 0.1],
                   "velocity": [0.5, 0, -0.2], "angular_velocity": [0, 2, 1],
                   "oscillation": {"amplitude": [0.05, 0.1, 0], "frequency": 1.5}}]})",
                                     "moving.json");
  const Collider& c = scene.colliders.at(0);
  const glm::dvec3 local(0.2, 0.1, -0.05);  // a corner of the box, in its frame
  auto world = [&](double t) {
    const float tf = static_cast<float>(t);
    return glm::dvec3(gpu::colliderCentre(c, tf)) +
           glm::dvec3(gpu::quatRotate(gpu::colliderRotation(c, tf), glm::vec3(local)));
  };
  for (double t : {0.0, 0.13, 0.4, 0.77}) {
    const double h = 1e-3;
    const glm::dvec3 expected = (world(t + h) - world(t - h)) / (2.0 * h);
    const glm::dvec3 got(gpu::colliderSurfaceVelocity(c, glm::vec3(world(t)), static_cast<float>(t)));
    EXPECT_LT(glm::length(got - expected), 2e-3) << "t = " << t;
  }
  // The oscillation moves the centre by amplitude·sin(2π f t): a quarter period in, the full amplitude.
  const glm::vec3 quarter =
      gpu::colliderCentre(c, 1.0f / 6.0f) - glm::vec3(0.1f, 0.2f, 0.3f) - glm::vec3(0.5f, 0.0f, -0.2f) / 6.0f;
  EXPECT_NEAR(quarter.x, 0.05f, 1e-6f);
  EXPECT_NEAR(quarter.y, 0.1f, 1e-6f);
}

// A sheet lying on a box that shakes sideways (amplitude 0.1 m at 0.5 Hz: peak acceleration 1 m/s²)
// goes along with it when friction holds it (μs = 1), and stays put on a frictionless box.
TEST(Friction, SheetRidesAShakingBox) {
  auto sheetX = [](float mu) {
    char json[768];
    std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 20}, "thickness": 0.01,
      "cloths": [{"size": [0.2, 0.2], "resolution": [5, 5], "center": [0, 0.11, 0], "compliance": {"bend": 0.001}}],
      "colliders": [{"type": "box", "center": [0, 0.05, 0], "half_extents": [0.4, 0.05, 0.4],
                     "oscillation": {"amplitude": [0.1, 0, 0], "frequency": 0.5},
                     "friction": {"static": %g, "kinetic": %g}}]})",
                  mu, mu);
    const Simulated run = simulate(json, 90);  // 1.5 s: the box is at −0.1 m
    double x = 0.0;
    for (const glm::vec4& p : run.state.positions) x += p.x / static_cast<double>(run.state.positions.size());
    return x;
  };
  EXPECT_NEAR(sheetX(1.0f), -0.1, 0.01);
  EXPECT_NEAR(sheetX(0.0f), 0.0, 0.01);
}

TEST(Colliders, MeshGridMatchesTheBoxItWasMadeFrom) {
  TriangleMesh cube;
  cube.vertices = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  cube.indices = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                  3, 6, 2, 3, 7, 6, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5};
  const SdfGrid grid = buildSdf(cube, 0.1f, "cube");
  // Every node against the exact box distance (the box centred at (0.5, 0.5, 0.5), half extent 0.5).
  double worst = 0.0;
  for (uint32_t z = 0; z < grid.dims.z; ++z)
    for (uint32_t y = 0; y < grid.dims.y; ++y)
      for (uint32_t x = 0; x < grid.dims.x; ++x) {
        const glm::vec3 p = grid.origin + grid.spacing * glm::vec3(x, y, z);
        const float exact = gpu::shapeDistance(VKXPBD_COLLIDER_BOX, glm::vec4(0.5f), p - glm::vec3(0.5f));
        worst = std::max(worst, double(std::abs(grid.at(x, y, z) - exact)));
      }
  EXPECT_LT(worst, 1e-5);
  // Inside negative, outside positive.
  EXPECT_LT(grid.at(grid.dims.x / 2, grid.dims.y / 2, grid.dims.z / 2), 0.0f);
  EXPECT_GT(grid.at(0, 0, 0), 0.0f);
}

TEST(Restitution, BounceKeepsTheFractionOfTheNormalVelocity) {
  // A particle dropped from h onto a plane with restitution e rises to e²·h.
  for (float e : {0.5f, 0.8f}) {
    Model model;
    const float h = 0.5f;  // m
    model.restPositions.push_back(glm::vec4(0.0f, h, 0.0f, 1.0f));
    Collider ground = planeCollider({0.0f, 1.0f, 0.0f}, 0.0f);
    ground.restitution = e;
    model.colliders.push_back(ground);
    SolverSettings s;
    s.substeps = 100;
    const SolverLayout layout = buildSolverLayout(model, s);
    CpuSolver solver(model, s, layout);
    State state = makeInitialState(model);
    bool bounced = false;
    float apex = 0.0f;
    for (int f = 0; f < 120; ++f) {
      solver.stepFrame(state);
      if (state.velocities[0].y > 0.0f) bounced = true;
      if (bounced) apex = std::max(apex, state.positions[0].y);
      if (bounced && state.velocities[0].y < 0.0f) break;
    }
    ASSERT_TRUE(bounced);
    EXPECT_NEAR(apex / h, e * e, 0.02) << "e = " << e;
  }
}

// Two Neo-Hookean cubes thrown at each other: with contacts, no particle of one ends inside the other.
TEST(ParticleContacts, SoftBodiesCollideInsteadOfPassingThrough) {
  const Simulated run =
      simulate(R"({"solver": {"substeps": 10, "iterations": 2, "gravity": [0, 0, 0], "max_colours": 64},
    "contacts": {"distance": 0.045},
    "soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [4, 4, 4]},
      "material": {"model": "neohookean", "youngs_modulus": 200000, "poisson_ratio": 0.4},
      "instances": [{"position": [-0.2, 0, 0], "velocity": [2, 0, 0]}, {"position": [0.2, 0.05, 0], "velocity": [-2, 0, 0]}]}]})",
               60);
  // Split by instance: the first 125 particles are the first cube.
  const uint32_t perBody = 125;
  float firstMax = -1e9f, secondMin = 1e9f;
  for (uint32_t p = 0; p < perBody; ++p) firstMax = std::max(firstMax, run.state.positions[p].x);
  for (uint32_t p = perBody; p < 2 * perBody; ++p) secondMin = std::min(secondMin, run.state.positions[p].x);
  // They bounced apart (the relative velocity reversed) and never interpenetrated at the end.
  float v1 = 0.0f, v2 = 0.0f;
  for (uint32_t p = 0; p < perBody; ++p) v1 += run.state.velocities[p].x / perBody;
  for (uint32_t p = perBody; p < 2 * perBody; ++p) v2 += run.state.velocities[p].x / perBody;
  EXPECT_LT(v1, 0.0f);
  EXPECT_GT(v2, 0.0f);
  EXPECT_LT(firstMax, secondMin + 0.2f);  // the faces may slide past a little, not through
  // Momentum is conserved by the contacts (equal masses, opposite velocities).
  EXPECT_NEAR(v1 + v2, 0.0f, 0.05f);
}

// Neighbour lists rebuilt every third substep only: with a search radius that covers the motion in
// between (v_rel·3·Δt = 4 m/s · 3/600 s = 0.02 m < R − d = 0.045 m), the collision comes out as with a
// search every substep, at a third of the search passes. Once per frame with R − d = 0.0225 m, less
// than the 0.067 m of relative motion in a frame, the lists miss pairs and the result changes.
TEST(ParticleContacts, ListsReusedBetweenRebuildsGiveTheSameCollision) {
  auto collide = [](int interval, float radius) {
    char json[1024];
    std::snprintf(json, sizeof(json),
                  R"({"solver": {"substeps": 10, "iterations": 2, "gravity": [0, 0, 0], "max_colours": 64},
      "contacts": {"distance": 0.045, "search_radius": %g, "max_neighbours": 64, "rebuild_interval": %d},
      "soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [4, 4, 4]},
        "material": {"model": "neohookean", "youngs_modulus": 200000, "poisson_ratio": 0.4},
        "instances": [{"position": [-0.2, 0, 0], "velocity": [2, 0, 0]}, {"position": [0.2, 0.05, 0], "velocity": [-2, 0, 0]}]}]})",
                  radius, interval);
    return simulate(json, 60).state;
  };
  auto farthest = [](const State& a, const State& b) {
    float worst = 0.0f;
    for (size_t p = 0; p < a.positions.size(); ++p)
      worst = std::max(worst, glm::length(glm::vec3(a.positions[p] - b.positions[p])));
    return worst;
  };
  const State third = collide(3, 0.09f);
  EXPECT_LT(farthest(collide(1, 0.09f), third), 1e-3f);
  float firstVelocity = 0.0f;
  for (uint32_t p = 0; p < 125; ++p) firstVelocity += third.velocities[p].x / 125.0f;
  EXPECT_LT(firstVelocity, -0.3f);  // it bounced back
  EXPECT_GT(farthest(collide(1, 0.0675f), collide(10, 0.0675f)), 5e-3f);
}

// Tunnelling: a kinematic sphere (r = 0.1 m) driven down through a free cloth at rest. At the
// documented maximum speed, a fifth of the radius per substep (v = 0.2·r/Δt = 12 m/s at Δt = 1/600 s;
// measured onset of tunnelling: 14 m/s), it pushes the cloth ahead of it; at four times that speed the
// cloth's middle ends up behind the sphere. (The limit is below r/Δt because the cloth's constraints
// pull the particles the sphere pushed back towards its centre.)
float clothCentreBelowSphere(float speed) {
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "gravity": [0, 0, 0]}, "thickness": 0.005,
    "cloths": [{"size": [0.6, 0.6], "resolution": [25, 25], "center": [0, 0, 0], "compliance": {"bend": 0.01}}],
    "colliders": [{"type": "sphere", "center": [0, 0.2, 0], "radius": 0.1, "velocity": [0, %g, 0]}]})",
                -speed);
  const SceneDesc scene = parseScene(json, "tunnel.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  // Until the sphere's centre is 0.15 m below the cloth's rest plane.
  const float dt = scene.solver.frameDt;
  const int frames = static_cast<int>(std::ceil(0.35f / (speed * dt)));
  for (int f = 0; f < frames; ++f) solver.stepFrame(state);
  const float sphereY = 0.2f - speed * dt * static_cast<float>(frames);
  const glm::vec4 centre = state.positions[12 * 25 + 12];
  return sphereY - centre.y;  // > 0: the cloth's middle is below the sphere's centre (pushed, not tunnelled)
}

TEST(Tunnelling, SphereAtTheDocumentedMaximumSpeedDoesNotPassThroughACloth) {
  const float maxSpeed = 0.2f * 0.1f / (1.0f / 600.0f);      // m/s
  EXPECT_GT(clothCentreBelowSphere(maxSpeed), 0.09f);        // the middle is at the sphere's far side
  EXPECT_LT(clothCentreBelowSphere(4.0f * maxSpeed), 0.0f);  // four times faster it tunnels
}

}  // namespace
}  // namespace vkxpbd
