#version 450
// Bench only (engine/gpu/bandwidth.cpp): a plain copy of `count` vec4 from binding 0 to binding 1, a
// grid-stride loop so any size fits one dispatch. Its bytes per second are the device's memory
// bandwidth that the solver passes' effective bandwidth is compared with (docs/benchmarks.md).
layout(local_size_x = 256) in;

layout(std430, set = 0, binding = 0) readonly buffer Source {
  vec4 source[];
};
layout(std430, set = 0, binding = 1) writeonly buffer Destination {
  vec4 destination[];
};

layout(push_constant) uniform Push {
  uint count;   // vec4 elements to copy
  uint stride;  // threads in the dispatch
};

void main() {
  for (uint i = gl_GlobalInvocationID.x; i < count; i += stride) destination[i] = source[i];
}
