// Shading shared by the renderer's fragment shaders: a directional light plus ambient.
#include "shared/render_types.h"

layout(push_constant) uniform Draw {
  DrawConstants draw;
};

// Lambert diffuse with ambient; `n` is a unit normal facing the viewer's side.
vec3 shade(vec3 albedo, vec3 n) {
  float ambient = draw.light.w;
  float diffuse = max(dot(n, draw.light.xyz), 0.0);
  return albedo * (ambient + (1.0 - ambient) * diffuse);
}
