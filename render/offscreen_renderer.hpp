#pragma once
// Renders a scene into an image of any size without a window on screen:
// for "export 3-D view as PNG", animation frames, videos and the headless
// CLI. Needs an X display (a real one or Xvfb); available() says why not.

#include <QImage>
#include <memory>
#include <string>

#include "render/scene_handle.hpp"

namespace mstmm::render {

class OffscreenRenderer final : public SceneHandle {
 public:
  OffscreenRenderer();
  ~OffscreenRenderer() override;

  /// Whether offscreen rendering can work here; if not, `why` says what is missing.
  static bool available(std::string* why = nullptr);

  /// The current scene as a width x height RGB image (any size: large images
  /// are rendered in tiles). Throws mstmm::Error when rendering is impossible.
  QImage render(int width, int height);
  /// The OpenGL renderer that drew the last image (e.g. "llvmpipe ...").
  std::string rendererName() const;

 protected:
  void sceneReplaced(Scene* previous) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace mstmm::render
