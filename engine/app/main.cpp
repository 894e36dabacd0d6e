// vkxpbd: command-line entry point. See `vkxpbd --help` and README.md.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/cli_help.h"
#include "app/commands.h"
#include "common/text_match.h"
#include "scene/scene.h"
#include "vk/vk_check.h"

int main(int argc, char** argv) {
  using namespace vkxpbd;
  std::vector<std::string> args(argv + 1, argv + argc);
  const std::string command = args.empty() ? "run" : args.front();
  if (!args.empty()) args.erase(args.begin());
  const std::vector<std::string> commands = commandNames();
  const bool known = std::find(commands.begin(), commands.end(), command) != commands.end();
  // COMMAND --help (or -h) and `help COMMAND`: that command's usage only.
  if (known && command != "help" && std::find_if(args.begin(), args.end(), [](const std::string& a) {
                                      return a == "--help" || a == "-h";
                                    }) != args.end()) {
    std::fputs(commandUsage(command).c_str(), stdout);
    return kExitOk;
  }
  if (command == "help" && !args.empty()) {
    if (commandUsage(args.front()).empty()) {
      std::fprintf(stderr, "error: help: unknown command '%s'\n", args.front().c_str());
      return kExitUsage;
    }
    std::fputs(commandUsage(args.front()).c_str(), stdout);
    return kExitOk;
  }
  try {
    if (command == "run") return runCommand(parseRunOptions(args));
    if (command == "bench") return benchCommand(parseBenchOptions(args));
    if (command == "render") return renderCommand(parseRenderOptions(args));
    if (command == "converge") return convergeCommand(parseConvergeOptions(args));
    if (command == "stiffness") return stiffnessCommand(parseStiffnessOptions(args));
    if (command == "devices") return devicesCommand();
    if (command == "help" || command == "--help" || command == "-h") {
      std::fputs(usageText().c_str(), stdout);
      return kExitOk;
    }
    const std::string guess = closestWord(command, commands);
    throw UsageError("unknown command '" + command + "'" +
                     (guess.empty() ? std::string() : " (did you mean '" + guess + "'?)"));
  } catch (const UsageError& e) {
    // The error first, then only this command's usage (the whole text would bury the error).
    if (known)
      std::fprintf(stderr, "error: %s\n\nusage:\n%s\n'vkxpbd help' lists every command.\n", e.what(),
                   commandUsage(command).c_str());
    else
      std::fprintf(stderr, "error: %s\n\n%s", e.what(), usageText().c_str());
    return kExitUsage;
  } catch (const SceneError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kExitBadInput;
  } catch (const vk::DeviceChoiceError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kExitUsage;
  } catch (const vk::VulkanError& e) {
    std::fprintf(stderr, "error: Vulkan: %s\n", e.what());
    return kExitFailure;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return kExitFailure;
  }
}
