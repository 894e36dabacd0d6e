#include "plot/figure_svg.h"

#include <cstdio>
#include <sstream>

namespace vkxpbd::plot {

namespace {

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

std::string colour(Colour c) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

void writePolyline(std::ostringstream& svg, const Polyline& p) {
  svg << (p.closed ? "<polygon" : "<polyline");
  if (!p.role.empty()) svg << " class=\"" << escape(p.role) << '"';
  svg << " points=\"";
  for (const Point& q : p.points) svg << number(q.x) << ',' << number(q.y) << ' ';
  svg << "\" fill=\"" << (p.fill ? colour(*p.fill) : std::string("none")) << "\" stroke=\""
      << colour(p.colour) << "\" stroke-width=\"" << number(p.width) << "\" stroke-linejoin=\"round\"";
  if (!p.dash.empty()) {
    svg << " stroke-dasharray=\"";
    for (size_t i = 0; i < p.dash.size(); ++i) svg << (i ? "," : "") << number(p.dash[i]);
    svg << '"';
  }
  svg << "/>\n";
}

void writeText(std::ostringstream& svg, const Text& t) {
  static const char* const kAnchors[] = {"start", "middle", "end"};
  svg << "<text x=\"" << number(t.at.x) << "\" y=\"" << number(t.at.y) << "\" font-size=\"" << number(t.size)
      << "\" text-anchor=\"" << kAnchors[static_cast<int>(t.anchor)] << "\" fill=\"" << colour(t.colour)
      << '"';
  if (t.vertical) svg << " transform=\"rotate(-90 " << number(t.at.x) << ' ' << number(t.at.y) << ")\"";
  svg << '>' << escape(t.text) << "</text>\n";
}

}  // namespace

std::string svgDocument(const Figure& f) {
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << f.width << "\" height=\"" << f.height
      << "\" viewBox=\"0 0 " << f.width << ' ' << f.height
      << "\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n";
  svg << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (const Item& item : f.items) {
    if (const Polyline* p = std::get_if<Polyline>(&item)) writePolyline(svg, *p);
    if (const Text* t = std::get_if<Text>(&item)) writeText(svg, *t);
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace vkxpbd::plot
