#version 450
// A unit UV sphere (position = normal) placed at draw.shape (xyz centre m, w radius m).
#include "shared/render_types.h"

layout(location = 0) in vec4 inUnit;

layout(location = 0) out vec3 outNormal;

layout(push_constant) uniform Draw {
  DrawConstants draw;
};

void main() {
  outNormal = inUnit.xyz;
  gl_Position = draw.viewProj * vec4(draw.shape.xyz + draw.shape.w * inUnit.xyz, 1.0);
}
