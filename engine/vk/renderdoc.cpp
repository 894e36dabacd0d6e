#include "vk/renderdoc.h"

#include <filesystem>

#ifdef VKXPBD_HAVE_RENDERDOC
#include <dlfcn.h>
#include <renderdoc_app.h>

#include <vector>
#endif

namespace vkxpbd::vk {

#ifdef VKXPBD_HAVE_RENDERDOC

namespace {

RENDERDOC_API_1_1_2* apiOf(void* p) {
  return static_cast<RENDERDOC_API_1_1_2*>(p);
}

// Finds librenderdoc.so already in the process, else loads it; the library stays loaded for good.
void* openLibrary(std::string& error) {
  const char* names[] = {"librenderdoc.so", "/usr/lib/librenderdoc.so"};
  for (const char* name : names)
    if (void* lib = dlopen(name, RTLD_NOW | RTLD_NOLOAD)) return lib;
  for (const char* name : names) {
    if (void* lib = dlopen(name, RTLD_NOW)) return lib;
    const char* e = dlerror();
    error = e != nullptr ? e : "cannot load librenderdoc.so";
  }
  return nullptr;
}

}  // namespace

bool RenderDoc::load(const std::string& pathTemplate) {
  if (api_ != nullptr) return true;
  std::string error;
  void* lib = openLibrary(error);
  if (lib == nullptr) {
    reason_ = error;
    return false;
  }
  auto getApi = reinterpret_cast<pRENDERDOC_GetAPI>(dlsym(lib, "RENDERDOC_GetAPI"));
  if (getApi == nullptr) {
    reason_ = "librenderdoc.so has no RENDERDOC_GetAPI";
    return false;
  }
  void* api = nullptr;
  if (getApi(eRENDERDOC_API_Version_1_1_2, &api) != 1 || api == nullptr) {
    reason_ = "RENDERDOC_GetAPI refused API version 1.1.2";
    return false;
  }
  api_ = api;
  reason_.clear();
  apiOf(api_)->SetCaptureFilePathTemplate(pathTemplate.c_str());
  // No overlay text in captured images; captures only where asked, never on a key press.
  apiOf(api_)->MaskOverlayBits(eRENDERDOC_Overlay_None, eRENDERDOC_Overlay_None);
  apiOf(api_)->SetCaptureKeys(nullptr, 0);
  return true;
}

void RenderDoc::startCapture() {
  if (api_ != nullptr) apiOf(api_)->StartFrameCapture(nullptr, nullptr);
}

bool RenderDoc::endCapture() {
  return api_ != nullptr && apiOf(api_)->EndFrameCapture(nullptr, nullptr) == 1;
}

std::string RenderDoc::lastCapturePath() const {
  if (api_ == nullptr) return {};
  const uint32_t count = apiOf(api_)->GetNumCaptures();
  if (count == 0) return {};
  uint32_t length = 0;
  if (apiOf(api_)->GetCapture(count - 1, nullptr, &length, nullptr) != 1 || length == 0) return {};
  std::vector<char> path(length + 1, '\0');
  if (apiOf(api_)->GetCapture(count - 1, path.data(), &length, nullptr) != 1) return {};
  return std::string(path.data());
}

#else  // built without renderdoc_app.h

bool RenderDoc::load(const std::string&) {
  reason_ = "built without RenderDoc support";
  return false;
}
void RenderDoc::startCapture() {}
bool RenderDoc::endCapture() {
  return false;
}
std::string RenderDoc::lastCapturePath() const {
  return {};
}

#endif

std::string RenderDoc::endCaptureTo(const std::string& path) {
  if (!endCapture()) return {};
  std::string written = lastCapturePath();
  std::error_code error;
  std::filesystem::rename(written, path, error);
  return error ? written : path;
}

}  // namespace vkxpbd::vk
