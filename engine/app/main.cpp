// vkxpbd: command-line entry point. See `vkxpbd --help` and README.md.
#include <cstdio>
#include <string>
#include <vector>

#include "app/commands.h"
#include "scene/scene.h"
#include "vk/vk_check.h"

int main(int argc, char** argv) {
  using namespace vkxpbd;
  std::vector<std::string> args(argv + 1, argv + argc);
  const std::string command = args.empty() ? "run" : args.front();
  if (!args.empty()) args.erase(args.begin());
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
    throw UsageError("unknown command '" + command + "'");
  } catch (const UsageError& e) {
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
