#pragma once
// Who computes which run of a study next (docs/studies.md, "How runs are
// handed out"). Runs differ in cost (a parameter may be the end time, the
// time step or a beam's segments), and a study's wall time is its slowest
// taker's: so the pending runs are handed out longest first, a taker far
// from the others (an MPI process, which pays a message per batch) gets a
// batch worth a share of what is left, and the batches shrink towards the
// end so that every taker finishes at about the same time (guided
// self-scheduling weighted by cost). Thread-safe.

#include <mutex>
#include <vector>

#include "core/study/study_spec.hpp"

namespace mstmm {

/// An estimate of a run's cost in body-steps: the planned steps (end time
/// over time step; the output interval's for adaptive integration) times the
/// bodies (a beam counts its segments). A run whose values make no model is
/// refused at once: cost 1.
double estimatedRunCost(const StudySpec& study, const std::vector<double>& values);

class RunDispenser {
 public:
  /// `runs` and their `costs` (same length); `takers`: how many take batches.
  RunDispenser(const std::vector<int>& runs, const std::vector<double>& costs, int takers);

  /// The next batch: runs (longest first) worth at least what is left over
  /// twice the takers, and at least one run; empty when none is left.
  std::vector<int> takeBatch();
  /// The next single run, or -1 when none is left (a taker with no message cost).
  int takeOne();
  /// Nothing more is handed out (a taker failed: the study stops).
  void close();

 private:
  std::mutex m_lock;
  std::vector<int> m_runs;      // longest first
  std::vector<double> m_costs;  // of m_runs
  std::size_t m_next = 0;
  double m_left = 0.0;          // the cost of m_runs from m_next on
  int m_takers = 1;
};

}  // namespace mstmm
