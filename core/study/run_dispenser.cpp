#include "core/study/run_dispenser.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "core/error.hpp"
#include "core/study/study_json.hpp"

namespace mstmm {

double estimatedRunCost(const StudySpec& study, const std::vector<double>& values) {
  std::vector<std::string> addresses;
  for (const StudyParameter& p : study.parameters) addresses.push_back(p.address);
  ModelSpec spec;
  try {
    spec = withParameters(study.model, addresses, values);
  } catch (const Error&) {
    return 1.0;
  }
  const SimulationSettings& s = spec.simulation;
  const double step = s.integrator == IntegratorKind::Rk4 ? s.timeStep : s.timeStep * std::max(1, s.outputEvery);
  const double steps = s.endTime / step;
  double bodies = 0.0;
  for (const BodySpec& b : spec.bodies) bodies += b.beam ? std::max(1, b.beam->segments) : 1;
  const double cost = steps * std::max(1.0, bodies);
  return std::isfinite(cost) && cost >= 1.0 ? cost : 1.0;  // a run the model check refuses costs nothing
}

RunDispenser::RunDispenser(const std::vector<int>& runs, const std::vector<double>& costs, int takers) : m_takers(std::max(1, takers)) {
  if (runs.size() != costs.size()) throw std::invalid_argument("RunDispenser: one cost per run");
  std::vector<std::size_t> order(runs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Longest first; equal costs in run order, so that a plan of equal runs goes in its own order.
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  for (std::size_t k : order) {
    m_runs.push_back(runs[k]);
    m_costs.push_back(costs[k]);
    m_left += costs[k];
  }
}

std::vector<int> RunDispenser::takeBatch() {
  std::lock_guard<std::mutex> guard(m_lock);
  std::vector<int> batch;
  const double share = m_left / (2.0 * m_takers);
  double taken = 0.0;
  while (m_next < m_runs.size() && (batch.empty() || taken + m_costs[m_next] <= share)) {
    batch.push_back(m_runs[m_next]);
    taken += m_costs[m_next];
    m_left -= m_costs[m_next++];
  }
  return batch;
}

int RunDispenser::takeOne() {
  std::lock_guard<std::mutex> guard(m_lock);
  if (m_next >= m_runs.size()) return -1;
  m_left -= m_costs[m_next];
  return m_runs[m_next++];
}

void RunDispenser::close() {
  std::lock_guard<std::mutex> guard(m_lock);
  m_next = m_runs.size();
  m_left = 0.0;
}

}  // namespace mstmm
