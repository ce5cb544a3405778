#include "core/sim/run_input_source.hpp"

#include <stdexcept>

namespace mstmm {

void LiveInputs::reset(const Model& model) {
  std::lock_guard lock(m_mutex);
  m_wanted = neutralInputs(model);
  m_changed = false;
  m_state.resize(0);
  m_log.clear();
}

void LiveInputs::moveTo(Eigen::VectorXd state) {
  std::lock_guard lock(m_mutex);
  m_state = std::move(state);
  m_changed = true;
}

void LiveInputs::setPerturbation(const Perturbation& perturbation) {
  std::lock_guard lock(m_mutex);
  m_wanted.perturbation = perturbation;
  m_changed = true;
}

void LiveInputs::release() { setPerturbation(Perturbation{}); }

void LiveInputs::setControl(int control, double value) {
  std::lock_guard lock(m_mutex);
  if (control < 0 || control >= static_cast<int>(m_wanted.controls.size())) throw std::out_of_range("LiveInputs::setControl: no control " + std::to_string(control));
  m_wanted.controls[static_cast<std::size_t>(control)] = value;
  m_changed = true;
}

RunInputs LiveInputs::wanted() const {
  std::lock_guard lock(m_mutex);
  return m_wanted;
}

InputLog LiveInputs::log() const {
  std::lock_guard lock(m_mutex);
  return m_log;
}

bool LiveInputs::inputsFor(long step, double t, RunInputs& inputs, Eigen::VectorXd& state) {
  std::lock_guard lock(m_mutex);
  if (!m_changed) return false;
  m_changed = false;
  state = std::move(m_state);
  m_state.resize(0);
  if (m_wanted == inputs && state.size() == 0) return false;
  inputs = m_wanted;
  m_log.push_back({step, t, inputs, state});
  return true;
}

bool ReplayedInputs::inputsFor(long step, double, RunInputs& inputs, Eigen::VectorXd& state) {
  if (m_next >= m_log.size() || m_log[m_next].step != step) return false;
  inputs = m_log[m_next].inputs;
  state = m_log[m_next].state;
  ++m_next;
  return true;
}

}  // namespace mstmm
