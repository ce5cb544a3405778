#pragma once
// A run as an animation: the scene rendered offscreen at evenly spaced
// times (interpolated between recorded samples, as playback does), saved as
// a numbered PNG sequence or piped into the ffmpeg program as an H.264 MP4.
// ffmpeg is optional: without it the video export says so and what to install.

#include <QImage>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/results.hpp"
#include "render/scene_handle.hpp"

namespace mstmm::render {

struct AnimationOptions {
  int width = 1280, height = 720;
  double fps = 30.0;
  double speed = 1.0;  // simulated seconds per second of animation
  double startTime = -std::numeric_limits<double>::infinity();  // clamped to the recorded range
  double endTime = std::numeric_limits<double>::infinity();
  bool trails = false;              // trace tips (or trailBodies)
  double trailWindow = 1.0;         // s
  std::vector<int> trailBodies;     // compiled indices; empty: the tips
  bool currentCamera = false;       // keep the look's camera as it is; otherwise the whole motion is framed for this frame size
  bool timeStamp = true;            // "t = 1.250 s" in the top left corner of each frame
};

/// Writes the simulated time into a frame's top left corner, dark on a pale
/// box, sized to the frame (about 1/30 of its height).
void stampTime(QImage& frame, double t);

/// The times of the animation's frames: from the start to the end of the
/// (clamped) range every speed/fps seconds, the end included.
std::vector<double> animationTimes(const Results& results, const AnimationOptions& options);

/// Calls `frame(image, index, count)` for each frame; `frame` may return
/// false to stop. `look` gives selection, visibility and the view direction
/// (e.g. the on-screen view; its camera too with options.currentCamera);
/// without it the default view. Unless the camera is kept, everything the
/// bodies sweep is framed for the frames' own aspect.
/// Returns the number of frames delivered. Throws mstmm::Error.
int renderAnimation(std::shared_ptr<const Model> model, const Results& results, const AnimationOptions& options, const SceneHandle* look,
                    const std::function<bool(const QImage&, int, int)>& frame);

/// Writes frame_000000.png, frame_000001.png, ... into `directory`.
int exportAnimationFrames(std::shared_ptr<const Model> model, const Results& results, const AnimationOptions& options,
                          const SceneHandle* look, const std::string& directory,
                          const std::function<bool(int, int)>& progress = {});

/// The ffmpeg program on PATH, or empty when it is not installed.
std::string findFfmpeg();
/// Empty when ffmpeg is installed; otherwise what to tell the user (the one
/// wording the application, the CLI and the export share).
std::string ffmpegMissingReason();

/// Writes an MP4 (H.264, yuv420p; odd sizes are rounded up to even) through
/// ffmpeg. Throws mstmm::Error naming the missing program when there is none.
int exportAnimationVideo(std::shared_ptr<const Model> model, const Results& results, const AnimationOptions& options,
                         const SceneHandle* look, const std::string& path, const std::function<bool(int, int)>& progress = {});

}  // namespace mstmm::render
