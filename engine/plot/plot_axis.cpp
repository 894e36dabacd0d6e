#include "plot/plot_axis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vkxpbd::plot {

namespace {

constexpr int kMaxLabels = 8;  // major ticks on a log axis before decades are skipped

AxisTicks logTicks(double minValue, double maxValue) {
  AxisTicks a;
  a.log = true;
  int first = static_cast<int>(std::floor(std::log10(minValue) + 1e-9));
  int last = static_cast<int>(std::ceil(std::log10(maxValue) - 1e-9));
  if (last <= first) last = first + 1;
  a.lo = std::pow(10.0, first);
  a.hi = std::pow(10.0, last);
  const int step = (last - first + kMaxLabels - 1) / kMaxLabels;  // decades per major tick
  for (int d = first; d <= last; ++d) {
    const double decade = std::pow(10.0, d);
    if ((d - first) % step == 0) {
      a.major.push_back(decade);
      a.labels.push_back(powerOfTen(d));
    } else {
      a.minor.push_back(decade);
    }
    if (step == 1 && d < last)
      for (int m = 2; m <= 9; ++m) a.minor.push_back(m * decade);
  }
  std::sort(a.minor.begin(), a.minor.end());
  return a;
}

AxisTicks linearTicks(double minValue, double maxValue) {
  AxisTicks a;
  if (maxValue - minValue <= 1e-12 * std::max(1.0, std::fabs(maxValue))) {
    const double pad = minValue == 0.0 ? 1.0 : 0.1 * std::fabs(minValue);
    minValue -= pad;
    maxValue += pad;
  }
  const double raw = (maxValue - minValue) / 5.0;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double mantissa = 10.0;
  for (double m : {1.0, 2.0, 5.0})
    if (raw <= m * magnitude * (1.0 + 1e-9)) {
      mantissa = m;
      break;
    }
  const double step = mantissa * magnitude;
  const int minorPerStep = mantissa == 2.0 ? 4 : 5;
  const double first = std::floor(minValue / step + 1e-9), last = std::ceil(maxValue / step - 1e-9);
  a.lo = first * step;
  a.hi = last * step;
  const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
  for (double k = first; k <= last + 0.5; k += 1.0) {
    a.major.push_back(k * step);
    a.labels.push_back(decimalLabel(k * step, decimals));
    if (k < last - 0.5)
      for (int m = 1; m < minorPerStep; ++m) a.minor.push_back((k + double(m) / minorPerStep) * step);
  }
  return a;
}

}  // namespace

AxisTicks axisTicks(double minValue, double maxValue, bool log) {
  if (minValue > maxValue) std::swap(minValue, maxValue);
  return log ? logTicks(minValue, maxValue) : linearTicks(minValue, maxValue);
}

double axisShare(const AxisTicks& axis, double v) {
  if (axis.log) return (std::log10(v) - std::log10(axis.lo)) / (std::log10(axis.hi) - std::log10(axis.lo));
  return (v - axis.lo) / (axis.hi - axis.lo);
}

std::string powerOfTen(int exponent) {
  static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string text = "10";
  if (exponent < 0) text += "⁻";
  const std::string digits = std::to_string(std::abs(exponent));
  for (char c : digits) text += kDigits[c - '0'];
  return text;
}

std::string decimalLabel(double v, int decimals) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.*f", decimals, std::fabs(v));
  const bool zero = std::string(text).find_first_not_of("0.") == std::string::npos;
  return (v < 0.0 && !zero ? "−" : "") + std::string(text);
}

}  // namespace vkxpbd::plot
