// Help for one command and did-you-mean suggestions, both read from usageText() so that they stay true
// to it: a command's section is its "  vkxpbd COMMAND" block, its options the --words in that block.
#pragma once

#include <string>
#include <vector>

namespace vkxpbd {

// The commands of usageText(), in its order ("run", "bench", ...).
std::vector<std::string> commandNames();
// The usage block of one command (empty for an unknown command).
std::string commandUsage(const std::string& command);
// The options (--words) named in a command's usage block, sorted, without repeats.
std::vector<std::string> commandOptions(const std::string& command);
// " (did you mean '--frames'?)" for a mistyped option of `command`, or "".
std::string didYouMean(const std::string& command, const std::string& option);

}  // namespace vkxpbd
