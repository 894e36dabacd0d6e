// Scene description: the parsed, validated contents of a scene JSON file (format: docs/scene-format.md).
// buildModel() (engine/sim/cloth_builder.h) turns it into a Model.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "sim/element_builder.h"
#include "sim/model.h"

namespace vkxpbd {

// Thrown for any problem with a scene: the message names the file and the field (e.g.
// "scenes/flag.json: cloths[0].resolution[1]: must be an integer >= 2, got 1").
class SceneError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct PinMotionDesc {
  uint32_t type = VKXPBD_MOTION_LINEAR;  // VKXPBD_MOTION_*
  glm::vec3 vector{0.0f};                // LINEAR: velocity m/s; SINE: amplitude m
  float frequency = 0.0f;                // SINE: Hz
};

// A region of space that selects particles by their rest position (docs/attachments.md).
struct RegionDesc {
  enum class Shape { Box, Sphere } shape = Shape::Box;
  glm::vec3 min{0.0f};     // Box: m
  glm::vec3 max{0.0f};     // Box: m
  glm::vec3 center{0.0f};  // Sphere: m
  float radius = 0.0f;     // Sphere: m
  bool contains(glm::vec3 x) const;
};

// A collider named by its "name" or its index in "colliders" (path: the field, for errors).
struct ColliderRefDesc {
  std::string name;    // empty: by index
  int64_t index = -1;  // by index
  std::string path;
};

// A pinned grid particle; negative indices count from the end (-1 = last row/column).
struct PinDesc {
  int i = 0;  // index along the cloth's first axis
  int j = 0;  // index along the cloth's second axis
  std::optional<PinMotionDesc> motion;
  // Instead of (i, j): every particle of the body inside this region (any body kind).
  std::optional<RegionDesc> region;
  std::optional<ColliderRefDesc> attach;  // the pin follows this collider (docs/attachments.md)
  std::string path;                       // field path in the scene, for errors
};

// Zero-length distance constraints between nearby particles of two bodies (docs/attachments.md).
struct StitchDesc {
  std::string bodyA;                  // a body's name
  std::string bodyB;                  // a body's name (may be bodyA)
  std::optional<RegionDesc> regionA;  // only particles of A inside this region
  std::optional<RegionDesc> regionB;
  float maxDistance = 0.0f;  // m: pairs farther apart at rest are not stitched
  float compliance = 0.0f;   // α, m/N
  std::string path;
};

enum class ClothPlane {
  XZ,
  XY
};  // XZ: horizontal (i along x, j along z); XY: vertical (i along x, j along y)
enum class MassDistribution { Area, Uniform };  // Area: lumped triangle areas; Uniform: equal masses
// How a cloth resists bending: skip-one distance constraints (compliance m/N), or four-particle
// constraints across every interior edge (compliance 1/(N·m)).
enum class ClothBending { Distance, Dihedral, Isometric };

// A pinned vertex of a cloth made from a mesh: the OBJ file's vertex (0-based, in file order).
struct MeshPinDesc {
  uint32_t vertex = 0;
  std::optional<PinMotionDesc> motion;
};

// The OBJ mesh of a cloth made from a mesh (`cloths[].mesh`): placed by the cloth's `rotation` (degrees
// about x, then y, then z, about the file's origin), then moved by `position`.
struct ClothMeshDesc {
  std::string file;                    // the .obj file (resolved against the scene file's folder)
  float weldDistance = 0.0f;           // vertices closer than this are one particle, m
  float scale = 1.0f;                  // multiplies the file's coordinates (to metres)
  glm::vec3 position{0.0f};            // m
  std::vector<MeshPinDesc> pins;       // pinned vertices
  std::optional<glm::vec3> pinBoxMin;  // particles inside [min, max] are pinned, m
  glm::vec3 pinBoxMax{0.0f};           // m
};
// Default aerodynamic coefficients of cloths and shells (docs/wind.md): normal drag of a flat plate
// broadside on (≈ 1.2), a small skin-friction tangential drag, a modest lift.
inline constexpr glm::vec3 kClothAerodynamics{1.2f, 0.02f, 0.2f};

struct ClothDesc {
  std::string name = "cloth";
  glm::vec2 size{1.0f, 1.0f};          // m, extent along the first and second axis
  glm::uvec2 resolution{32u, 32u};     // particles along the first and second axis (>= 2 each)
  glm::vec3 center{0.0f, 1.0f, 0.0f};  // m
  ClothPlane plane = ClothPlane::XZ;
  glm::vec3 rotation{0.0f};   // degrees about x, then y, then z, around the centre (after `plane`)
  float arealDensity = 0.1f;  // kg/m²
  MassDistribution massDistribution = MassDistribution::Area;
  bool shear = true;  // both quad diagonals
  bool bend = true;   // bending constraints (of the model `bending`)
  ClothBending bending = ClothBending::Distance;
  bool tethers = false;            // long-range attachment of every particle to its nearest pin
  float complianceStretch = 0.0f;  // m/N
  float complianceShear = 0.0f;    // m/N
  float complianceBend = 0.0f;     // m/N (distance bending) or 1/(N·m) (dihedral, isometric)
  float stiffnessStretch = 1.0f;   // PBD k in [0,1]
  float stiffnessShear = 1.0f;     // PBD k in [0,1]
  float stiffnessBend = 1.0f;      // PBD k in [0,1]
  std::vector<PinDesc> pins;
  std::optional<glm::vec2> friction;           // μs, μk against colliders and other bodies (else theirs)
  std::optional<HierarchySettings> hierarchy;  // the body's own (else the solver's)
  glm::vec3 velocity{0.0f};                    // initial velocity, m/s
  glm::vec3 angularVelocity{0.0f};             // initial angular velocity about the centre of mass, rad/s
  // A cloth made from an OBJ mesh instead of a grid (sim/mesh_cloth_builder.h); size, resolution, plane,
  // center and grid pins do not apply.
  std::optional<ClothMeshDesc> mesh;
  // Mesh with UVs: edges along u (warp) and along v (weft) get these compliances (m/N); unset: stretch.
  std::optional<float> complianceWarp;
  std::optional<float> complianceWeft;
  std::string material;  // the material library entry it started from ("" = none; scene/cloth_materials.h)
  glm::vec3 aero = kClothAerodynamics;  // C_n, C_t, C_l (dimensionless), used with a "wind"
  std::optional<TearSettings> tear;     // tearing (docs/tearing.md); none: never tears
};

// Where a body's mesh comes from. Paths are resolved against the scene file's folder.
struct MeshSourceDesc {
  enum class Type { Box, Sphere, TetGen, Icosphere, Obj } type = Type::Box;
  glm::vec3 size{0.2f};       // Box: extent, m
  glm::uvec3 cells{2u};       // Box: lattice cells per axis
  float radius = 0.1f;        // Sphere, Icosphere: m
  uint32_t resolution = 4;    // Sphere: lattice cells per axis; Icosphere: subdivisions
  std::string file;           // TetGen: the .node file; Obj: the .obj file
  std::string secondFile;     // TetGen: the .ele file
  float weldDistance = 0.0f;  // Obj: vertices closer than this are one particle, m
  float scale = 1.0f;         // TetGen, Obj: multiplies the file's coordinates (to metres)
  std::string path;           // field path in the scene, for error messages
};

// One placement of a body's mesh: rotated (Euler angles about x, then y, then z, degrees), then moved.
struct InstanceDesc {
  glm::vec3 position{0.0f};         // m
  glm::vec3 rotation{0.0f};         // degrees
  glm::vec3 velocity{0.0f};         // initial velocity, m/s
  glm::vec3 angularVelocity{0.0f};  // initial angular velocity about the centre of mass, rad/s
};

// Particles inside this world-space box are pinned (inverse mass 0).
struct PinBoxDesc {
  glm::vec3 min{0.0f};  // m
  glm::vec3 max{0.0f};  // m
};

// A volumetric body: a tetrahedral mesh with a tetrahedral material, placed once per instance (the
// mesh is loaded or generated once).
struct SoftBodyDesc {
  std::string name = "soft body";
  MeshSourceDesc mesh;
  float density = 1000.0f;  // kg/m³
  TetMaterial material;
  std::vector<InstanceDesc> instances{InstanceDesc{}};
  std::optional<PinBoxDesc> pinBox;
  std::optional<glm::vec2> friction;           // μs, μk against colliders and other bodies (else theirs)
  std::optional<HierarchySettings> hierarchy;  // the body's own (else the solver's)
  std::vector<PinDesc> pins;                   // region pins ("pins": box or sphere, optional attach)
  // C_n, C_t, C_l (dimensionless) of its boundary triangles, used with a "wind" (one-sided: docs/wind.md)
  glm::vec3 aero = kClothAerodynamics;
};

// A surface body: a triangle mesh with stretch (distance) constraints on its edges and bending across
// its interior edges, optionally closed under a global volume constraint (pressure).
struct ShellDesc {
  std::string name = "shell";
  MeshSourceDesc mesh;
  float arealDensity = 0.1f;       // kg/m²
  float complianceStretch = 0.0f;  // m/N
  float complianceBend = 1.0f;     // 1/(N·m)
  BendingModel bending = BendingModel::Dihedral;
  bool bend = true;
  std::optional<float> pressure;    // target volume / rest volume; needs a closed mesh
  float pressureCompliance = 0.0f;  // m⁶/J
  std::vector<InstanceDesc> instances{InstanceDesc{}};
  std::optional<PinBoxDesc> pinBox;
  std::optional<glm::vec2> friction;           // μs, μk against colliders and other bodies (else theirs)
  std::optional<HierarchySettings> hierarchy;  // the body's own (else the solver's)
  std::vector<PinDesc> pins;                   // region pins ("pins": box or sphere, optional attach)
  glm::vec3 aero = kClothAerodynamics;         // C_n, C_t, C_l (dimensionless), used with a "wind"
};

// The render camera of the scene file's optional "camera" object (vkxpbd render; docs/scene-format.md).
struct CameraDesc {
  glm::vec3 eye{0.0f};       // m, where the camera is
  glm::vec3 target{0.0f};    // m, the point looked at (drawn at the picture's centre)
  float fovDegrees = 45.0f;  // vertical field of view, degrees
};

struct SceneDesc {
  std::string path;  // file it came from ("<builtin>" for built-in scenes)
  std::string name;
  SolverSettings solver;
  std::vector<ClothDesc> cloths;
  std::vector<SoftBodyDesc> softBodies;
  std::vector<ShellDesc> shells;
  std::vector<Collider> colliders;
  std::vector<float> sdfValues;                   // node values of the signed-distance grid colliders, m
  std::vector<ColliderSurface> colliderSurfaces;  // of the mesh colliders, for drawing
  float thickness = 0.005f;                       // m
  ContactSettings contacts;                // particle–particle contacts ("contacts" key; off when absent)
  std::optional<CameraDesc> camera;        // "camera": the render camera; none: frame the scene's bounds
  std::vector<std::string> colliderNames;  // one per collider ("name", else "collider K")
  std::vector<StitchDesc> stitches;        // "stitches"
  WindSettings wind;                       // "wind": the air (off when absent)
};

// Parses and validates a scene file. Throws SceneError naming the file and field.
SceneDesc loadScene(const std::string& path);
// Same, from JSON text; `path` is only used in error messages.
SceneDesc parseScene(const std::string& jsonText, const std::string& path);

}  // namespace vkxpbd
