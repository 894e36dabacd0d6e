#include "plot/line_plot.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "plot/plot_axis.h"

namespace vkxpbd::plot {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kFont = 12.0;         // px, tick labels and legend
constexpr double kTitleFont = 14.0;    // px
constexpr double kMarkerRadius = 4.0;  // px
constexpr size_t kMaxMarkers = 16;     // per series; longer series put a marker on every n-th point
constexpr Colour kBlack{0, 0, 0};
constexpr Colour kGrid{222, 222, 222};
constexpr Colour kWhite{255, 255, 255};

// Okabe & Ito's colour-blind-safe palette (yellow left out: too pale on white).
constexpr Colour kColours[] = {{0, 114, 178}, {213, 94, 0},   {0, 158, 115}, {204, 121, 167},
                               {230, 159, 0}, {86, 180, 233}, {0, 0, 0}};
const std::vector<double> kDashes[] = {{},    {7, 3}, {2, 2.5}, {9, 3, 2, 3}, {4, 4}, {12, 3, 2, 3, 2, 3},
                                       {1, 3}};
constexpr int kMarkerShapes = 7;

// Rough width of a UTF-8 text in DejaVu Sans: 0.6 em per character (combining marks take none).
double textWidth(const std::string& text, double size) {
  size_t glyphs = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) == 0x80) continue;  // continuation byte
    const bool combining = c == 0xCC || (c == 0xCD && i + 1 < text.size() &&
                                         static_cast<unsigned char>(text[i + 1]) < 0xB0);  // U+0300–U+036F
    if (!combining) ++glyphs;
  }
  return 0.6 * size * static_cast<double>(glyphs);
}

Polyline segment(Point a, Point b, Colour colour, double width) {
  return Polyline{{a, b}, colour, width, {}, false, {}};
}

// Marker `shape` centred at p: a white-filled outline (or two strokes for + and ×) in `colour`.
std::vector<Polyline> marker(int shape, Point p, Colour colour) {
  const double r = kMarkerRadius;
  auto polygon = [&](int corners, double radius, double turn) {
    Polyline poly{{}, colour, 1.3, {}, true, kWhite};
    for (int k = 0; k < corners; ++k) {
      const double a = turn + 2.0 * kPi * k / corners;
      poly.points.push_back({p.x + radius * std::sin(a), p.y - radius * std::cos(a)});
    }
    return std::vector<Polyline>{poly};
  };
  switch (shape % kMarkerShapes) {
    case 0:
      return polygon(20, r, 0.0);  // circle
    case 1:
      return polygon(4, r * 1.25, kPi / 4);  // square
    case 2:
      return polygon(3, r * 1.3, 0.0);  // triangle up
    case 3:
      return polygon(4, r * 1.3, 0.0);  // diamond
    case 4:
      return polygon(3, r * 1.3, kPi);  // triangle down
    case 5:
      return {segment({p.x - r, p.y - r}, {p.x + r, p.y + r}, colour, 1.6),
              segment({p.x - r, p.y + r}, {p.x + r, p.y - r}, colour, 1.6)};  // ×
    default:
      return {segment({p.x - r * 1.2, p.y}, {p.x + r * 1.2, p.y}, colour, 1.6),
              segment({p.x, p.y - r * 1.2}, {p.x, p.y + r * 1.2}, colour, 1.6)};  // +
  }
}

Text text(Point at, std::string s, double size, Anchor anchor, bool vertical = false) {
  return Text{at, std::move(s), size, anchor, vertical, kBlack};
}

}  // namespace

SeriesStyle seriesStyle(size_t index) {
  constexpr size_t colours = sizeof(kColours) / sizeof(kColours[0]);
  constexpr size_t dashes = sizeof(kDashes) / sizeof(kDashes[0]);
  return {kColours[index % colours], kDashes[index % dashes], static_cast<int>(index % kMarkerShapes)};
}

Figure linePlot(const std::vector<Series>& series, const PlotOptions& o) {
  // The data range over the points each axis accepts.
  auto accepted = [](double v, bool log) { return std::isfinite(v) && (!log || v > 0.0); };
  double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
  for (const Series& s : series)
    for (size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k)
      if (accepted(s.x[k], o.logX) && accepted(s.y[k], o.logY)) {
        x0 = std::min(x0, s.x[k]), x1 = std::max(x1, s.x[k]);
        y0 = std::min(y0, s.y[k]), y1 = std::max(y1, s.y[k]);
      }
  if (!std::isfinite(x0)) x0 = 1.0, x1 = 10.0, y0 = 1.0, y1 = 10.0;  // no data: an empty frame
  const AxisTicks ax = axisTicks(x0, x1, o.logX), ay = axisTicks(y0, y1, o.logY);

  // Frame: left margin for the y labels, the legend outside on the right.
  double legendText = 0.0;
  for (const Series& s : series) legendText = std::max(legendText, textWidth(s.name, kFont));
  double yLabelWidth = 0.0;
  for (const std::string& l : ay.labels) yLabelWidth = std::max(yLabelWidth, textWidth(l, kFont));
  const double left = 30.0 + yLabelWidth + 12.0, top = 40.0, bottom = 52.0;
  const double legendWidth = 52.0 + legendText + 10.0;
  const double right = legendWidth + 24.0;
  Figure f;
  f.width = std::max(o.width, static_cast<int>(std::ceil(left + 320.0 + right)));
  f.height = o.height;
  const double w = f.width - left - right, h = f.height - top - bottom;
  auto px = [&](double v) { return left + axisShare(ax, v) * w; };
  auto py = [&](double v) { return top + h - axisShare(ay, v) * h; };

  // Grid at the major ticks, then the ticks (major 6 px, minor 3 px, inside the frame) and labels.
  for (double v : ax.major) f.items.push_back(segment({px(v), top}, {px(v), top + h}, kGrid, 1.0));
  for (double v : ay.major) f.items.push_back(segment({left, py(v)}, {left + w, py(v)}, kGrid, 1.0));
  for (size_t i = 0; i < ax.major.size(); ++i) {
    const double x = px(ax.major[i]);
    f.items.push_back(segment({x, top + h}, {x, top + h - 6}, kBlack, 1.0));
    f.items.push_back(segment({x, top}, {x, top + 6}, kBlack, 1.0));
    f.items.push_back(text({x, top + h + 17}, ax.labels[i], kFont, Anchor::Middle));
  }
  for (double v : ax.minor) {
    f.items.push_back(segment({px(v), top + h}, {px(v), top + h - 3}, kBlack, 0.8));
    f.items.push_back(segment({px(v), top}, {px(v), top + 3}, kBlack, 0.8));
  }
  for (size_t i = 0; i < ay.major.size(); ++i) {
    const double y = py(ay.major[i]);
    f.items.push_back(segment({left, y}, {left + 6, y}, kBlack, 1.0));
    f.items.push_back(segment({left + w, y}, {left + w - 6, y}, kBlack, 1.0));
    f.items.push_back(text({left - 7, y + 4}, ay.labels[i], kFont, Anchor::End));
  }
  for (double v : ay.minor) {
    f.items.push_back(segment({left, py(v)}, {left + 3, py(v)}, kBlack, 0.8));
    f.items.push_back(segment({left + w, py(v)}, {left + w - 3, py(v)}, kBlack, 0.8));
  }

  // Series: the line, then its markers (every n-th point, shifted per series so that identical
  // series put theirs on different points).
  for (size_t i = 0; i < series.size(); ++i) {
    const Series& s = series[i];
    const SeriesStyle style = seriesStyle(i);
    Polyline line{{}, style.colour, 1.6, style.dash, false, {}, "series"};
    for (size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k)
      if (accepted(s.x[k], o.logX) && accepted(s.y[k], o.logY))
        line.points.push_back({px(s.x[k]), py(s.y[k])});
    const size_t every = (line.points.size() + kMaxMarkers - 1) / kMaxMarkers;
    f.items.push_back(line);
    for (size_t k = every > 1 ? i % every : 0; k < line.points.size(); k += std::max<size_t>(every, 1))
      for (Polyline& m : marker(style.marker, line.points[k], style.colour)) f.items.push_back(std::move(m));
  }

  // Frame, axis labels, title.
  f.items.push_back(Polyline{
      {{left, top}, {left + w, top}, {left + w, top + h}, {left, top + h}}, kBlack, 1.0, {}, true, {}});
  f.items.push_back(text({left + w / 2, f.height - 12.0}, o.xLabel, kFont + 1, Anchor::Middle));
  f.items.push_back(text({18.0, top + h / 2}, o.yLabel, kFont + 1, Anchor::Middle, true));
  f.items.push_back(text({left + w / 2, 24.0}, o.title, kTitleFont, Anchor::Middle));

  // Legend: outside the frame, a framed box of sample line + marker + name per series.
  const double lx = left + w + 16.0, ly = top;
  const double lh = 10.0 + 20.0 * static_cast<double>(series.size());
  f.items.push_back(Polyline{{{lx, ly}, {lx + legendWidth, ly}, {lx + legendWidth, ly + lh}, {lx, ly + lh}},
                             {160, 160, 160},
                             1.0,
                             {},
                             true,
                             kWhite});
  for (size_t i = 0; i < series.size(); ++i) {
    const SeriesStyle style = seriesStyle(i);
    const double y = ly + 15.0 + 20.0 * static_cast<double>(i);
    f.items.push_back(Polyline{{{lx + 8, y}, {lx + 44, y}}, style.colour, 1.6, style.dash, false, {}});
    for (Polyline& m : marker(style.marker, {lx + 26, y}, style.colour)) f.items.push_back(std::move(m));
    f.items.push_back(text({lx + 52, y + 4}, series[i].name, kFont, Anchor::Start));
  }
  return f;
}

}  // namespace vkxpbd::plot
