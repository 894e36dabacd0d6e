#version 450
// Pass "normals": one thread per particle. Sums the (area-weighted) normals of the triangles around
// the particle in the fixed order of the CPU-built adjacency list, so the result is deterministic
// (no atomics), and normalises. Particles on no triangle get a zero normal.
#include "shared/render_types.h"

layout(local_size_x = VKXPBD_NORMALS_WORKGROUP_SIZE) in;

layout(std430, set = 0, binding = VKXPBD_NORMALS_BINDING_POSITIONS) readonly buffer Positions {
  vec4 positions[];
};
layout(std430, set = 0, binding = VKXPBD_NORMALS_BINDING_INDICES) readonly buffer Indices {
  uint indices[];
};
layout(std430, set = 0, binding = VKXPBD_NORMALS_BINDING_OFFSETS) readonly buffer Offsets {
  uint offsets[];
};
layout(std430, set = 0, binding = VKXPBD_NORMALS_BINDING_ADJACENCY) readonly buffer Adjacency {
  uint adjacency[];
};
layout(std430, set = 0, binding = VKXPBD_NORMALS_BINDING_NORMALS) writeonly buffer Normals {
  vec4 normals[];
};

layout(push_constant) uniform Push {
  NormalsConstants pc;
};

void main() {
  uint v = gl_GlobalInvocationID.x;
  if (v >= pc.vertexCount) return;
  vec3 sum = vec3(0.0);
  for (uint k = offsets[v]; k < offsets[v + 1u]; ++k) {
    uint t = 3u * adjacency[k];
    vec3 a = positions[indices[t]].xyz;
    vec3 b = positions[indices[t + 1u]].xyz;
    vec3 c = positions[indices[t + 2u]].xyz;
    sum += cross(b - a, c - a);  // twice the triangle's area along its normal
  }
  float len = length(sum);
  normals[v] = vec4(len > 0.0 ? sum / len : vec3(0.0), 0.0);
}
