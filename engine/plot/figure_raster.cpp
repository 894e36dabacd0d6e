#include "plot/figure_raster.h"

#include <algorithm>
#include <cmath>

#include "plot/glyphs.h"

namespace vkxpbd::plot {

namespace {

// Coverage (0..1) of one item over a box of the canvas, composited once so that the joints of a
// polyline are not blended twice.
struct Coverage {
  int x0 = 0, y0 = 0, w = 0, h = 0;
  std::vector<float> c;
  Coverage(int canvasW, int canvasH, double minX, double minY, double maxX, double maxY) {
    x0 = std::clamp(static_cast<int>(std::floor(minX)), 0, canvasW);
    y0 = std::clamp(static_cast<int>(std::floor(minY)), 0, canvasH);
    w = std::clamp(static_cast<int>(std::ceil(maxX)) + 1, 0, canvasW) - x0;
    h = std::clamp(static_cast<int>(std::ceil(maxY)) + 1, 0, canvasH) - y0;
    c.assign(static_cast<size_t>(std::max(w, 0)) * std::max(h, 0), 0.0f);
  }
  float& at(int x, int y) { return c[static_cast<size_t>(y - y0) * w + (x - x0)]; }
};

void composite(RgbImage& img, Coverage& cov, Colour colour) {
  const float rgb[3] = {float(colour.r), float(colour.g), float(colour.b)};
  for (int y = cov.y0; y < cov.y0 + cov.h; ++y)
    for (int x = cov.x0; x < cov.x0 + cov.w; ++x) {
      const float a = std::min(1.0f, cov.at(x, y));
      if (a <= 0.0f) continue;
      uint8_t* p = &img.rgb[3 * (static_cast<size_t>(y) * img.width + x)];
      for (int k = 0; k < 3; ++k) p[k] = static_cast<uint8_t>(std::lround(p[k] + a * (rgb[k] - p[k])));
    }
}

// A segment of width `width` (px): coverage by the distance of each pixel centre to it.
void strokeSegment(Coverage& cov, Point a, Point b, double width) {
  const double r = 0.5 * width;
  const int xa = std::max(cov.x0, static_cast<int>(std::floor(std::min(a.x, b.x) - r - 1)));
  const int xb = std::min(cov.x0 + cov.w - 1, static_cast<int>(std::ceil(std::max(a.x, b.x) + r + 1)));
  const int ya = std::max(cov.y0, static_cast<int>(std::floor(std::min(a.y, b.y) - r - 1)));
  const int yb = std::min(cov.y0 + cov.h - 1, static_cast<int>(std::ceil(std::max(a.y, b.y) + r + 1)));
  const double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
  for (int y = ya; y <= yb; ++y)
    for (int x = xa; x <= xb; ++x) {
      const double cx = x + 0.5, cy = y + 0.5;
      const double t = len2 > 0.0 ? std::clamp(((cx - a.x) * dx + (cy - a.y) * dy) / len2, 0.0, 1.0) : 0.0;
      const double d = std::hypot(cx - (a.x + t * dx), cy - (a.y + t * dy));
      // Lines thinner than a pixel fade instead of thinning.
      const double c = std::clamp(std::max(r, 0.5) + 0.5 - d, 0.0, 1.0) * std::min(1.0, width);
      float& v = cov.at(x, y);
      v = std::max(v, static_cast<float>(c));
    }
}

// The pieces of a polyline that its dash pattern draws.
std::vector<std::pair<Point, Point>> dashedPieces(const std::vector<Point>& pts,
                                                  const std::vector<double>& dash) {
  std::vector<std::pair<Point, Point>> pieces;
  size_t phase = 0;
  double left = dash.empty() ? 0.0 : dash[0];
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    Point a = pts[i];
    const Point b = pts[i + 1];
    double len = std::hypot(b.x - a.x, b.y - a.y);
    if (dash.empty()) {
      pieces.push_back({a, b});
      continue;
    }
    while (len > 0.0) {
      const double step = std::min(left, len);
      const double t = step / len;
      const Point m{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
      if (phase % 2 == 0) pieces.push_back({a, m});
      a = m;
      len -= step;
      left -= step;
      if (left <= 1e-9) {
        phase = (phase + 1) % dash.size();
        left = dash[phase];
      }
    }
  }
  return pieces;
}

bool inside(const std::vector<Point>& poly, double x, double y) {
  bool in = false;
  for (size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++)
    if ((poly[i].y > y) != (poly[j].y > y) &&
        x < (poly[j].x - poly[i].x) * (y - poly[i].y) / (poly[j].y - poly[i].y) + poly[i].x)
      in = !in;
  return in;
}

void drawPolyline(RgbImage& img, const Polyline& line, double s) {
  if (line.points.empty()) return;
  std::vector<Point> pts;
  double minX = 1e30, minY = 1e30, maxX = -1e30, maxY = -1e30;
  for (const Point& p : line.points) {
    pts.push_back({p.x * s, p.y * s});
    minX = std::min(minX, pts.back().x), maxX = std::max(maxX, pts.back().x);
    minY = std::min(minY, pts.back().y), maxY = std::max(maxY, pts.back().y);
  }
  const double pad = line.width * s + 2.0;
  if (line.fill && pts.size() >= 3) {
    Coverage fill(img.width, img.height, minX - 1, minY - 1, maxX + 1, maxY + 1);
    for (int y = fill.y0; y < fill.y0 + fill.h; ++y)
      for (int x = fill.x0; x < fill.x0 + fill.w; ++x) {
        int hits = 0;
        for (int sy = 0; sy < 4; ++sy)
          for (int sx = 0; sx < 4; ++sx) hits += inside(pts, x + (sx + 0.5) / 4.0, y + (sy + 0.5) / 4.0);
        fill.at(x, y) = static_cast<float>(hits) / 16.0f;
      }
    composite(img, fill, *line.fill);
  }
  if (line.closed) pts.push_back(pts.front());
  std::vector<double> dash = line.dash;
  for (double& d : dash) d *= s;
  Coverage cov(img.width, img.height, minX - pad, minY - pad, maxX + pad, maxY + pad);
  for (const auto& [a, b] : dashedPieces(pts, dash)) strokeSegment(cov, a, b, line.width * s);
  composite(img, cov, line.colour);
}

void drawText(RgbImage& img, const Text& text, double s) {
  if (text.text.empty() || !fontAvailable(nullptr)) return;
  const TextBitmap t = plot::drawText(text.text, text.size * s);
  const double shift = text.anchor == Anchor::Start    ? 0.0
                       : text.anchor == Anchor::Middle ? -0.5 * t.width
                                                       : -t.width;
  const double ax = text.at.x * s, ay = text.at.y * s;
  Coverage cov(img.width, img.height, 0, 0, img.width - 1, img.height - 1);
  for (int by = 0; by < t.height; ++by)
    for (int bx = 0; bx < t.width; ++bx) {
      const uint8_t c = t.coverage[static_cast<size_t>(by) * t.width + bx];
      if (c == 0) continue;
      const double u = shift + bx, v = by - t.baseline;  // along and below the baseline, unrotated
      const int x = static_cast<int>(std::lround(text.vertical ? ax + v : ax + u));
      const int y = static_cast<int>(std::lround(text.vertical ? ay - u : ay + v));
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      cov.at(x, y) = static_cast<float>(c) / 255.0f;
    }
  composite(img, cov, text.colour);
}

}  // namespace

RgbImage rasterise(const Figure& figure, int scale) {
  RgbImage img;
  img.width = figure.width * scale;
  img.height = figure.height * scale;
  img.rgb.assign(static_cast<size_t>(img.width) * img.height * 3, 255);
  for (const Item& item : figure.items) {
    if (const Polyline* p = std::get_if<Polyline>(&item)) drawPolyline(img, *p, scale);
    if (const Text* t = std::get_if<Text>(&item)) drawText(img, *t, scale);
  }
  return img;
}

}  // namespace vkxpbd::plot
