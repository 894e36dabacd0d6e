// Progress of a long command (run, render, bench, converge, stiffness) on stderr: on a terminal a bar
// redrawn in place (units done of total, ms per unit, time left) that is cleared when the work ends; when
// stderr is not a terminal a line every few seconds and one when the work ends; nothing with --quiet.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace vkxpbd {

enum class ProgressStyle { Quiet, Terminal, Lines };

// Quiet when asked, else Terminal when stderr is a terminal, else Lines.
ProgressStyle progressStyle(bool quiet);

// "1.5 s", "2m05s", "1h02m": a duration in seconds for people.
std::string formatDuration(double seconds);

// One progress text: "LABEL [#####-----] 60/120 frames  12.3 ms/frame  0.7 s left" (barWidth 0: no bar).
// Before the first unit is done the rate and time left are unknown and left out.
std::string progressText(const std::string& label, uint64_t done, uint64_t total, const std::string& unit,
                         double elapsedSeconds, int barWidth);

class Progress {
 public:
  using Clock = std::function<double()>;                 // seconds, monotonic
  using Sink = std::function<void(const std::string&)>;  // writes text as it is (no newline added)

  // Lines mode prints at most one line per `lineInterval` seconds; Terminal redraws at most 10 times a
  // second. The default clock is std::chrono::steady_clock, the default sink stderr.
  Progress(ProgressStyle style, std::string label, uint64_t total, std::string unit = "frames",
           Clock clock = {}, Sink sink = {}, double lineInterval = 5.0);
  ~Progress();  // clears a terminal bar left standing (an error path)
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void update(uint64_t done);  // units done so far (of total)
  void finish();               // Lines: the closing line; Terminal: clears the bar. Once.

 private:
  ProgressStyle style_;
  std::string label_;
  uint64_t total_;
  std::string unit_;
  Clock clock_;
  Sink sink_;
  double lineInterval_;
  double start_ = 0.0;
  double lastShown_ = 0.0;
  uint64_t done_ = 0;
  bool shownBar_ = false;
  bool finished_ = false;
};

}  // namespace vkxpbd
