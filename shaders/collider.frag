#version 450
// Colliders (spheres, capsules, boxes, mesh colliders), lit from their outward normals.
#include "render_common.glsl"

layout(location = 0) in vec3 inNormal;
layout(location = 0) out vec4 outColour;

void main() {
  outColour = vec4(shade(vec3(VKXPBD_COLLIDER_COLOUR), normalize(inNormal)), 1.0);
}
