#version 450
// Constraint debug views: the colour worked out per constraint by constraint_lines.vert.
layout(location = 0) flat in vec4 inColour;
layout(location = 0) out vec4 outColour;

void main() {
  if (inColour.a == 0.0) discard;
  outColour = inColour;
}
