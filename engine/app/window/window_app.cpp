#include "app/window/window_app.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "app/commands.h"
#include "app/panel_settings.h"
#include "app/video.h"
#include "app/window/diagnostics_panel.h"
#include "app/window/imgui_vulkan_names.h"
#include "app/window/legend_overlay.h"
#include "app/window/scene_picker.h"
#include "app/window/swapchain.h"
#include "app/window/window_capture.h"
#include "app/window/window_export.h"
#include "app/window/window_font.h"
#include "gpu/gpu_solver.h"
#include "lab/live_residual.h"
#include "lab/residual.h"
#include "render/camera.h"
#include "render/image.h"
#include "render/picking.h"
#include "render/scene_renderer.h"
#include "scene/builtin_scenes.h"
#include "scene/cloth_materials.h"
#include "shared/render_types.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/diagnostics.h"
#include "sim/runtime_pins.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

namespace vkxpbd::window {

namespace {

constexpr uint32_t kFramesInFlight = 2;
// Solver frames run in one displayed frame at most; real time is dropped beyond that.
constexpr uint32_t kMaxSolverFramesPerDisplay = 4;
// Compliance of the mouse grab (m/N): soft enough that one particle does not tear the cloth.
constexpr float kGrabCompliance = 1e-5f;

// Everything rebuilt when a solver setting changes: model, layout, solver, and the renderer bound to
// the solver's position buffer. Heap-allocated so the references between them stay valid.
struct Simulation {
  SceneDesc scene;
  Model model;
  SolverLayout layout;
  std::unique_ptr<GpuSolver> solver;
  std::unique_ptr<render::SceneRenderer> renderer;
};

std::unique_ptr<Simulation> buildSimulation(const vk::Context& ctx, const SceneDesc& scene, bool timestamps,
                                            VkRenderPass renderPass, VkSampleCountFlagBits samples) {
  auto sim = std::make_unique<Simulation>();
  sim->scene = scene;
  sim->model = buildModel(sim->scene);
  sim->layout = buildSolverLayout(sim->model, sim->scene.solver);
  GpuSolverOptions solverOptions;
  solverOptions.timestamps = timestamps;
  sim->solver = std::make_unique<GpuSolver>(ctx, sim->model, sim->scene.solver, sim->layout,
                                            render::rendererSolverOptions(solverOptions));
  // The solver's own triangles: a tear opens the drawn surface with no upload (scene_renderer.h).
  sim->renderer = std::make_unique<render::SceneRenderer>(ctx, sim->model, sim->solver->positionBuffer(),
                                                          renderPass, samples, sim->solver->surfaceBuffers());
  sim->renderer->enableConstraintViews(*sim->solver, renderPass, samples);
  const render::Bounds bounds = render::sceneBounds(sim->model);
  sim->renderer->gridCell = std::max(0.05f, bounds.radius() / 8.0f);
  return sim;
}

// The docked settings panel: its width at start, and the narrowest and widest share of the window.
constexpr float kPanelWidth = 400.0f;     // ImGui display units (window coordinates)
constexpr float kPanelMinWidth = 260.0f;  // display units
constexpr float kPanelMaxShare = 0.6f;    // of the window's width

// Mouse input for the orbit camera and files dropped on the window, filled by GLFW callbacks (chained by
// ImGui's).
struct Input {
  double scroll = 0.0;
  std::vector<std::string> dropped;  // paths, in drop order
};

void scrollCallback(GLFWwindow* window, double /*x*/, double y) {
  static_cast<Input*>(glfwGetWindowUserPointer(window))->scroll += y;
}

void dropCallback(GLFWwindow* window, int count, const char** paths) {
  Input* input = static_cast<Input*>(glfwGetWindowUserPointer(window));
  for (int i = 0; i < count; ++i) input->dropped.emplace_back(paths[i]);
}

void checkImGuiResult(VkResult result) {
  if (result != VK_SUCCESS) throw vk::VulkanError("ImGui Vulkan backend: VkResult " + std::to_string(result));
}

bool hasDisplay() {
  const char* x = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x != nullptr && *x != '\0') || (wayland != nullptr && *wayland != '\0');
}

enum class Rebuild { None, KeepState, Reset, Reload };

class WindowApp {
 public:
  WindowApp(const RunOptions& options, const SceneDesc& scene, GLFWwindow* window,
            const vk::ContextOptions& contextOptions, vk::RenderDoc& renderDoc)
      : options_(options), window_(window), ctx_(contextOptions), renderDoc_(renderDoc) {
    if (renderDoc_.available()) std::printf("RenderDoc loaded: F12 captures the next displayed frame\n");
    VK_CHECK(glfwCreateWindowSurface(ctx_.instance, window_, nullptr, &surface_));
    // (no debug name: a surface is an instance object, and lavapipe crashes naming one through the device)
    swapchain_ = std::make_unique<Swapchain>(ctx_, surface_, framebufferSize());
    createFrames();
    sim_ = buildSimulation(ctx_, scene, options_.timestamps, swapchain_->renderPass(), swapchain_->samples());
    panel_ = PanelSettings::from(sim_->scene);
    frameCamera();
    printSolver();
    initImGui();
    view_ = render::viewModeFromName(options_.view);
    if (!options_.recordDir.empty()) startRecording(options_.recordDir);
  }

  ~WindowApp() {
    vkDeviceWaitIdle(ctx_.device);
    ImGui_ImplVulkan_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    vkDestroyDescriptorPool(ctx_.device, imguiPool_, nullptr);
    capture_.reset();
    sim_.reset();
    for (Frame& f : frames_) {
      vkDestroyFence(ctx_.device, f.fence, nullptr);
      vkDestroySemaphore(ctx_.device, f.imageAvailable, nullptr);
      vkFreeCommandBuffers(ctx_.device, ctx_.commandPool, 1, &f.cmd);
    }
    swapchain_.reset();
    vkDestroySurfaceKHR(ctx_.instance, surface_, nullptr);
  }

  int run() {
    auto last = std::chrono::steady_clock::now();
    while (!glfwWindowShouldClose(window_)) {
      if (options_.framesGiven && displayed_ >= options_.frames) break;
      if (nonFinite_) break;
      glfwPollEvents();
      VkExtent2D size = framebufferSize();
      while ((size.width == 0 || size.height == 0) && !glfwWindowShouldClose(window_)) {  // minimised
        glfwWaitEvents();
        size = framebufferSize();
        last = std::chrono::steady_clock::now();
      }
      const auto now = std::chrono::steady_clock::now();
      const double realDt = std::chrono::duration<double>(now - last).count();
      last = now;

      ImGui_ImplVulkan_NewFrame();
      ImGui_ImplGlfw_NewFrame();
      ImGui::NewFrame();
      handleCamera();
      handleKeys();
      handlePinKey();
      const Rebuild rebuild = drawPanel();
      drawErrorBanner();
      drawLegendOverlay(sim_->renderer->legend(), viewCentreX());
      ImGui::Render();

      const bool capture = takeCapture();
      if (capture) renderDoc_.startCapture();
      simulate(realDt);
      if (animationExport_.active()) animationExport_.write(simulated_, *sim_->solver);
      drawFrame();
      if (capture) endCapture();
      if (options_.stats) printStats();
      applyRebuild(rebuild);
    }
    vkDeviceWaitIdle(ctx_.device);
    stopRecording();
    animationExport_.stop();
    std::printf("window: %llu frames displayed, %llu solver frames simulated\n",
                static_cast<unsigned long long>(displayed_), static_cast<unsigned long long>(simulated_));
    if (!nonFinite_) nonFinite_ = nonFiniteError(sim_->model, sim_->solver->download());
    if (nonFinite_) {
      std::fprintf(stderr, "error: window: %s\n", nonFinite_->c_str());
      return kExitNonFinite;
    }
    if (ctx_.validationEnabled()) {
      std::printf("validation messages: %u\n", ctx_.validationMessageCount());
      if (ctx_.validationMessageCount() > 0) return kExitValidation;
    }
    return kExitOk;
  }

 private:
  // Whether this displayed frame is captured: the one --capture-frame names, or the next after F12.
  bool takeCapture() {
    const bool f12 = glfwGetKey(window_, GLFW_KEY_F12) == GLFW_PRESS;
    const bool pressed = f12 && !f12WasDown_;
    f12WasDown_ = f12;
    const bool wanted = pressed || (options_.captureFrame && *options_.captureFrame == displayed_);
    if (wanted && !renderDoc_.available())
      std::printf("no capture: RenderDoc is not loaded (%s); start with --renderdoc\n",
                  renderDoc_.reason().c_str());
    return wanted && renderDoc_.available();
  }

  void endCapture() {
    vkDeviceWaitIdle(ctx_.device);  // the captured frame's work complete before the capture ends
    const uint64_t frame = displayed_ - 1;
    const std::string path =
        renderDoc_.endCaptureTo(options_.outDir + "/capture_window_frame" + std::to_string(frame) + ".rdc");
    if (path.empty())
      std::printf("RenderDoc wrote no capture of displayed frame %llu\n",
                  static_cast<unsigned long long>(frame));
    else
      std::printf("captured displayed frame %llu to %s\n", static_cast<unsigned long long>(frame),
                  path.c_str());
  }

  // The XPBD residual ‖C + α̃λ‖₂ after each iteration of one substep from the current state, with the
  // current method (colours, Jacobi batch, ω, XPBD/PBD) and at least kPlotIterations iterations. It is
  // computed by the CPU reference solver, which runs the GPU's passes in the same order with the same
  // math (docs/architecture.md), so it is cheap enough to refresh a few times a second. After a tear it
  // measures the torn cloth (lab::liveResiduals).
  static constexpr uint32_t kPlotIterations = 16;
  static constexpr double kConvergenceInterval = 0.25;  // s between measurements

  void measureConvergence() {
    const State state = sim_->solver->download();
    if (!nonFinite_) nonFinite_ = nonFiniteError(sim_->model, state);
    residuals_.clear();
    for (const lab::StepMetrics& m : lab::liveResiduals(sim_->solver->model(), sim_->solver->layout(),
                                                        sim_->scene.solver, state, kPlotIterations))
      residuals_.push_back(static_cast<float>(m.residualL2));
  }

  void drawConvergence() {
    const bool small = sim_->model.distance.size() <= kLiveResidualMaxConstraints;
    ImGui::Checkbox("live residual", &liveResidual_);
    if (!small)
      ImGui::TextDisabled("(over %u constraints: refreshed on demand)", kLiveResidualMaxConstraints);
    const auto now = std::chrono::steady_clock::now();
    const bool due = std::chrono::duration<double>(now - lastConvergence_).count() >= kConvergenceInterval;
    if ((liveResidual_ && small && due) || ImGui::Button("measure now")) {
      measureConvergence();
      lastConvergence_ = now;
    }
    if (residuals_.empty()) return;
    std::vector<float> logs;
    for (float r : residuals_) logs.push_back(std::log10(std::max(r, 1e-12f)));
    const auto [lo, hi] = std::minmax_element(logs.begin(), logs.end());
    ImGui::PlotLines("##residual", logs.data(), static_cast<int>(logs.size()), 0,
                     "log10 ||C + alpha~ lambda|| (m)", *lo - 0.1f, *hi + 0.1f,
                     ImVec2(ImGui::GetContentRegionAvail().x, 80.0f));
    const uint32_t configured =
        std::min<uint32_t>(sim_->scene.solver.iterations, static_cast<uint32_t>(residuals_.size()));
    ImGui::Text("%s, %s: %.3e m after 1 iteration", solverModeName(sim_->scene.solver.mode),
                constraintModelName(sim_->scene.solver.constraintModel), residuals_.front());
    ImGui::Text("%.3e m after %u (configured), %.3e m after %zu", residuals_[configured - 1], configured,
                residuals_.back(), residuals_.size());
  }

  // Once a second: FPS, the last solver frame's GPU time, and its per-stage times.
  void printStats() {
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - lastStats_).count() < 1.0) return;
    const double seconds = std::chrono::duration<double>(now - lastStats_).count();
    lastStats_ = now;
    double totalMs = 0.0;
    const std::vector<vk::StageTime> stages = sim_->solver->lastFrameTimes(&totalMs);
    std::printf("stats: %.1f FPS, solver frame GPU %.3f ms:",
                static_cast<double>(displayed_ - statsDisplayed_) / seconds, totalMs);
    statsDisplayed_ = displayed_;
    for (const vk::StageTime& s : stages)
      if (s.passes > 0) std::printf(" %s %.3f", s.name.c_str(), s.ms);
    std::printf("\n");
    std::fflush(stdout);
  }

  struct Frame {
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;               // signalled when the frame's commands completed
    VkSemaphore imageAvailable = VK_NULL_HANDLE;  // acquire → render
  };

  VkExtent2D framebufferSize() const {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    return {static_cast<uint32_t>(std::max(w, 0)), static_cast<uint32_t>(std::max(h, 0))};
  }

  // The 3D view: the framebuffer right of the docked panel (the panel's width is in display units).
  VkRect2D viewArea() const {
    const VkExtent2D e = swapchain_->extent();
    const float scale = ImGui::GetCurrentContext() ? ImGui::GetIO().DisplayFramebufferScale.x : 1.0f;
    const uint32_t left = std::min(static_cast<uint32_t>(std::lround(panelWidth_ * std::max(scale, 1.0f))),
                                   e.width > 1 ? e.width - 1 : 0u);
    return {{static_cast<int32_t>(left), 0}, {e.width - left, e.height}};
  }

  float viewCentreX() const {
    const ImGuiIO& io = ImGui::GetIO();
    return panelWidth_ + 0.5f * (io.DisplaySize.x - panelWidth_);
  }

  float aspect() const {
    const VkExtent2D e = viewArea().extent;
    return static_cast<float>(e.width) / static_cast<float>(std::max(e.height, 1u));
  }

  // Frames the bodies' bounding box in the 3D view (at start, reset, reload and on F): where they are now
  // (F in a running scene frames the cloth where it fell, not where it started), a torn cloth's pieces
  // with the copies a split took.
  void frameCamera() {
    GpuSolver& solver = *sim_->solver;
    const State state = solver.download();
    camera_ =
        render::frameBounds(render::sceneBounds(solver.model(), state.positions, solver.time()), aspect());
  }

  // F frames the bodies; F9 starts or stops recording into OUT/record. Keys typed into the panel's
  // fields do not count.
  void handleKeys() {
    const bool typing = ImGui::GetIO().WantCaptureKeyboard;
    const bool f = glfwGetKey(window_, GLFW_KEY_F) == GLFW_PRESS;
    const bool f9 = glfwGetKey(window_, GLFW_KEY_F9) == GLFW_PRESS;
    if (f && !fWasDown_ && !typing) frameCamera();
    if (f9 && !f9WasDown_) toggleRecording();
    fWasDown_ = f;
    f9WasDown_ = f9;
  }

  // The panel's "export animation" button: start exporting the displayed frames into OUT/export (the
  // frame shown now first), or stop and write scene.usda (app/window/window_export.h).
  void toggleExport() {
    if (animationExport_.active()) {
      animationExport_.stop();
      return;
    }
    if (animationExport_.start(options_.outDir + "/export", sim_->model, sim_->scene.solver.frameDt))
      animationExport_.write(simulated_, *sim_->solver);
  }

  // Test hooks, not reachable from scene files: whether the environment variable `name`, a list of
  // displayed frames "F1,F2,...", names the frame displayed now.
  bool testHookNow(const char* name) const {
    const char* hook = std::getenv(name);
    for (const char* next = hook; next != nullptr && *next != '\0';) {
      char* end = nullptr;
      const unsigned long long frame = std::strtoull(next, &end, 10);
      if (end == next) break;
      if (frame == displayed_) return true;
      next = *end == ',' ? end + 1 : end;
    }
    return false;
  }

  // F9 and the panel's button: start recording into OUT/record, or stop.
  void toggleRecording() {
    if (recording_)
      stopRecording();
    else
      startRecording(options_.outDir + "/record");
  }

  void startRecording(const std::string& dir) {
    if (!swapchain_->readable()) {
      std::printf("no recording: the window's swapchain images cannot be copied (no TRANSFER_SRC usage)\n");
      return;
    }
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    recordDir_ = dir;
    recordedFrames_ = 0;
    recordStart_ = std::chrono::steady_clock::now();
    recording_ = true;
    if (!capture_) capture_ = std::make_unique<WindowCapture>(ctx_);
    std::printf("recording the window into %s\n", dir.c_str());
  }

  // Writes the video of the recorded frames when ffmpeg is installed.
  void stopRecording() {
    if (!recording_) return;
    recording_ = false;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - recordStart_).count();
    std::printf("recorded %u window frames into %s\n", recordedFrames_, recordDir_.c_str());
    if (recordedFrames_ < 2) return;
    if (!ffmpegAvailable()) {
      std::printf("no video: ffmpeg is not installed (Debian package ffmpeg); the frames are PNG files\n");
      return;
    }
    // Played back at the rate they were displayed.
    const double fps = std::clamp(static_cast<double>(recordedFrames_) / std::max(seconds, 1e-3), 1.0, 120.0);
    const std::string video = recordDir_ + "/video.mp4";
    if (std::optional<std::string> failed = encodeVideo(recordDir_, video, fps))
      std::printf("no video: %s\n", failed->c_str());
    else
      std::printf("video: %s (%u frames at %.3g frames per second)\n", video.c_str(), recordedFrames_, fps);
  }

  void writeRecordedFrame() {
    char name[32];
    std::snprintf(name, sizeof(name), "/frame_%05u.png", recordedFrames_);
    render::writePng(recordDir_ + name, capture_->read());
    ++recordedFrames_;
  }

  // Load errors, where the eye is: a red banner at the top of the 3D view until dismissed.
  void drawErrorBanner() {
    if (reloadError_.empty()) return;
    const ImGuiIO& io = ImGui::GetIO();
    const float width = std::max(200.0f, io.DisplaySize.x - panelWidth_ - 40.0f);
    ImGui::SetNextWindowPos(ImVec2(panelWidth_ + 20.0f, 12.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.45f, 0.02f, 0.02f, 0.95f));
    ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(1.0f, 0.3f, 0.3f, 1.0f));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
    if (ImGui::Begin("error", nullptr, flags)) {
      ImGui::TextWrapped("%s", reloadError_.c_str());
      if (ImGui::Button("dismiss")) reloadError_.clear();
    }
    ImGui::End();
    ImGui::PopStyleColor(2);
  }

  void printSolver() const {
    const SolverSettings& s = sim_->scene.solver;
    std::printf("solver: %s, %s, %u substeps x %u iterations, omega %.2f, dt %.5f s\n",
                solverModeName(s.mode), constraintModelName(s.constraintModel), s.substeps, s.iterations,
                s.omega, s.frameDt);
  }

  void createFrames() {
    frames_.resize(kFramesInFlight);
    for (uint32_t i = 0; i < kFramesInFlight; ++i) {
      Frame& f = frames_[i];
      const std::string n = std::to_string(i);
      VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
      alloc.commandPool = ctx_.commandPool;
      alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
      alloc.commandBufferCount = 1;
      VK_CHECK(vkAllocateCommandBuffers(ctx_.device, &alloc, &f.cmd));
      ctx_.setName(VK_OBJECT_TYPE_COMMAND_BUFFER, f.cmd, "window frame " + n);
      VkFenceCreateInfo fence{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      fence.flags = VK_FENCE_CREATE_SIGNALED_BIT;
      VK_CHECK(vkCreateFence(ctx_.device, &fence, nullptr, &f.fence));
      ctx_.setName(VK_OBJECT_TYPE_FENCE, f.fence, "window frame fence " + n);
      VkSemaphoreCreateInfo sem{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
      VK_CHECK(vkCreateSemaphore(ctx_.device, &sem, nullptr, &f.imageAvailable));
      ctx_.setName(VK_OBJECT_TYPE_SEMAPHORE, f.imageAvailable, "image available " + n);
    }
  }

  void initImGui() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini in the working directory
    ImGui::StyleColorsDark();
    loadWindowFont(15.0f);
    // Our scroll callback first: ImGui's (installed with install_callbacks) chains to it.
    glfwSetWindowUserPointer(window_, &input_);
    glfwSetScrollCallback(window_, scrollCallback);
    glfwSetDropCallback(window_, dropCallback);
    setImGuiNamingContext(&ctx_);
    if (!ImGui_ImplVulkan_LoadFunctions(loadNamedImGuiVulkanFunction, nullptr))
      throw vk::VulkanError("ImGui: cannot load Vulkan functions");
    ImGui_ImplGlfw_InitForVulkan(window_, true);

    const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 8}};
    VkDescriptorPoolCreateInfo pool{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
    pool.maxSets = 8;
    pool.poolSizeCount = 1;
    pool.pPoolSizes = sizes;
    VK_CHECK(vkCreateDescriptorPool(ctx_.device, &pool, nullptr, &imguiPool_));
    ctx_.setName(VK_OBJECT_TYPE_DESCRIPTOR_POOL, imguiPool_, "imgui descriptor pool");

    ImGui_ImplVulkan_InitInfo info{};
    info.Instance = ctx_.instance;
    info.PhysicalDevice = ctx_.physicalDevice;
    info.Device = ctx_.device;
    info.QueueFamily = ctx_.queueFamily;
    info.Queue = ctx_.queue;
    info.DescriptorPool = imguiPool_;
    info.Subpass = 0;
    info.MinImageCount = swapchain_->minImageCount();
    // ImGui rotates its vertex buffers over ImageCount frames: at least the frames in flight.
    info.ImageCount = std::max(swapchain_->imageCount(), kFramesInFlight);
    info.MSAASamples = swapchain_->samples();
    info.CheckVkResultFn = checkImGuiResult;
    ImGui_ImplVulkan_Init(&info, swapchain_->renderPass());
    ctx_.submitAndWait([](VkCommandBuffer cmd) { ImGui_ImplVulkan_CreateFontsTexture(cmd); });
    ImGui_ImplVulkan_DestroyFontUploadObjects();
  }

  // Left-drag grabs the cloth: the ray under the cursor picks the nearest triangle's closest moving
  // particle, which then follows the cursor on the plane through the grab point facing the camera
  // (constant depth), pulled by a constraint inside the solver. Released on mouse-up.
  void handleGrab(glm::vec2 cursor, bool mouseFree) {
    const bool down = glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
    GpuSolver& solver = *sim_->solver;
    if (!down) {
      if (grab_) solver.releaseGrab();
      grab_.reset();
      return;
    }
    const std::optional<render::Ray> viewed = viewRay(cursor);
    if (!viewed) return;
    const render::Ray& ray = *viewed;
    if (!grab_) {
      if (!mouseFree || leftWasDown_) return;  // a press that started on the panel, or a held button
      const State state = solver.download();
      const std::optional<render::PickHit> hit = render::pickParticle(ray, solver.model(), state.positions);
      if (!hit) return;
      grab_ = Grab{hit->particle, hit->point, glm::normalize(camera_.target - camera_.eye())};
      solver.setGrab(hit->particle, hit->point, kGrabCompliance);
      return;
    }
    solver.setGrab(grab_->particle, render::dragTarget(ray, grab_->point, grab_->viewDirection),
                   kGrabCompliance);
  }

  // Test hook, not reachable from scene files: VKXPBD_TEST_DROP=F1:PATH1;F2:PATH2 drops PATH1 onto the
  // window at displayed frame F1, and so on (tests/CMakeLists.txt, cli.window_open_scenes).
  void testDrop() {
    const char* hook = std::getenv("VKXPBD_TEST_DROP");
    if (hook == nullptr) return;
    const std::string spec = hook;
    for (size_t start = 0; start < spec.size();) {
      size_t end = spec.find(';', start);
      if (end == std::string::npos) end = spec.size();
      const std::string item = spec.substr(start, end - start);
      const size_t colon = item.find(':');
      if (colon != std::string::npos && std::strtoull(item.c_str(), nullptr, 10) == displayed_)
        input_.dropped.push_back(item.substr(colon + 1));
      start = end + 1;
    }
  }

  // The camera ray through a cursor position (window units); the 3D view starts right of the docked panel.
  std::optional<render::Ray> viewRay(glm::vec2 cursor) const {
    int width = 0, height = 0;
    glfwGetWindowSize(window_, &width, &height);
    const float viewWidth = static_cast<float>(width) - panelWidth_;
    if (viewWidth <= 0.0f || height <= 0) return std::nullopt;
    return render::cameraRay(camera_, cursor - glm::vec2(panelWidth_, 0.0f),
                             glm::vec2(viewWidth, static_cast<float>(height)));
  }

  // P pins the moving particle under the cursor where it is, or unpins the runtime pin under the cursor
  // (docs/attachments.md#pins-at-run-time): only that particle's inverse mass and velocity are written.
  void handlePinKey() {
    const bool down = glfwGetKey(window_, GLFW_KEY_P) == GLFW_PRESS;
    // Test hook: VKXPBD_TEST_PRESS_P=F1,F2,... presses P at those displayed frames with the cursor at the
    // window's centre (tests/CMakeLists.txt, cli.window_pin_key).
    const bool hooked = testHookNow("VKXPBD_TEST_PRESS_P");
    const bool pressed = (down && !pWasDown_) || hooked;
    pWasDown_ = down;
    if (!pressed || ImGui::GetIO().WantCaptureKeyboard) return;
    double x = 0.0, y = 0.0;
    glfwGetCursorPos(window_, &x, &y);
    int width = 0, height = 0;
    glfwGetWindowSize(window_, &width, &height);
    if (hooked) {  // the centre of the 3D view
      x = 0.5 * (static_cast<double>(width) + panelWidth_);
      y = 0.5 * height;
    }
    const std::optional<render::Ray> viewed =
        viewRay(glm::vec2(static_cast<float>(x), static_cast<float>(y)));
    if (!viewed) return;
    const render::Ray& ray = *viewed;
    GpuSolver& solver = *sim_->solver;
    const State state = solver.download();
    // A runtime pin within 1% of the camera distance of the ray is unpinned (m).
    if (auto pin = nearestPinToRay(runtimePins_, state.positions, ray.origin, ray.direction,
                                   0.01f * camera_.distance)) {
      runtimePins_.remove(*pin);
      solver.setParticleInverseMass(*pin, solver.model().restPositions[*pin].w);
      std::printf("P: unpinned particle %u\n", *pin);
      return;
    }
    const std::optional<render::PickHit> hit = render::pickParticle(ray, solver.model(), state.positions);
    if (!hit || !RuntimePins::pinnable(solver.model(), hit->particle)) return;
    runtimePins_.add(hit->particle);
    solver.setParticleInverseMass(hit->particle, 0.0f);
    std::printf("P: pinned particle %u\n", hit->particle);
  }

  void detachAll() {
    for (uint32_t p : runtimePins_.particles())
      sim_->solver->setParticleInverseMass(p, sim_->solver->model().restPositions[p].w);
    runtimePins_.clear();
  }

  // Right-drag orbits, middle-drag pans, the wheel zooms (left grabs the cloth: handleGrab).
  void handleCamera() {
    const ImGuiIO& io = ImGui::GetIO();
    double x = 0.0, y = 0.0;
    glfwGetCursorPos(window_, &x, &y);
    const glm::vec2 cursor{static_cast<float>(x), static_cast<float>(y)};
    const glm::vec2 delta = cursor - lastCursor_;
    lastCursor_ = cursor;
    const float scroll = static_cast<float>(input_.scroll);
    input_.scroll = 0.0;
    handleGrab(cursor, !io.WantCaptureMouse);
    leftWasDown_ = glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
    if (io.WantCaptureMouse) return;
    if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS) {
      camera_.yaw -= 0.005f * delta.x;
      camera_.pitch = std::clamp(camera_.pitch + 0.005f * delta.y, -1.5f, 1.5f);
    }
    if (glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS) {
      const glm::vec3 forward = glm::normalize(camera_.target - camera_.eye());
      const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0.0f, 1.0f, 0.0f)));
      const glm::vec3 up = glm::cross(right, forward);
      const float perPixel = 2.0f * camera_.distance * std::tan(0.5f * camera_.fovY) /
                             static_cast<float>(swapchain_->extent().height);
      camera_.target += perPixel * (-delta.x * right + delta.y * up);
    }
    if (scroll != 0.0f)
      camera_.distance = std::clamp(camera_.distance * std::pow(0.9f, scroll), 0.05f, 1000.0f);
  }

  // Fixed dt decoupled from the display: as many solver frames as real time requires, at most
  // kMaxSolverFramesPerDisplay (the rest of the time is dropped, so a slow solver runs slower than
  // real time, one or more frames per displayed frame).
  void simulate(double realDt) {
    uint32_t frames = 0;
    if (paused_) {
      accumulator_ = 0.0;
      if (stepOnce_) frames = 1;
    } else {
      const double dt = sim_->scene.solver.frameDt;
      accumulator_ += std::min(realDt, 0.25);
      frames = static_cast<uint32_t>(accumulator_ / dt);
      if (frames > kMaxSolverFramesPerDisplay) {
        frames = kMaxSolverFramesPerDisplay;
        accumulator_ = 0.0;
      } else {
        accumulator_ -= frames * dt;
      }
    }
    stepOnce_ = false;
    if (frames > 0) {
      sim_->solver->simulate(frames);
      simulated_ += frames;
    }
    lastSolverFrames_ = frames;
  }

  void drawFrame() {
    Frame& f = frames_[frameIndex_];
    VK_CHECK(vkWaitForFences(ctx_.device, 1, &f.fence, VK_TRUE, UINT64_MAX));
    uint32_t image = 0;
    VkResult acquired = vkAcquireNextImageKHR(ctx_.device, swapchain_->handle(), UINT64_MAX, f.imageAvailable,
                                              VK_NULL_HANDLE, &image);
    if (acquired == VK_ERROR_OUT_OF_DATE_KHR) {
      swapchain_->recreate(framebufferSize());
      return;
    }
    if (acquired != VK_SUBOPTIMAL_KHR) VK_CHECK(acquired);
    VK_CHECK(vkResetFences(ctx_.device, 1, &f.fence));

    VK_CHECK(vkResetCommandBuffer(f.cmd, 0));
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VK_CHECK(vkBeginCommandBuffer(f.cmd, &begin));
    ctx_.beginLabel(f.cmd, "window frame " + std::to_string(displayed_));
    sim_->renderer->recordNormals(f.cmd);

    VkClearValue clears[2]{};
    clears[0].color = {{VKXPBD_CLEAR_COLOUR, 1.0f}};
    clears[1].depthStencil = {1.0f, 0};
    VkRenderPassBeginInfo pass{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    pass.renderPass = swapchain_->renderPass();
    pass.framebuffer = swapchain_->framebuffer(image);
    pass.renderArea = {{0, 0}, swapchain_->extent()};
    pass.clearValueCount = 2;
    pass.pClearValues = clears;
    vkCmdBeginRenderPass(f.cmd, &pass, VK_SUBPASS_CONTENTS_INLINE);
    ctx_.beginLabel(f.cmd, "draw scene");
    sim_->renderer->recordDraw(f.cmd, camera_, viewArea(), sim_->solver->time());
    ctx_.endLabel(f.cmd);
    ctx_.beginLabel(f.cmd, "draw panel");
    ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), f.cmd);
    ctx_.endLabel(f.cmd);
    vkCmdEndRenderPass(f.cmd);
    if (recording_)
      capture_->record(f.cmd, swapchain_->image(image), swapchain_->extent(), swapchain_->colourFormat());
    ctx_.endLabel(f.cmd);
    VK_CHECK(vkEndCommandBuffer(f.cmd));

    const VkPipelineStageFlags waitStage = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    const VkSemaphore renderFinished = swapchain_->renderFinished(image);
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.waitSemaphoreCount = 1;
    submit.pWaitSemaphores = &f.imageAvailable;
    submit.pWaitDstStageMask = &waitStage;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &f.cmd;
    submit.signalSemaphoreCount = 1;
    submit.pSignalSemaphores = &renderFinished;
    VK_CHECK(vkQueueSubmit(ctx_.queue, 1, &submit, f.fence));
    if (recording_) {  // the copy is complete once this frame's fence is
      VK_CHECK(vkWaitForFences(ctx_.device, 1, &f.fence, VK_TRUE, UINT64_MAX));
      writeRecordedFrame();
    }

    const VkSwapchainKHR swapchain = swapchain_->handle();
    VkPresentInfoKHR present{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
    present.waitSemaphoreCount = 1;
    present.pWaitSemaphores = &renderFinished;
    present.swapchainCount = 1;
    present.pSwapchains = &swapchain;
    present.pImageIndices = &image;
    const VkResult presented = vkQueuePresentKHR(ctx_.queue, &present);
    const VkExtent2D size = framebufferSize();
    const VkExtent2D extent = swapchain_->extent();
    if (presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR ||
        size.width != extent.width || size.height != extent.height) {
      swapchain_->recreate(size);
    } else {
      VK_CHECK(presented);
    }
    frameIndex_ = (frameIndex_ + 1) % kFramesInFlight;
    ++displayed_;
  }

  Rebuild drawPanel() {
    Rebuild rebuild = Rebuild::None;
    auto edited = [&rebuild](bool changedNow) {
      if (changedNow && rebuild == Rebuild::None) rebuild = Rebuild::KeepState;
    };
    // Docked on the left, full height; its right edge resizes it, its title bar collapses it. The 3D
    // view is the rest of the window (viewArea).
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f), ImGuiCond_Always);
    const float maxWidth = std::max(kPanelMinWidth, kPanelMaxShare * io.DisplaySize.x);
    ImGui::SetNextWindowSizeConstraints(ImVec2(kPanelMinWidth, io.DisplaySize.y),
                                        ImVec2(maxWidth, io.DisplaySize.y));
    ImGui::SetNextWindowSize(ImVec2(kPanelWidth, io.DisplaySize.y), ImGuiCond_FirstUseEver);
    const bool open =
        ImGui::Begin("vkxpbd", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    panelWidth_ = ImGui::IsWindowCollapsed() ? 0.0f : ImGui::GetWindowWidth();
    if (!open) {  // collapsed: only the title bar, over the 3D view
      ImGui::End();
      return rebuild;
    }
    ImGui::Text("%s: %u particles, %zu constraints", sim_->scene.name.c_str(), sim_->model.particleCount(),
                sim_->model.constraintCount());
    ImGui::Text("%.1f FPS (%.2f ms), %u solver frames this frame", io.Framerate, 1000.0f / io.Framerate,
                lastSolverFrames_);
    ImGui::Text("simulated %llu frames (%.2f s)", static_cast<unsigned long long>(simulated_),
                static_cast<double>(simulated_) * sim_->scene.solver.frameDt);

    ImGui::Checkbox("pause", &paused_);
    ImGui::SameLine();
    if (ImGui::Button("step")) {
      paused_ = true;
      stepOnce_ = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("reset")) rebuild = Rebuild::Reset;
    ImGui::SameLine();
    if (ImGui::Button("reload scene")) rebuild = Rebuild::Reload;
    ImGui::SameLine();
    if (ImGui::Button("frame (F)")) frameCamera();
    if (ImGui::Button(recording_ ? "stop recording (F9)" : "record (F9)")) toggleRecording();
    if (recording_) {
      ImGui::SameLine();
      ImGui::TextColored(ImVec4(1.0f, 0.3f, 0.3f, 1.0f), "REC %u frames", recordedFrames_);
    }
    if (ImGui::Button(animationExport_.active() ? "stop export" : "export animation")) toggleExport();
    // Test hook: VKXPBD_TEST_EXPORT=F1,F2,... presses the button at those displayed frames
    // (cli.window_export).
    if (testHookNow("VKXPBD_TEST_EXPORT")) toggleExport();
    if (animationExport_.active()) {
      ImGui::SameLine();
      ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.2f, 1.0f), "EXPORT %llu frames (OBJ + USD)",
                         static_cast<unsigned long long>(animationExport_.frames()));
    } else if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("OBJ per body per frame and scene.usda into OUT/export (docs/export.md)");
    }
    testDrop();
    if (!input_.dropped.empty()) {  // a file dropped onto the window: the last one is opened
      pendingScene_ = input_.dropped.back();
      input_.dropped.clear();
      rebuild = Rebuild::Reload;
    }
    if (ImGui::CollapsingHeader("open a scene")) {
      if (std::optional<std::string> path = picker_.draw(options_.scene)) {
        pendingScene_ = *path;
        rebuild = Rebuild::Reload;
      }
    }

    {
      const char* views[] = {"shaded", "wireframe", "constraint colours", "stress |lambda|/dt^2"};
      int view = static_cast<int>(view_);
      if (ImGui::Combo("view", &view, views, 4)) {
        view_ = static_cast<render::ViewMode>(view);
        stressScaledFor_ = nullptr;  // chosen again from the forces shown when the view is opened
        stressScaleTries_ = 0;
      }
      sim_->renderer->view = view_;
      if (view_ == render::ViewMode::Stress) {
        // Once per opening and per simulation (a reload builds a new renderer), at the first frame with
        // force. Each try reads positions and λ back, so a scene whose constraints never carry force stops
        // trying.
        if (stressScaledFor_ != sim_->renderer.get() && stressScaleTries_ < 60) ++stressScaleTries_;
        bool chooseScale = stressScaledFor_ != sim_->renderer.get() && stressScaleTries_ < 60;
        ImGui::SliderFloat("red at (N)", &sim_->renderer->stressScale, 1e-3f, 1e6f, "%.3g",
                           ImGuiSliderFlags_Logarithmic);
        ImGui::SameLine();
        chooseScale |= ImGui::Button("auto");
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip(
              "red at the 99th percentile of the constraint forces now, rounded up to 1, 2 or 5 x 10^k N");
        if (chooseScale && sim_->renderer->autoStressScale(*sim_->solver))
          stressScaledFor_ = sim_->renderer.get();
      }
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped(
          "left-drag: grab the cloth; right-drag: orbit; middle-drag: pan; wheel: zoom; F: frame the bodies; "
          "F9: record; P: pin / unpin the particle under the cursor");
      ImGui::PopStyleColor();
      if (!runtimePins_.particles().empty()) {
        ImGui::Text("%zu runtime pins", runtimePins_.particles().size());
        ImGui::SameLine();
        if (ImGui::Button("detach all")) detachAll();
      }
    }

    if (ImGui::CollapsingHeader("solver", ImGuiTreeNodeFlags_DefaultOpen)) {
      const char* modes[] = {"Gauss-Seidel (gs)", "Jacobi"};
      edited(ImGui::Combo("mode", &panel_.mode, modes, 2));
      edited(ImGui::RadioButton("XPBD", &panel_.model, 0));
      ImGui::SameLine();
      edited(ImGui::RadioButton("PBD", &panel_.model, 1));
      edited(ImGui::RadioButton("implicit Euler", &panel_.integrator, 0));
      ImGui::SameLine();
      edited(ImGui::RadioButton("BDF2", &panel_.integrator, 1));
      ImGui::SliderInt("substeps", &panel_.substeps, 1, 64);
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::SliderInt("iterations", &panel_.iterations, 1, 32);
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::SliderFloat("omega", &panel_.omega, 0.1f, 2.0f, "%.2f");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      if (!sim_->scene.cloths.empty()) {  // the cloth material library (docs/materials.md)
        const std::vector<ClothMaterial>& library = clothMaterials();
        const char* shown =
            panel_.material >= 0 ? library[static_cast<size_t>(panel_.material)].name : "(the scene's)";
        if (ImGui::BeginCombo("material", shown)) {
          for (size_t k = 0; k < library.size(); ++k)
            if (ImGui::Selectable(library[k].name, panel_.material == static_cast<int>(k))) {
              panel_.chooseMaterial(static_cast<int>(k));
              edited(true);
            }
          ImGui::EndCombo();
        }
      }
      ImGui::InputFloat("stretch (m/N)", &panel_.complianceStretch, 0.0f, 0.0f, "%.3e");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::InputFloat("shear (m/N)", &panel_.complianceShear, 0.0f, 0.0f, "%.3e");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      // A distance-bending cloth's compliance is in m/N, a dihedral or isometric one's in 1/(N m).
      const bool hinge =
          !sim_->scene.cloths.empty() && sim_->scene.cloths.front().bending != ClothBending::Distance;
      ImGui::InputFloat(hinge ? "bend (1/(N m))" : "bend (m/N)", &panel_.complianceBend, 0.0f, 0.0f, "%.3e");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::DragFloat3("gravity (m/s2)", &panel_.gravity.x, 0.05f, -100.0f, 100.0f, "%.2f");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      edited(ImGui::Checkbox("hierarchy (coarse-to-fine, every body)", &panel_.hierarchy));
      if (panel_.hierarchy) {
        ImGui::Indent();
        edited(ImGui::Checkbox("small levels in one dispatch", &panel_.fuseSmallLevels));
        ImGui::Unindent();
      }
      ImGui::TextDisabled("material and compliances apply to every cloth; changes rebuild the solver");
      if (panel_.tearAvailable) {
        ImGui::SliderFloat("tear strain", &panel_.tearStrain, 1.01f, 3.0f, "%.3f");
        edited(ImGui::IsItemDeactivatedAfterEdit());
        ImGui::TextDisabled("stretch ratio past which a constraint breaks; a change starts the scene again");
      }
    }

    if (ImGui::CollapsingHeader("contacts")) drawContacts(edited);

    if (ImGui::CollapsingHeader("wind")) {
      edited(ImGui::Checkbox("wind on", &panel_.wind));
      ImGui::SliderFloat("speed (m/s)", &panel_.windSpeed, 0.0f, 30.0f, "%.1f");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::SliderFloat("direction (deg from +x to +z)", &panel_.windDirection, -180.0f, 180.0f, "%.0f");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::TextDisabled("horizontal wind; gusts and density from the scene");
    }

    if (ImGui::CollapsingHeader("convergence of this frame", ImGuiTreeNodeFlags_DefaultOpen))
      drawConvergence();

    if (ImGui::CollapsingHeader("GPU time of the last solver frame", ImGuiTreeNodeFlags_DefaultOpen)) {
      double totalMs = 0.0;
      const std::vector<vk::StageTime> stages = sim_->solver->lastFrameTimes(&totalMs);
      if (stages.empty())
        ImGui::TextDisabled("no timestamps (yet)");
      else
        ImGui::Text("total %.3f ms, %u passes", totalMs, sim_->solver->passesPerFrame());
      // Many colours make many stages: a scrolling list of at most ~10 lines.
      const float lines = static_cast<float>(std::min<size_t>(stages.size(), 10));
      if (!stages.empty() &&
          ImGui::BeginChild("stage times",
                            ImVec2(0.0f, lines * ImGui::GetTextLineHeightWithSpacing() + 4.0f))) {
        for (const vk::StageTime& s : stages)
          if (s.passes > 0) ImGui::Text("%-20s %8.3f ms  (%u passes)", s.name.c_str(), s.ms, s.passes);
      }
      if (!stages.empty()) ImGui::EndChild();
    }

    if (ImGui::CollapsingHeader("colouring", ImGuiTreeNodeFlags_DefaultOpen)) {
      const ColouringStats& c = sim_->layout.stats;
      ImGui::Text("colours: %u (largest %u, smallest %u)", c.colours, c.largestColour, c.smallestColour);
      ImGui::Text("Jacobi batch: %u of %u constraints (%.1f%%)", c.tail, c.constraints, 100.0 * c.tailShare);
      ImGui::Text("coloured in %.3f s", sim_->layout.colouringSeconds);
      for (const KindColouring& k : sim_->layout.kinds) {
        if (k.stats.constraints == 0) continue;
        ImGui::BulletText("%s: %u constraints, %u colours (largest %u), %u in the Jacobi batch",
                          k.name.c_str(), k.stats.constraints, k.stats.colours, k.stats.largestColour,
                          k.stats.tail);
      }
    }
    if (ImGui::CollapsingHeader("hierarchy")) drawHierarchy();
    if (ImGui::CollapsingHeader("diagnostics", ImGuiTreeNodeFlags_DefaultOpen)) {
      refreshDiagnostics();
      if (diagnostics_) drawDiagnosticsPanel(sim_->model, *diagnostics_);
    }
    ImGui::TextDisabled("right-drag orbit, middle-drag pan, wheel zoom");
    ImGui::End();
    return rebuild;
  }

  // The hierarchy's coarse levels (docs/hierarchy.md), finest first; their passes are timed as "level l".
  void drawHierarchy() {
    const Hierarchy& h = sim_->layout.hierarchy;
    if (h.empty()) {
      ImGui::TextDisabled("off (or no body large enough for a coarse level)");
      return;
    }
    ImGui::Text("%u coarse levels (level 0: the %u particles of the model)", h.levelCount(),
                sim_->model.particleCount());
    for (uint32_t l = 0; l < h.levelCount(); ++l) {
      const HierarchyLevel& level = h.levels[l];
      if (level.constraints.empty())  // finer than the first solved level (solve_from_level)
        ImGui::BulletText("level %u: %u particles, prolongation only", l + 1, level.particleCount);
      else
        ImGui::BulletText("level %u: %u particles, %zu constraints, %zu colours", l + 1, level.particleCount,
                          level.constraints.size(), level.colours.size());
    }
    const uint32_t fused = sim_->layout.fusedLevel;
    if (fused > 0)
      ImGui::TextDisabled("levels %u-%u in one dispatch (<= %u constraints each), timed as \"level %u\"",
                          fused, h.levelCount(), sim_->scene.solver.fuseSmallLevels, fused);
  }

  // Reads the state back (waits for the GPU) a few times a second while the section is open; stops the
  // app (exit code 4) on a non-finite value.
  static constexpr double kDiagnosticsInterval = 0.5;  // s between read-backs
  void refreshDiagnostics() {
    const auto now = std::chrono::steady_clock::now();
    if (diagnostics_ && std::chrono::duration<double>(now - lastDiagnostics_).count() < kDiagnosticsInterval)
      return;
    lastDiagnostics_ = now;
    const State state = sim_->solver->download();
    nonFinite_ = nonFiniteError(sim_->model, state);
    diagnostics_ = measureDiagnostics(
        lab::measuredModel(sim_->model, sim_->solver->model(), sim_->solver->layout()), state);
  }

  // Self-collision and body–body contacts of the loaded scene, and the sizes of the last substep's lists.
  template <typename Edited>
  void drawContacts(Edited& edited) {
    if (!panel_.contactsAvailable) {
      ImGui::TextDisabled("the scene has no \"contacts\" (docs/scene-format.md)");
      return;
    }
    edited(ImGui::Checkbox("particle contacts", &panel_.contacts));
    edited(ImGui::Checkbox("point-triangle contacts", &panel_.triangles));
    ImGui::InputFloat("distance (m)", &panel_.contactDistance, 0.0f, 0.0f, "%.4f");
    edited(ImGui::IsItemDeactivatedAfterEdit());
    ImGui::SliderInt("rebuild interval", &panel_.rebuildInterval, 1, std::max(panel_.substeps, 1));
    edited(ImGui::IsItemDeactivatedAfterEdit());
    ImGui::DragFloat2("friction (static, kinetic)", &panel_.contactFriction.x, 0.01f, 0.0f, 2.0f, "%.2f");
    edited(ImGui::IsItemDeactivatedAfterEdit());
    const ContactSettings& c = sim_->model.contacts;
    if (c.enabled)
      ImGui::Text("search radius %.4f m%s", c.searchRadius,
                  c.triangles ? " (with the triangles' reach)" : "");
    if (c.enabled && ImGui::Button("count the lists")) {
      // A read-back of every list (waits for the GPU): on demand only.
      const NeighbourLists pairs = sim_->solver->downloadNeighbours();
      const NeighbourLists triangles = sim_->solver->downloadTriangleNeighbours();
      listCounts_ = {pairs.entries(), pairs.overflow, triangles.entries(), triangles.overflow};
    }
    if (c.enabled && listCounts_)
      ImGui::Text("pairs %llu (dropped %llu), triangles %llu (dropped %llu)",
                  static_cast<unsigned long long>((*listCounts_)[0]),
                  static_cast<unsigned long long>((*listCounts_)[1]),
                  static_cast<unsigned long long>((*listCounts_)[2]),
                  static_cast<unsigned long long>((*listCounts_)[3]));
  }

  void applyRebuild(Rebuild rebuild) {
    if (rebuild == Rebuild::None) return;
    if (animationExport_.active()) {  // its bodies are the model being replaced
      std::printf("export stopped: the simulation is rebuilt\n");
      animationExport_.stop();
    }
    SceneDesc scene = sim_->scene;
    if (rebuild == Rebuild::Reload) {
      // The open scene again, or the one chosen in the picker.
      const std::string path = pendingScene_ ? *pendingScene_ : options_.scene;
      pendingScene_.reset();
      try {
        scene = path.empty() ? builtinScene("flag") : loadScene(path);
        options_.overrides.applyTo(scene.solver);
        reloadError_.clear();
      } catch (const SceneError& e) {
        reloadError_ = e.what();
        std::printf("window: cannot open %s: %s\n", path.empty() ? "the built-in scene" : path.c_str(),
                    reloadError_.c_str());
        return;
      }
      if (path != options_.scene) {
        options_.scene = path;
        glfwSetWindowTitle(window_, ("vkxpbd - " + scene.name).c_str());
        std::printf("opened %s\n", path.c_str());
      }
      panel_ = PanelSettings::from(scene);
    } else {
      panel_.applyTo(scene);
    }
    std::optional<State> state;
    // A torn body's topology lives in its solver: a tearing scene starts again (docs/tearing.md).
    if (rebuild == Rebuild::KeepState && sim_->model.tears.empty()) state = sim_->solver->download();
    vkDeviceWaitIdle(ctx_.device);  // the frames in flight read the old solver's buffers
    grab_.reset();
    if (rebuild != Rebuild::KeepState) runtimePins_.clear();  // the state uploaded again has none
    diagnostics_.reset();
    const SceneDesc previous = sim_->scene;
    sim_.reset();
    listCounts_.reset();
    try {
      sim_ =
          buildSimulation(ctx_, scene, options_.timestamps, swapchain_->renderPass(), swapchain_->samples());
      reloadError_.clear();
    } catch (const SceneError& e) {
      // An edit the model rejects (a contact distance above the shortest rest distance, ...): say why
      // and go back to the scene as it was.
      reloadError_ = e.what();
      sim_ = buildSimulation(ctx_, previous, options_.timestamps, swapchain_->renderPass(),
                             swapchain_->samples());
      if (rebuild != Rebuild::Reload) panel_ = PanelSettings::from(previous);
    }
    if (state && state->positions.size() == sim_->model.particleCount()) sim_->solver->upload(*state);
    if (rebuild != Rebuild::KeepState) simulated_ = 0;
    if (rebuild != Rebuild::KeepState) frameCamera();
    accumulator_ = 0.0;
    printSolver();
  }

  RunOptions options_;
  GLFWwindow* window_;
  vk::Context ctx_;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
  std::unique_ptr<Swapchain> swapchain_;
  std::vector<Frame> frames_;
  uint32_t frameIndex_ = 0;
  std::unique_ptr<Simulation> sim_;
  VkDescriptorPool imguiPool_ = VK_NULL_HANDLE;
  render::OrbitCamera camera_;
  Input input_;
  glm::vec2 lastCursor_{0.0f};
  struct Grab {
    uint32_t particle;
    glm::vec3 point;          // where the cloth was grabbed, m; the drag plane passes through it
    glm::vec3 viewDirection;  // the drag plane's normal
  };
  std::optional<Grab> grab_;
  bool leftWasDown_ = false;
  render::ViewMode view_ = render::ViewMode::Shaded;
  const void* stressScaledFor_ = nullptr;  // the renderer whose stress scale was chosen from its forces
  int stressScaleTries_ = 0;
  PanelSettings panel_;
  std::optional<std::array<uint64_t, 4>> listCounts_;  // pairs, dropped, triangles, dropped
  std::string reloadError_;         // shown in the red banner over the 3D view (drawErrorBanner)
  float panelWidth_ = kPanelWidth;  // the docked panel's width, display units (0 when collapsed)
  ScenePicker picker_;
  std::optional<std::string> pendingScene_;  // chosen in the picker, opened by the next rebuild
  bool fWasDown_ = false;
  bool f9WasDown_ = false;
  bool recording_ = false;
  std::string recordDir_;
  uint32_t recordedFrames_ = 0;
  std::chrono::steady_clock::time_point recordStart_{};
  std::unique_ptr<WindowCapture> capture_;
  WindowExport animationExport_;            // the panel's "export animation"
  std::optional<Diagnostics> diagnostics_;  // of the state last read back for the panel
  std::chrono::steady_clock::time_point lastDiagnostics_{};
  std::optional<std::string> nonFinite_;  // nonFiniteError of a state read back
  bool paused_ = false;
  bool stepOnce_ = false;
  double accumulator_ = 0.0;
  uint32_t lastSolverFrames_ = 0;
  uint64_t displayed_ = 0;
  uint64_t simulated_ = 0;
  vk::RenderDoc& renderDoc_;
  bool f12WasDown_ = false;
  bool pWasDown_ = false;
  RuntimePins runtimePins_;  // pins made with P (sim/runtime_pins.h)
  static constexpr uint32_t kLiveResidualMaxConstraints = 200'000;
  bool liveResidual_ = true;
  std::vector<float> residuals_;  // m, after each iteration of the measured substep
  std::chrono::steady_clock::time_point lastConvergence_{};
  std::chrono::steady_clock::time_point lastStats_ = std::chrono::steady_clock::now();
  uint64_t statsDisplayed_ = 0;
};

}  // namespace

std::optional<int> runWindowApp(const RunOptions& options, const SceneDesc& scene,
                                vk::ContextOptions contextOptions, vk::RenderDoc& renderDoc) {
  if (!hasDisplay() || glfwInit() != GLFW_TRUE) return std::nullopt;
  struct Terminate {
    ~Terminate() { glfwTerminate(); }
  } terminate;
  if (glfwVulkanSupported() != GLFW_TRUE) return std::nullopt;
  uint32_t count = 0;
  const char** extensions = glfwGetRequiredInstanceExtensions(&count);
  if (extensions == nullptr) return std::nullopt;
  contextOptions.instanceExtensions.insert(contextOptions.instanceExtensions.end(), extensions,
                                           extensions + count);
  contextOptions.swapchain = true;

  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  const std::string title = "vkxpbd - " + scene.name;
  GLFWwindow* window = glfwCreateWindow(1280, 720, title.c_str(), nullptr, nullptr);
  if (window == nullptr) return std::nullopt;
  struct Destroy {
    GLFWwindow* w;
    ~Destroy() { glfwDestroyWindow(w); }
  } destroy{window};

  WindowApp app(options, scene, window, contextOptions, renderDoc);
  return app.run();
}

}  // namespace vkxpbd::window
