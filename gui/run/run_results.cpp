#include "gui/run/run_results.hpp"

#include "core/model/same_model.hpp"

namespace mstmm::gui {

RunResults::RunResults(std::shared_ptr<const Model> model, const RecordOptions& options)
    : m_model(std::move(model)), m_results(*m_model, options) {}

void RunResults::record(const Frame& frame) {
  {
    QMutexLocker lock(&m_mutex);
    m_results.record(frame);
  }
  m_frames.fetch_add(1, std::memory_order_release);
}

bool RunResults::describe(const ModelSpec& spec) const { return m_runSpec && sameModel(spec, *m_runSpec); }

RunResults::Latest RunResults::latestOf(const Model& model, const Eigen::VectorXd& y, double t, std::vector<BodyPose>& poses) {
  computePoses(model, y, poses);
  Latest latest;
  latest.time = t;
  for (int i = 0; i < model.bodyCount(); ++i) {
    latest.inputs.push_back(poses[static_cast<std::size_t>(i)].input);
    latest.orientations.push_back(bodyQuaternion(model, y, i));
  }
  latest.state = y;
  return latest;
}

void RunResults::setLatest(Latest latest) {
  QMutexLocker lock(&m_latestMutex);
  std::swap(m_latest, latest);
}

bool RunResults::latestAfter(double after, Latest& out) const {
  QMutexLocker lock(&m_latestMutex);
  if (!(m_latest.time > after)) return false;
  out.time = m_latest.time;
  out.inputs = m_latest.inputs;
  out.orientations = m_latest.orientations;
  return true;
}

bool RunResults::latestState(Eigen::VectorXd& state, double& time) const {
  QMutexLocker lock(&m_latestMutex);
  if (m_latest.time < 0.0 || m_latest.state.size() == 0) return false;
  state = m_latest.state;
  time = m_latest.time;
  return true;
}

}  // namespace mstmm::gui
