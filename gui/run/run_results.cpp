#include "gui/run/run_results.hpp"

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

}  // namespace mstmm::gui
