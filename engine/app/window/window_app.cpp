#include "app/window/window_app.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

#include "app/commands.h"
#include "app/panel_settings.h"
#include "app/window/diagnostics_panel.h"
#include "app/window/imgui_vulkan_names.h"
#include "app/window/legend_overlay.h"
#include "app/window/swapchain.h"
#include "gpu/gpu_solver.h"
#include "lab/residual.h"
#include "render/camera.h"
#include "render/picking.h"
#include "render/scene_renderer.h"
#include "scene/builtin_scenes.h"
#include "shared/render_types.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/diagnostics.h"

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
  sim->renderer = std::make_unique<render::SceneRenderer>(ctx, sim->model, sim->solver->positionBuffer(),
                                                          renderPass, samples);
  sim->renderer->enableConstraintViews(*sim->solver, renderPass, samples);
  const render::Bounds bounds = render::sceneBounds(sim->model);
  sim->renderer->gridCell = std::max(0.05f, bounds.radius() / 8.0f);
  return sim;
}

// Mouse input for the orbit camera, filled by GLFW callbacks (chained by ImGui's).
struct Input {
  double scroll = 0.0;
};

void scrollCallback(GLFWwindow* window, double /*x*/, double y) {
  static_cast<Input*>(glfwGetWindowUserPointer(window))->scroll += y;
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
  }

  ~WindowApp() {
    vkDeviceWaitIdle(ctx_.device);
    ImGui_ImplVulkan_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    vkDestroyDescriptorPool(ctx_.device, imguiPool_, nullptr);
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
      const Rebuild rebuild = drawPanel();
      drawLegendOverlay(sim_->renderer->legend());
      ImGui::Render();

      const bool capture = takeCapture();
      if (capture) renderDoc_.startCapture();
      simulate(realDt);
      drawFrame();
      if (capture) endCapture();
      if (options_.stats) printStats();
      applyRebuild(rebuild);
    }
    vkDeviceWaitIdle(ctx_.device);
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
  // math (docs/architecture.md), so it is cheap enough to refresh a few times a second.
  static constexpr uint32_t kPlotIterations = 16;
  static constexpr double kConvergenceInterval = 0.25;  // s between measurements

  void measureConvergence() {
    const State state = sim_->solver->download();
    if (!nonFinite_) nonFinite_ = nonFiniteError(sim_->model, state);
    SolverSettings step = sim_->scene.solver;
    step.frameDt = step.substepDt();
    step.substeps = 1;
    step.iterations = std::max(step.iterations, kPlotIterations);
    CpuSolver cpu(sim_->model, step, sim_->layout);
    State x = state;
    residuals_.clear();
    cpu.stepFrame(x, [&](uint32_t, uint32_t, const State& now) {
      const std::vector<float> lambdas = lab::lambdasInModelOrder(sim_->layout, cpu.lambdas());
      residuals_.push_back(static_cast<float>(lab::measureStep(sim_->model, combinedPositions(now), lambdas,
                                                               step.implicitDt(), step.constraintModel)
                                                  .residualL2));
    });
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

  float aspect() const {
    const VkExtent2D e = swapchain_->extent();
    return static_cast<float>(e.width) / static_cast<float>(std::max(e.height, 1u));
  }

  void frameCamera() { camera_ = render::frameBounds(render::sceneBounds(sim_->model), aspect()); }

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
    // Our scroll callback first: ImGui's (installed with install_callbacks) chains to it.
    glfwSetWindowUserPointer(window_, &input_);
    glfwSetScrollCallback(window_, scrollCallback);
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
    int width = 0, height = 0;
    glfwGetWindowSize(window_, &width, &height);  // cursor coordinates are in window units
    if (width <= 0 || height <= 0) return;
    const render::Ray ray =
        render::cameraRay(camera_, cursor, glm::vec2(static_cast<float>(width), static_cast<float>(height)));
    if (!grab_) {
      if (!mouseFree || leftWasDown_) return;  // a press that started on the panel, or a held button
      const State state = solver.download();
      const std::optional<render::PickHit> hit = render::pickParticle(ray, sim_->model, state.positions);
      if (!hit) return;
      grab_ = Grab{hit->particle, hit->point, glm::normalize(camera_.target - camera_.eye())};
      solver.setGrab(hit->particle, hit->point, kGrabCompliance);
      return;
    }
    solver.setGrab(grab_->particle, render::dragTarget(ray, grab_->point, grab_->viewDirection),
                   kGrabCompliance);
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
      if (sim_->solver->topologyVersion() != drawnTopology_) {  // a tear opened the surface
        sim_->renderer->updateSurface(sim_->solver->layout().surface);
        drawnTopology_ = sim_->solver->topologyVersion();
      }
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
    sim_->renderer->recordDraw(f.cmd, camera_, swapchain_->extent(), sim_->solver->time());
    ctx_.endLabel(f.cmd);
    ctx_.beginLabel(f.cmd, "draw panel");
    ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), f.cmd);
    ctx_.endLabel(f.cmd);
    vkCmdEndRenderPass(f.cmd);
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
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(430, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("vkxpbd", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    const ImGuiIO& io = ImGui::GetIO();
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
    if (!reloadError_.empty()) ImGui::TextWrapped("%s", reloadError_.c_str());

    {
      const char* views[] = {"shaded", "wireframe", "constraint colours", "stress |lambda|/dt^2"};
      int view = static_cast<int>(view_);
      if (ImGui::Combo("view", &view, views, 4)) view_ = static_cast<render::ViewMode>(view);
      sim_->renderer->view = view_;
      if (view_ == render::ViewMode::Stress)
        ImGui::SliderFloat("red at (N)", &sim_->renderer->stressScale, 0.001f, 100.0f, "%.3f",
                           ImGuiSliderFlags_Logarithmic);
      ImGui::TextDisabled("left-drag: grab the cloth; right-drag: orbit; middle-drag: pan; wheel: zoom");
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
      ImGui::InputFloat("stretch (m/N)", &panel_.complianceStretch, 0.0f, 0.0f, "%.3e");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::InputFloat("shear (m/N)", &panel_.complianceShear, 0.0f, 0.0f, "%.3e");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::InputFloat("bend (m/N)", &panel_.complianceBend, 0.0f, 0.0f, "%.3e");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      ImGui::DragFloat3("gravity (m/s2)", &panel_.gravity.x, 0.05f, -100.0f, 100.0f, "%.2f");
      edited(ImGui::IsItemDeactivatedAfterEdit());
      edited(ImGui::Checkbox("hierarchy (coarse-to-fine, every body)", &panel_.hierarchy));
      ImGui::TextDisabled("compliances apply to every cloth; changes rebuild the solver");
      if (panel_.tearAvailable) {
        ImGui::SliderFloat("tear strain", &panel_.tearStrain, 1.01f, 3.0f, "%.3f");
        edited(ImGui::IsItemDeactivatedAfterEdit());
        ImGui::TextDisabled("stretch ratio past which a constraint breaks; a change starts the scene again");
      }
    }

    if (ImGui::CollapsingHeader("contacts")) drawContacts(edited);

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
      ImGui::BulletText("level %u: %u particles, %zu constraints, %zu colours", l + 1, level.particleCount,
                        level.constraints.size(), level.colours.size());
    }
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
    diagnostics_ = measureDiagnostics(sim_->model, state);
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
    SceneDesc scene = sim_->scene;
    if (rebuild == Rebuild::Reload) {
      try {
        scene = options_.scene.empty() ? builtinScene("flag") : loadScene(options_.scene);
        options_.overrides.applyTo(scene.solver);
        reloadError_.clear();
      } catch (const SceneError& e) {
        reloadError_ = e.what();
        return;
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
    drawnTopology_ = 0;
    if (rebuild == Rebuild::Reload) frameCamera();
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
  PanelSettings panel_;
  std::optional<std::array<uint64_t, 4>> listCounts_;  // pairs, dropped, triangles, dropped
  std::string reloadError_;
  std::optional<Diagnostics> diagnostics_;  // of the state last read back for the panel
  std::chrono::steady_clock::time_point lastDiagnostics_{};
  std::optional<std::string> nonFinite_;  // nonFiniteError of a state read back
  bool paused_ = false;
  bool stepOnce_ = false;
  double accumulator_ = 0.0;
  uint32_t lastSolverFrames_ = 0;
  uint64_t displayed_ = 0;
  uint64_t simulated_ = 0;
  uint64_t drawnTopology_ = 0;  // the solver's topologyVersion() the renderer draws
  vk::RenderDoc& renderDoc_;
  bool f12WasDown_ = false;
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
