#version 450
// Cloth vertices straight from the solver's position buffer (binding 0, vec4: xyz m, w 1/kg) and the
// normals pass's output (binding 1).
#include "shared/render_types.h"

layout(location = 0) in vec4 inPosition;
layout(location = 1) in vec4 inNormal;

layout(location = 0) out vec3 outNormal;

layout(push_constant) uniform Draw {
  DrawConstants draw;
};

void main() {
  outNormal = inNormal.xyz;
  gl_Position = draw.viewProj * vec4(inPosition.xyz, 1.0);
}
