// Compiled without warnings (-w, engine/CMakeLists.txt): the stb implementations below are third-party.
// Both are private to this file (STBTT_STATIC, STB_IMAGE_WRITE_STATIC), so they cannot clash with the
// copies in ImGui or render/image.cpp.
#include "plot/glyphs.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <mutex>

#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb/stb_truetype.h>
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace vkxpbd::plot {

namespace {

constexpr const char* kFontPaths[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                      "/usr/share/fonts/dejavu/DejaVuSans.ttf",
                                      "/usr/local/share/fonts/DejaVuSans.ttf"};

struct Font {
  std::string path;
  std::vector<unsigned char> data;
  stbtt_fontinfo info{};
  bool ok = false;
  std::string why;
};

const Font& font() {
  static Font f;
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::string> paths;
    if (const char* env = std::getenv("VKXPBD_PLOT_FONT"))
      paths.push_back(env);
    else
      for (const char* p : kFontPaths) paths.push_back(p);
    for (const std::string& p : paths) {
      std::ifstream in(p, std::ios::binary);
      if (!in) continue;
      f.data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      if (stbtt_InitFont(&f.info, f.data.data(), stbtt_GetFontOffsetForIndex(f.data.data(), 0))) {
        f.ok = true;
        f.path = p;
        return;
      }
    }
    f.why = "no TrueType font for the PNG plots (install fonts-dejavu-core or set VKXPBD_PLOT_FONT)";
  });
  return f;
}

// The code points of a UTF-8 string (malformed bytes become U+FFFD).
std::vector<int> codePoints(const std::string& s) {
  std::vector<int> out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    int cp = 0xFFFD, len = 1;
    if (c < 0x80)
      cp = c;
    else if ((c >> 5) == 6 && i + 1 < s.size())
      cp = ((c & 0x1F) << 6) | (s[i + 1] & 0x3F), len = 2;
    else if ((c >> 4) == 14 && i + 2 < s.size())
      cp = ((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F), len = 3;
    else if ((c >> 3) == 30 && i + 3 < s.size())
      cp = ((c & 0x07) << 18) | ((s[i + 1] & 0x3F) << 12) | ((s[i + 2] & 0x3F) << 6) | (s[i + 3] & 0x3F),
      len = 4;
    out.push_back(cp);
    i += len;
  }
  return out;
}

bool combining(int cp) {
  return cp >= 0x300 && cp < 0x370;
}

}  // namespace

std::optional<std::string> fontPath() {
  if (!font().ok) return std::nullopt;
  return font().path;
}

bool fontAvailable(std::string* why) {
  const Font& f = font();
  if (!f.ok && why) *why = f.why;
  return f.ok;
}

TextBitmap drawText(const std::string& utf8, double pixelSize) {
  const Font& f = font();
  const float scale = stbtt_ScaleForPixelHeight(&f.info, static_cast<float>(pixelSize));
  int ascent = 0, descent = 0, gap = 0;
  stbtt_GetFontVMetrics(&f.info, &ascent, &descent, &gap);
  const std::vector<int> cps = codePoints(utf8);
  // Pen positions: a combining mark sits over the glyph before it, centred on that glyph's advance.
  std::vector<float> penX(cps.size());
  float pen = 0.0f, lastStart = 0.0f, lastAdvance = 0.0f;
  for (size_t i = 0; i < cps.size(); ++i) {
    int advance = 0, lsb = 0;
    stbtt_GetCodepointHMetrics(&f.info, cps[i], &advance, &lsb);
    if (combining(cps[i])) {
      int x0, y0, x1, y1;
      stbtt_GetCodepointBox(&f.info, cps[i], &x0, &y0, &x1, &y1);
      // Centre the mark's box over the previous glyph's advance.
      penX[i] = lastStart + 0.5f * lastAdvance - 0.5f * scale * static_cast<float>(x0 + x1);
      continue;
    }
    if (i > 0) pen += scale * static_cast<float>(stbtt_GetCodepointKernAdvance(&f.info, cps[i - 1], cps[i]));
    penX[i] = pen;
    lastStart = pen;
    lastAdvance = scale * static_cast<float>(advance);
    pen += lastAdvance;
  }
  TextBitmap t;
  t.baseline = static_cast<int>(std::ceil(scale * static_cast<float>(ascent))) + 1;
  t.height = t.baseline + static_cast<int>(std::ceil(-scale * static_cast<float>(descent))) + 2;
  t.width = static_cast<int>(std::ceil(pen)) + 4;
  t.coverage.assign(static_cast<size_t>(t.width) * t.height, 0);
  for (size_t i = 0; i < cps.size(); ++i) {
    int x0, y0, x1, y1;
    const float shift = penX[i] - std::floor(penX[i]);
    stbtt_GetCodepointBitmapBoxSubpixel(&f.info, cps[i], scale, scale, shift, 0.0f, &x0, &y0, &x1, &y1);
    const int gw = x1 - x0, gh = y1 - y0;
    if (gw <= 0 || gh <= 0) continue;
    std::vector<unsigned char> glyph(static_cast<size_t>(gw) * gh);
    stbtt_MakeCodepointBitmapSubpixel(&f.info, glyph.data(), gw, gh, gw, scale, scale, shift, 0.0f, cps[i]);
    const int ox = static_cast<int>(std::floor(penX[i])) + x0 + 1, oy = t.baseline + y0;
    for (int y = 0; y < gh; ++y)
      for (int x = 0; x < gw; ++x) {
        const int tx = ox + x, ty = oy + y;
        if (tx < 0 || ty < 0 || tx >= t.width || ty >= t.height) continue;
        unsigned char& c = t.coverage[static_cast<size_t>(ty) * t.width + tx];
        c = static_cast<unsigned char>(std::min(255, c + glyph[static_cast<size_t>(y) * gw + x]));
      }
  }
  return t;
}

bool writeRgbPng(const std::string& path, int width, int height, const std::vector<uint8_t>& rgb) {
  return stbi_write_png(path.c_str(), width, height, 3, rgb.data(), 3 * width) != 0;
}

}  // namespace vkxpbd::plot
