#version 450
// Ground plane with a procedural grid of draw.eye.w metre cells: anti-aliased lines one pixel wide
// (screen-space derivatives), faded out with distance, the square's edge blended into the background.
#include "render_common.glsl"

layout(location = 0) in vec3 inWorld;
layout(location = 1) in vec2 inPlane;
layout(location = 0) out vec4 outColour;

void main() {
  vec2 cell = inPlane / draw.eye.w;
  vec2 width = max(fwidth(cell), vec2(1e-6));
  vec2 toLine = abs(fract(cell - 0.5) - 0.5) / width;  // pixels to the nearest line, per axis
  float line = 1.0 - min(min(toLine.x, toLine.y), 1.0);
  float dist = length(inWorld - draw.extent.xyz);
  float fade = 1.0 - smoothstep(0.2 * draw.extent.w, 0.6 * draw.extent.w, dist);
  vec3 n = draw.shape.xyz;
  if (dot(draw.eye.xyz, n) < draw.shape.w) n = -n;  // seen from below
  vec3 albedo = mix(vec3(VKXPBD_GROUND_COLOUR), vec3(VKXPBD_GRID_COLOUR), line * fade);
  vec3 lit = shade(albedo, n);
  float edge = smoothstep(0.6 * draw.extent.w, draw.extent.w, dist);
  outColour = vec4(mix(lit, vec3(VKXPBD_CLEAR_COLOUR), edge), 1.0);
}
