#version 450
#include "render_common.glsl"

layout(location = 0) in vec3 inNormal;
layout(location = 0) out vec4 outColour;

void main() {
  outColour = vec4(shade(vec3(VKXPBD_SPHERE_COLOUR), normalize(inNormal)), 1.0);
}
