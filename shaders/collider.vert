#version 450
// A collider's surface, built in its own frame with its dimensions (engine/render/collider_mesh.h),
// moved to the collider's pose at the drawn time: draw.shape.xyz the centre (m), draw.extent the
// orientation (unit quaternion x, y, z, w).
#include "shared/collider_math.h"
#include "shared/render_types.h"

layout(location = 0) in vec4 inPosition;
layout(location = 1) in vec4 inNormal;

layout(location = 0) out vec3 outNormal;

layout(push_constant) uniform Draw {
  DrawConstants draw;
};

void main() {
  outNormal = quatRotate(draw.extent, inNormal.xyz);
  gl_Position = draw.viewProj * vec4(draw.shape.xyz + quatRotate(draw.extent, inPosition.xyz), 1.0);
}
