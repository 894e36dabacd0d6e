// The progress display (engine/common/progress.h): its text, the time-left estimate, and how often it
// writes in each style, with a clock the test drives.
#include <gtest/gtest.h>

#include "common/progress.h"

namespace vkxpbd {
namespace {

TEST(Progress, TextHasDoneTotalRateAndTimeLeft) {
  // 30 of 120 frames in 3 s: 100 ms per frame, 90 frames (9 s) left.
  EXPECT_EQ(progressText("run flag", 30, 120, "frames", 3.0, 8),
            "run flag [##------] 30/120 frames  100.0 ms/frame  9.0 s left");
  EXPECT_EQ(progressText("run flag", 0, 120, "frames", 0.5, 0), "run flag 0/120 frames");
  EXPECT_EQ(progressText("bench", 10, 10, "steps", 2.0, 0), "bench 10/10 steps  200.0 ms/step  2.0 s in all");
}

TEST(Progress, DurationsForPeople) {
  EXPECT_EQ(formatDuration(9.04), "9.0 s");
  EXPECT_EQ(formatDuration(125.0), "2m05s");
  EXPECT_EQ(formatDuration(3720.0), "1h02m");
}

struct Recorder {
  double now = 0.0;
  std::vector<std::string> writes;
};

TEST(Progress, LinesEveryFewSecondsAndOneAtTheEnd) {
  Recorder r;
  {
    Progress p(
        ProgressStyle::Lines, "job", 100, "frames", [&r] { return r.now; },
        [&r](const std::string& s) { r.writes.push_back(s); }, 5.0);
    for (int f = 1; f <= 100; ++f) {
      r.now = 0.2 * f;  // 20 s in all
      p.update(f);
    }
    p.finish();
    p.finish();  // once
  }
  // At 5, 10 and 15 s, then the closing line.
  ASSERT_EQ(r.writes.size(), 4u);
  EXPECT_EQ(r.writes[0], "job 25/100 frames  200.0 ms/frame  15.0 s left\n");
  EXPECT_EQ(r.writes[3], "job 100/100 frames  200.0 ms/frame  20.0 s in all\n");
}

TEST(Progress, TerminalRedrawsInPlaceAndClearsTheBar) {
  Recorder r;
  {
    Progress p(
        ProgressStyle::Terminal, "job", 10, "frames", [&r] { return r.now; },
        [&r](const std::string& s) { r.writes.push_back(s); });
    r.now = 1.0;
    p.update(5);
    r.now = 1.05;  // within 0.1 s of the last redraw: skipped
    p.update(6);
    r.now = 2.0;
    p.update(10);
    p.finish();
  }
  ASSERT_EQ(r.writes.size(), 3u);
  EXPECT_EQ(r.writes[0].rfind("\r", 0), 0u);
  EXPECT_NE(r.writes[0].find("5/10 frames"), std::string::npos);
  EXPECT_NE(r.writes[0].find("1.0 s left"), std::string::npos);
  EXPECT_EQ(r.writes[2], "\r\033[K");
}

TEST(Progress, QuietWritesNothing) {
  Recorder r;
  {
    Progress p(
        ProgressStyle::Quiet, "job", 10, "frames", [&r] { return r.now; },
        [&r](const std::string& s) { r.writes.push_back(s); });
    for (int f = 1; f <= 10; ++f) {
      r.now = 10.0 * f;
      p.update(f);
    }
    p.finish();
  }
  EXPECT_TRUE(r.writes.empty());
  EXPECT_EQ(progressStyle(true), ProgressStyle::Quiet);
}

}  // namespace
}  // namespace vkxpbd
