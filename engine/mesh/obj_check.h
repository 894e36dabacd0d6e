// A strict pass over OBJ text before the OBJ library reads it: the library reads an unparsable number
// ("nan", "1x", "1e999") as 0 and drops a polygon with an out-of-range index without a word, so every
// vertex and face is checked here first, naming the file, the line and the element.
#pragma once

#include <string>

namespace vkxpbd {

// Throws SceneError "PATH:LINE: ..." for: a vertex ('v') without 3 finite numbers that fit a 32-bit float
// (optionally w, or an RGB colour), a face ('f') with fewer than 3 vertices or an index that is not an
// integer or refers to no vertex (1-based, or negative = relative to the last vertex read), and statements
// other than v, vt, vn, f, o, g, s, usemtl and mtllib (points, lines, free-form geometry would be dropped).
void checkObjText(const std::string& text, const std::string& path);

}  // namespace vkxpbd
