// Declarations shared by the surface passes (PassLayout::Surface in engine/sim/pass_table.h): their own
// small descriptor set (bindings VKXPBD_SURFACE_BINDING_* from shared/config.h), which shares the
// positions, velocities, parameters and clock with the solver set and adds the surface triangles with
// their per-particle adjacency (sim/surface_triangles.h). Push constants as the solver's passes.
#extension GL_GOOGLE_include_directive : require
#include "shared/position_math.h"
#include "shared/aero_math.h"

layout(local_size_x = VKXPBD_WORKGROUP_SIZE) in;

layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_POSITIONS) restrict buffer Positions { vec4 positions[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_POSITION_LOW) restrict buffer PositionLow { vec4 positionLow[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_VELOCITIES) restrict buffer Velocities { vec4 velocities[]; };
layout(std140, set = 0, binding = VKXPBD_SURFACE_BINDING_PARAMS) uniform Params { SimParams params; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_TRIANGLES) restrict readonly buffer Triangles { uint triangles[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS) restrict readonly buffer TriangleOffsets { uint triangleOffsets[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES) restrict readonly buffer ParticleTriangles { uint particleTriangles[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_CONTROL) restrict buffer Control { GrabConstraint grab; FrameClock clock; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_AERO) restrict readonly buffer Aero { WindField wind; vec4 triangleAero[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_TRIANGLE_FORCE) restrict buffer TriangleForce { vec4 triangleForce[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_DISTANCE) restrict readonly buffer Distance { DistanceConstraint distance[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_LAMBDA) restrict readonly buffer Lambda { float lambda[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_TEAR_BODY) restrict readonly buffer TearBody { uint tearBody[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_TEAR_LIMITS) restrict readonly buffer TearLimits { vec4 tearLimits[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_INTEGRATOR_HISTORY) restrict readonly buffer IntegratorHistory { vec4 integratorHistory[]; };
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_TEAR_BROKEN) restrict buffer TearBroken { uint tearCount; uint tearBroken[]; };

layout(push_constant) uniform Push { PassConstants pc; };

// Linear thread index; dispatches wider than maxComputeWorkGroupCount[0] groups use a second dimension.
uint threadIndex() { return gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x; }
