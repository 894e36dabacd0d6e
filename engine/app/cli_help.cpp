#include "app/cli_help.h"

#include <algorithm>
#include <sstream>

#include "app/cli.h"
#include "common/text_match.h"

namespace vkxpbd {

namespace {

constexpr const char* kCommandPrefix = "  vkxpbd ";

// The command a usage line starts, or "" when it starts none.
std::string commandOfLine(const std::string& line) {
  if (line.rfind(kCommandPrefix, 0) != 0) return {};
  const std::string rest = line.substr(std::string(kCommandPrefix).size());
  return rest.substr(0, rest.find(' '));
}

}  // namespace

std::vector<std::string> commandNames() {
  std::vector<std::string> names;
  std::istringstream in(usageText());
  for (std::string line; std::getline(in, line);)
    if (std::string c = commandOfLine(line); !c.empty()) names.push_back(c);
  return names;
}

std::string commandUsage(const std::string& command) {
  std::istringstream in(usageText());
  std::string block;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    const std::string c = commandOfLine(line);
    if (!c.empty())
      inside = c == command;
    else if (line.empty())
      inside = false;
    if (inside) block += line + "\n";
  }
  return block;
}

std::vector<std::string> commandOptions(const std::string& command) {
  const std::string block = commandUsage(command);
  std::vector<std::string> options;
  for (size_t i = block.find("--"); i != std::string::npos; i = block.find("--", i + 2)) {
    size_t end = i + 2;
    while (end < block.size() && (std::isalnum(static_cast<unsigned char>(block[end])) || block[end] == '-'))
      ++end;
    if (end > i + 2) options.push_back(block.substr(i, end - i));
  }
  options.push_back("--help");
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  return options;
}

std::string didYouMean(const std::string& command, const std::string& option) {
  const std::string best = closestWord(option, commandOptions(command));
  return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

}  // namespace vkxpbd
