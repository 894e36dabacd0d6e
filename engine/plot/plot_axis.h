// Axis ranges, ticks and tick labels of the plots (docs/convergence.md): log axes span whole decades,
// with a major tick and a 10ⁿ label per decade (fewer when there are many) and minor ticks at 2…9 × 10ⁿ;
// linear axes run between multiples of a 1, 2 or 5 × 10ⁿ step, with 4 or 5 minor ticks per step.
#pragma once

#include <string>
#include <vector>

namespace vkxpbd::plot {

struct AxisTicks {
  bool log = false;
  double lo = 0.0, hi = 1.0;        // the axis range, in data units (lo < hi; both > 0 on a log axis)
  std::vector<double> major;        // data units, ascending, within [lo, hi]
  std::vector<std::string> labels;  // one per major tick
  std::vector<double> minor;        // data units, ascending, within [lo, hi], not at a major tick
};

// Ticks for data in [minValue, maxValue] (finite; > 0 on a log axis; equal values are widened).
AxisTicks axisTicks(double minValue, double maxValue, bool log);

// Position of v on the axis as a share of its length: 0 at lo, 1 at hi (log10 on a log axis).
double axisShare(const AxisTicks& axis, double v);

// "10⁻³": 10 to an integer power with Unicode superscript digits and minus.
std::string powerOfTen(int exponent);
// v with `decimals` digits after the point, the minus sign as U+2212, never "−0".
std::string decimalLabel(double v, int decimals);

}  // namespace vkxpbd::plot
