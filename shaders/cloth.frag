#version 450
// Double-sided cloth: the front (counter-clockwise) side and the back side get distinct colours, and
// the normal is flipped towards the viewer on the back side.
#include "render_common.glsl"

layout(location = 0) in vec3 inNormal;
layout(location = 0) out vec4 outColour;

void main() {
  vec3 n = inNormal;
  float len = length(n);
  n = len > 0.0 ? n / len : vec3(0.0, 1.0, 0.0);
  vec3 albedo = gl_FrontFacing ? draw.shape.rgb : vec3(VKXPBD_CLOTH_BACK_COLOUR);
  outColour = vec4(shade(albedo, gl_FrontFacing ? n : -n), 1.0);
}
