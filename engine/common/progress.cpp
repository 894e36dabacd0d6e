#include "common/progress.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace vkxpbd {

namespace {

constexpr double kTerminalRedrawSeconds = 0.1;
constexpr int kBarWidth = 24;  // characters

double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void toStderr(const std::string& text) {
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

// "frames" → "frame" for the rate ("ms/frame").
std::string singular(const std::string& unit) {
  return unit.size() > 1 && unit.back() == 's' ? unit.substr(0, unit.size() - 1) : unit;
}

}  // namespace

ProgressStyle progressStyle(bool quiet) {
  if (quiet) return ProgressStyle::Quiet;
  return isatty(STDERR_FILENO) ? ProgressStyle::Terminal : ProgressStyle::Lines;
}

std::string formatDuration(double seconds) {
  char text[32];
  if (!std::isfinite(seconds) || seconds < 0.0) return "?";
  if (seconds < 59.95) {
    std::snprintf(text, sizeof(text), "%.1f s", seconds);
  } else if (seconds < 3600.0) {
    const long s = std::lround(seconds);
    std::snprintf(text, sizeof(text), "%ldm%02lds", s / 60, s % 60);
  } else {
    const long m = std::lround(seconds / 60.0);
    std::snprintf(text, sizeof(text), "%ldh%02ldm", m / 60, m % 60);
  }
  return text;
}

std::string progressText(const std::string& label, uint64_t done, uint64_t total, const std::string& unit,
                         double elapsedSeconds, int barWidth) {
  std::string text = label;
  if (barWidth > 0) {
    const double share = total > 0 ? std::min(1.0, double(done) / double(total)) : 1.0;
    const int filled = static_cast<int>(std::floor(share * barWidth));
    text += " [";
    text.append(static_cast<size_t>(filled), '#');
    text.append(static_cast<size_t>(barWidth - filled), '-');
    text += "]";
  }
  char part[96];
  std::snprintf(part, sizeof(part), " %llu/%llu %s", static_cast<unsigned long long>(done),
                static_cast<unsigned long long>(total), unit.c_str());
  text += part;
  if (done > 0) {
    const double perUnitMs = 1e3 * elapsedSeconds / double(done);
    std::snprintf(part, sizeof(part), "  %.1f ms/%s", perUnitMs, singular(unit).c_str());
    text += part;
    text += "  ";
    if (done < total) {
      text += formatDuration(1e-3 * perUnitMs * double(total - done));
      text += " left";
    } else {
      text += formatDuration(elapsedSeconds);
      text += " in all";
    }
  }
  return text;
}

Progress::Progress(ProgressStyle style, std::string label, uint64_t total, std::string unit, Clock clock,
                   Sink sink, double lineInterval)
    : style_(style),
      label_(std::move(label)),
      total_(total),
      unit_(std::move(unit)),
      clock_(clock ? std::move(clock) : Clock(steadySeconds)),
      sink_(sink ? std::move(sink) : Sink(toStderr)),
      lineInterval_(lineInterval) {
  start_ = lastShown_ = clock_();
}

Progress::~Progress() {
  if (style_ == ProgressStyle::Terminal && shownBar_ && !finished_) sink_("\r\033[K");
}

void Progress::update(uint64_t done) {
  done_ = std::min(done, total_);
  if (style_ == ProgressStyle::Quiet || finished_) return;
  const double now = clock_();
  if (style_ == ProgressStyle::Terminal) {
    if (shownBar_ && now - lastShown_ < kTerminalRedrawSeconds) return;
    std::string line = "\r";
    line += progressText(label_, done_, total_, unit_, now - start_, kBarWidth);
    line += "\033[K";
    sink_(line);
    shownBar_ = true;
    lastShown_ = now;
  } else if (now - lastShown_ >= lineInterval_ && done_ < total_) {
    sink_(progressText(label_, done_, total_, unit_, now - start_, 0) + "\n");
    lastShown_ = now;
  }
}

void Progress::finish() {
  if (finished_) return;
  finished_ = true;
  if (style_ == ProgressStyle::Terminal && shownBar_) sink_("\r\033[K");
  if (style_ == ProgressStyle::Lines)
    sink_(progressText(label_, done_, total_, unit_, clock_() - start_, 0) + "\n");
}

}  // namespace vkxpbd
