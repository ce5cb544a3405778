#pragma once
// Independent subtrees of a tree processed on two threads.
//
// Bodies are stored in post-order, so every subtree is a contiguous index
// range and the child subtrees of a branch body are disjoint ranges. A
// "fork point" is a branch body with at least two child subtrees of
// `threshold` bodies or more; its child subtrees are split into two groups
// of similar size, one run by a persistent worker thread while the calling
// thread runs the other. Nested fork points fork again when the worker is
// free and run inline otherwise. Every body is computed by the same code
// from the same inputs whichever thread runs it, so the results are
// bit-identical to a single-threaded run.

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/model/model.hpp"

namespace mstmm {

/// One background thread that runs one job at a time; handing a job over
/// allocates nothing.
class WorkerThread {
 public:
  using Function = void (*)(void* context, int argument);
  WorkerThread();
  ~WorkerThread();
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  /// Starts fn(context, argument) on the worker if it is idle; false if busy.
  bool tryStart(Function fn, void* context, int argument);
  /// Waits for the started job; rethrows what it threw.
  void wait();

 private:
  void loop();
  std::mutex m_mutex;
  std::condition_variable m_wake, m_done;
  Function m_fn = nullptr;
  void* m_context = nullptr;
  int m_argument = 0;
  bool m_busy = false, m_quit = false;
  std::exception_ptr m_error;
  std::thread m_thread;
};

struct ForkPoint {
  int body = -1;                  // the branch body
  std::vector<int> workerGroup;   // child bodies whose subtrees go to the worker
  std::vector<int> callerGroup;   // ... and those the calling thread runs
};

class SubtreePlan {
 public:
  SubtreePlan(const Model& model, int threshold);
  bool empty() const { return m_forks.empty(); }
  const std::vector<ForkPoint>& forks() const { return m_forks; }
  /// The outermost fork point whose subtree starts at index `begin` and ends at or before `end`, or null.
  const ForkPoint* forkStartingAt(int begin, int end) const;
  /// The fork point at body i, or null.
  const ForkPoint* forkAtBody(int i) const;

 private:
  std::vector<ForkPoint> m_forks;
  std::vector<std::vector<int>> m_startingAt;  // index -> forks, outermost first
  std::vector<int> m_atBody;                   // body -> fork or -1
};

}  // namespace mstmm
