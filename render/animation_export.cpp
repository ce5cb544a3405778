#include "render/animation_export.hpp"

#include <QDir>
#include <QFontMetrics>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/io/atomic_file.hpp"
#include "render/offscreen_renderer.hpp"
#include "render/result_states.hpp"

namespace mstmm::render {

std::vector<double> animationTimes(const Results& results, const AnimationOptions& options) {
  if (results.frameCount() == 0) return {};
  const double first = results.times().front(), last = results.times().back();
  const double t0 = std::clamp(options.startTime, first, last), t1 = std::clamp(options.endTime, first, last);
  const double dt = options.speed / options.fps;
  std::vector<double> times;
  if (t1 < t0 || !(dt > 0.0)) return times;
  const auto steps = static_cast<long>(std::floor((t1 - t0) / dt + 1e-9));
  for (long k = 0; k <= steps; ++k) times.push_back(t0 + static_cast<double>(k) * dt);
  if (t1 - times.back() > 1e-9 * std::max(1.0, std::abs(t1))) times.push_back(t1);  // the last recorded state is always shown
  return times;
}

void stampTime(QImage& frame, double t) {
  QPainter painter(&frame);
  QFont font = painter.font();
  font.setPixelSize(std::max(10, frame.height() / 30));
  painter.setFont(font);
  const QString text = QString("t = %1 s").arg(t, 0, 'f', 3);
  const QFontMetrics metrics(font);
  const int margin = std::max(4, frame.height() / 80);
  const QRect box(margin, margin, metrics.horizontalAdvance(text) + 2 * margin, metrics.height() + margin);
  painter.fillRect(box, QColor(255, 255, 255, 200));
  painter.setPen(QColor(30, 30, 30));
  painter.drawText(box, Qt::AlignCenter, text);
}

int renderAnimation(std::shared_ptr<const Model> model, const Results& results, const AnimationOptions& options, const SceneHandle* look,
                    const std::function<bool(const QImage&, int, int)>& frame) {
  if (options.width < 16 || options.height < 16 || options.width > 16384 || options.height > 16384)
    throw Error(ErrorKind::Input, "animation: a frame size of " + std::to_string(options.width) + "x" + std::to_string(options.height) +
                                      " pixels is outside 16..16384");
  if (!(options.fps > 0.0) || !(options.speed > 0.0)) throw Error(ErrorKind::Input, "animation: frames per second and speed must be positive");
  const std::vector<double> times = animationTimes(results, options);
  if (times.empty()) throw Error(ErrorKind::Input, "animation: the run has no recorded frames in the chosen time range");
  std::string why;
  if (!OffscreenRenderer::available(&why)) throw Error(ErrorKind::Io, "animation: " + why);

  OffscreenRenderer renderer;
  if (look && look->model() == model) renderer.copySceneFrom(*look);
  else renderer.setModel(model);
  if (!options.currentCamera) {
    Vec3 lo, hi;
    motionBounds(*model, results, 0.03, lo, hi);
    renderer.fitBox(lo, hi, static_cast<double>(options.width) / options.height);
  }
  std::vector<BodyState> states;
  std::vector<char> visible;
  const int count = static_cast<int>(times.size());
  for (int k = 0; k < count; ++k) {
    statesAt(*model, results, times[static_cast<std::size_t>(k)], states, visible);
    renderer.setVisibleBodies(visible);
    renderer.setStates(states);
    if (options.trails) renderer.setTrails(trailsAt(*model, results, options.trailBodies, times[static_cast<std::size_t>(k)], options.trailWindow));
    QImage image = renderer.render(options.width, options.height);
    if (options.timeStamp) stampTime(image, times[static_cast<std::size_t>(k)]);
    if (!frame(image, k, count)) return k + 1;
  }
  return count;
}

int exportAnimationFrames(std::shared_ptr<const Model> model, const Results& results, const AnimationOptions& options,
                          const SceneHandle* look, const std::string& directory, const std::function<bool(int, int)>& progress) {
  const QDir dir(QString::fromStdString(directory));
  if (!dir.mkpath(".")) throw Error(ErrorKind::Io, "animation: cannot create the folder " + directory);
  return renderAnimation(std::move(model), results, options, look, [&](const QImage& image, int k, int count) {
    const QString path = dir.filePath(QStringLiteral("frame_%1.png").arg(k, 6, 10, QLatin1Char('0')));
    if (!image.save(path, "PNG")) throw Error(ErrorKind::Io, "animation: cannot write " + path.toStdString());
    return !progress || progress(k + 1, count);
  });
}

std::string findFfmpeg() { return QStandardPaths::findExecutable(QStringLiteral("ffmpeg")).toStdString(); }

std::string ffmpegMissingReason() {
  if (!findFfmpeg().empty()) return {};
  return "the ffmpeg program is not installed (Debian: apt-get install ffmpeg); export a PNG frame sequence instead, "
         "or install ffmpeg and export again";
}

namespace {

/// ffmpeg reading raw RGB frames on its standard input.
class FfmpegPipe {
 public:
  FfmpegPipe(const std::string& program, const std::string& path, int width, int height, double fps) {
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.start(QString::fromStdString(program),
                    {"-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", QStringLiteral("%1x%2").arg(width).arg(height), "-r",
                     QString::number(fps, 'g', 10), "-i", "-", "-an", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
                     "-f", "mp4", QString::fromStdString(path)});
    if (!m_process.waitForStarted(10000)) throw Error(ErrorKind::Io, "video: cannot start " + program + ": " + m_process.errorString().toStdString());
  }
  ~FfmpegPipe() {
    if (m_process.state() != QProcess::NotRunning) {
      m_process.kill();
      m_process.waitForFinished(5000);
    }
  }

  void write(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    const qint64 rowBytes = 3LL * rgb.width();
    for (int y = 0; y < rgb.height(); ++y)  // rows without QImage's 4-byte padding
      if (m_process.write(reinterpret_cast<const char*>(rgb.constScanLine(y)), rowBytes) != rowBytes) fail("the pipe to ffmpeg broke");
    while (m_process.bytesToWrite() > (1 << 22))  // keep at most a few frames in flight
      if (!m_process.waitForBytesWritten(30000)) fail("ffmpeg stopped reading");
  }

  void finish() {
    m_process.closeWriteChannel();
    if (!m_process.waitForFinished(-1) || m_process.exitStatus() != QProcess::NormalExit || m_process.exitCode() != 0) fail("ffmpeg failed");
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    const QString detail = QString::fromLocal8Bit(m_process.readAllStandardError()).trimmed();
    throw Error(ErrorKind::Io, "video: " + what + (detail.isEmpty() ? std::string() : ": " + detail.toStdString()));
  }

  QProcess m_process;
};

}  // namespace

int exportAnimationVideo(std::shared_ptr<const Model> model, const Results& results, const AnimationOptions& options,
                         const SceneHandle* look, const std::string& path, const std::function<bool(int, int)>& progress) {
  const std::string ffmpeg = findFfmpeg();
  if (ffmpeg.empty()) throw Error(ErrorKind::Io, "video: " + ffmpegMissingReason());
  AnimationOptions even = options;  // H.264 in yuv420p needs even sizes
  even.width += even.width % 2;
  even.height += even.height % 2;
  // ffmpeg writes a temporary file beside the target, put in place only
  // when every frame is in and it has finished well (docs/reliability.md
  // R1): a failed or stopped export leaves an older video as it was. The
  // pipe goes first.
  AtomicFile video(path);
  std::unique_ptr<FfmpegPipe> pipe;
  int planned = 0;
  const int frames = renderAnimation(std::move(model), results, even, look, [&](const QImage& image, int k, int count) {
    if (!pipe) pipe = std::make_unique<FfmpegPipe>(ffmpeg, video.nameToWrite(), image.width(), image.height(), even.fps);
    planned = count;
    pipe->write(image);
    return !progress || progress(k + 1, count);
  });
  if (!pipe) throw Error(ErrorKind::Input, "video: the run has no recorded frames");
  if (frames < planned) return frames;  // stopped: the pipe and the temporary file go
  pipe->finish();
  pipe.reset();
  video.commit();
  return frames;
}

}  // namespace mstmm::render
