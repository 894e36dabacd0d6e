#include "lab/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace vkxpbd::lab {

namespace {

// Distinguishable colours, cycled over the series.
const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2f", v);
  return buf;
}

// Tick label: 1e-4 style for log axes, plain for linear ones.
std::string tickLabel(double v, bool log) {
  char buf[32];
  if (log)
    std::snprintf(buf, sizeof(buf), "1e%d", static_cast<int>(std::lround(v)));
  else
    std::snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

struct Axis {
  bool log = false;
  double lo = 0.0, hi = 1.0;  // in axis units (log10 of the value on a log axis)

  bool accepts(double v) const { return std::isfinite(v) && (!log || v > 0.0); }
  double map(double v) const { return log ? std::log10(v) : v; }

  // Range over the accepted values; log axes snap to whole decades.
  void fit(const std::vector<double>& values) {
    double mn = std::numeric_limits<double>::infinity(), mx = -mn;
    for (double v : values)
      if (accepts(v)) {
        mn = std::min(mn, map(v));
        mx = std::max(mx, map(v));
      }
    if (!std::isfinite(mn)) mn = 0.0, mx = 1.0;
    if (log) {
      mn = std::floor(mn);
      mx = std::ceil(mx);
    }
    if (mx - mn < 1e-12) mx = mn + 1.0;
    lo = mn;
    hi = mx;
  }

  // Tick positions in axis units.
  std::vector<double> ticks() const {
    std::vector<double> t;
    if (log) {
      const int decades = static_cast<int>(std::lround(hi - lo));
      const int step = std::max(1, decades / 8);
      for (int d = static_cast<int>(std::lround(lo)); d <= static_cast<int>(std::lround(hi)); d += step)
        t.push_back(d);
      return t;
    }
    const double raw = (hi - lo) / 6.0;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : {1.0, 2.0, 5.0, 10.0})
      if (raw <= m * mag) {
        step = m * mag;
        break;
      }
    for (double v = std::ceil(lo / step) * step; v <= hi + 1e-9 * step; v += step) t.push_back(v);
    return t;
  }
};

}  // namespace

std::string svgLinePlot(const std::vector<PlotSeries>& series, const PlotOptions& o) {
  const double left = 80, right = 190, top = 40, bottom = 60;
  const double plotW = o.width - left - right, plotH = o.height - top - bottom;
  Axis ax{o.logX}, ay{o.logY};
  std::vector<double> xs, ys;
  for (const PlotSeries& s : series) {
    xs.insert(xs.end(), s.x.begin(), s.x.end());
    ys.insert(ys.end(), s.y.begin(), s.y.end());
  }
  ax.fit(xs);
  ay.fit(ys);
  auto px = [&](double v) { return left + (ax.map(v) - ax.lo) / (ax.hi - ax.lo) * plotW; };
  auto py = [&](double v) { return top + plotH - (ay.map(v) - ay.lo) / (ay.hi - ay.lo) * plotH; };

  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << o.width << "\" height=\"" << o.height
      << "\" viewBox=\"0 0 " << o.width << ' ' << o.height
      << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg << "<text x=\"" << number(left + plotW / 2) << "\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">"
      << escape(o.title) << "</text>\n";
  // Grid, ticks and tick labels.
  for (double t : ax.ticks()) {
    const double x = left + (t - ax.lo) / (ax.hi - ax.lo) * plotW;
    svg << "<line x1=\"" << number(x) << "\" y1=\"" << number(top) << "\" x2=\"" << number(x) << "\" y2=\""
        << number(top + plotH + 5) << "\" stroke=\"#ddd\"/>\n";
    svg << "<text x=\"" << number(x) << "\" y=\"" << number(top + plotH + 18) << "\" text-anchor=\"middle\">"
        << tickLabel(t, ax.log) << "</text>\n";
  }
  for (double t : ay.ticks()) {
    const double y = top + plotH - (t - ay.lo) / (ay.hi - ay.lo) * plotH;
    svg << "<line x1=\"" << number(left - 5) << "\" y1=\"" << number(y) << "\" x2=\"" << number(left + plotW)
        << "\" y2=\"" << number(y) << "\" stroke=\"#ddd\"/>\n";
    svg << "<text x=\"" << number(left - 8) << "\" y=\"" << number(y + 4) << "\" text-anchor=\"end\">"
        << tickLabel(t, ay.log) << "</text>\n";
  }
  // Axes and labels.
  svg << "<rect x=\"" << number(left) << "\" y=\"" << number(top) << "\" width=\"" << number(plotW)
      << "\" height=\"" << number(plotH) << "\" fill=\"none\" stroke=\"black\"/>\n";
  svg << "<text x=\"" << number(left + plotW / 2) << "\" y=\"" << number(o.height - 15)
      << "\" text-anchor=\"middle\">" << escape(o.xLabel) << "</text>\n";
  svg << "<text transform=\"translate(18," << number(top + plotH / 2)
      << ") rotate(-90)\" text-anchor=\"middle\">" << escape(o.yLabel) << "</text>\n";
  // One polyline per series, then the legend.
  for (size_t i = 0; i < series.size(); ++i) {
    const PlotSeries& s = series[i];
    const char* colour = kColours[i % (sizeof(kColours) / sizeof(kColours[0]))];
    svg << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"1.8\" points=\"";
    for (size_t k = 0; k < std::min(s.x.size(), s.y.size()); ++k)
      if (ax.accepts(s.x[k]) && ay.accepts(s.y[k]))
        svg << number(px(s.x[k])) << ',' << number(py(s.y[k])) << ' ';
    svg << "\"/>\n";
    const double ly = top + 10 + 18.0 * static_cast<double>(i);
    svg << "<line x1=\"" << number(left + plotW + 12) << "\" y1=\"" << number(ly) << "\" x2=\""
        << number(left + plotW + 36) << "\" y2=\"" << number(ly) << "\" stroke=\"" << colour
        << "\" stroke-width=\"2\"/>\n";
    svg << "<text x=\"" << number(left + plotW + 42) << "\" y=\"" << number(ly + 4) << "\">" << escape(s.name)
        << "</text>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace vkxpbd::lab
