#version 450
// A square on the plane n·x = offset (draw.shape), centred at draw.extent.xyz with half size
// draw.extent.w, generated from gl_VertexIndex (6 vertices, two triangles, no vertex buffer).
#include "shared/render_types.h"

layout(location = 0) out vec3 outWorld;    // m
layout(location = 1) out vec2 outPlane;    // m, coordinates along the plane's two tangents

layout(push_constant) uniform Draw {
  DrawConstants draw;
};

const vec2 kCorners[6] = vec2[](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 1.0),
                                vec2(-1.0, -1.0), vec2(1.0, 1.0), vec2(-1.0, 1.0));

void main() {
  vec3 n = draw.shape.xyz;
  vec3 helper = abs(n.x) < 0.9 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 0.0, 1.0);
  vec3 t1 = normalize(cross(helper, n));
  vec3 t2 = cross(n, t1);
  vec2 c = kCorners[gl_VertexIndex];
  vec3 world = draw.extent.xyz + draw.extent.w * (c.x * t1 + c.y * t2);
  outWorld = world;
  outPlane = vec2(dot(world, t1), dot(world, t2));
  gl_Position = draw.viewProj * vec4(world, 1.0);
}
