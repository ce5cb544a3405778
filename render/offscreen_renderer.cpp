#include "render/offscreen_renderer.hpp"

#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkUnsignedCharArray.h>
#include <vtkWindowToImageFilter.h>
#include <vtkImageData.h>
#include <vtkPointData.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/error.hpp"
#include "render/scene.hpp"

namespace mstmm::render {
namespace {

/// The largest window we render in one piece; larger images are tiled.
constexpr int kMaxTile = 4096;

/// The "OpenGL renderer string" line of VTK's capability report (the text
/// belongs to the window).
std::string rendererOf(vtkRenderWindow* window) {
  const std::string report = window->ReportCapabilities();
  const std::string key = "OpenGL renderer string:";
  const auto at = report.find(key);
  if (at == std::string::npos) return "unknown";
  const auto begin = report.find_first_not_of(' ', at + key.size());
  return report.substr(begin, report.find('\n', begin) - begin);
}

}  // namespace

struct OffscreenRenderer::Impl {
  vtkSmartPointer<vtkRenderWindow> window;
  std::string renderer;

  void makeWindow() {
    window = vtkSmartPointer<vtkRenderWindow>::New();
    window->SetOffScreenRendering(1);
    window->SetMultiSamples(4);
    window->SetSize(64, 64);
  }
};

OffscreenRenderer::OffscreenRenderer() : m_impl(std::make_unique<Impl>()) {}

OffscreenRenderer::~OffscreenRenderer() {
  setModel(nullptr);  // the renderers leave the window before it goes
  if (m_impl->window) m_impl->window->Finalize();
}

bool OffscreenRenderer::available(std::string* why) {
  const char* display = std::getenv("DISPLAY");
  if (display && *display) return true;
  if (why) *why = "3-D rendering needs an X display and DISPLAY is not set; run under xvfb-run (Debian package xvfb)";
  return false;
}

void OffscreenRenderer::sceneReplaced(Scene* previous) {
  if (!m_impl->window) return;
  if (previous) previous->detach(m_impl->window);
  if (scene()) scene()->attach(m_impl->window);
}

QImage OffscreenRenderer::render(int width, int height) {
  std::string why;
  if (!available(&why)) throw Error(ErrorKind::Io, why);
  if (width < 1 || height < 1 || width > 65536 || height > 65536)
    throw Error(ErrorKind::Io, "image size " + std::to_string(width) + "x" + std::to_string(height) + " is out of range (1..65536)");
  if (!scene()) throw Error(ErrorKind::Io, "there is no model to render");
  if (!m_impl->window) {
    m_impl->makeWindow();
    scene()->attach(m_impl->window);
  }
  // Tiles: the window is 1/scale of the image; VTK renders each tile with
  // the camera's window centre shifted and stitches them.
  const int scale = std::max(1, static_cast<int>(std::ceil(std::max(width, height) / static_cast<double>(kMaxTile))));
  const int tileWidth = (width + scale - 1) / scale, tileHeight = (height + scale - 1) / scale;
  m_impl->window->SetSize(tileWidth, tileHeight);
  scene()->prepareRender();
  m_impl->window->Render();
  if (m_impl->renderer.empty()) m_impl->renderer = rendererOf(m_impl->window);
  auto grab = vtkSmartPointer<vtkWindowToImageFilter>::New();
  grab->SetInput(m_impl->window);
  grab->SetScale(scale);
  grab->SetInputBufferTypeToRGB();
  grab->ReadFrontBufferOff();
  grab->ShouldRerenderOn();
  grab->Update();
  vtkImageData* image = grab->GetOutput();
  int dims[3];
  image->GetDimensions(dims);
  auto* pixels = static_cast<unsigned char*>(image->GetScalarPointer());
  if (!pixels || dims[0] < width || dims[1] < height) throw Error(ErrorKind::Io, "the offscreen render produced no image");
  QImage out(width, height, QImage::Format_RGB888);
  for (int row = 0; row < height; ++row)  // VTK's rows run bottom-up
    std::memcpy(out.scanLine(row), pixels + static_cast<std::size_t>(dims[1] - 1 - row) * static_cast<std::size_t>(dims[0]) * 3,
                static_cast<std::size_t>(width) * 3);
  return out;
}

std::string OffscreenRenderer::rendererName() const { return m_impl->renderer; }

}  // namespace mstmm::render
