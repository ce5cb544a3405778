#include "core/dynamics/riccati/subtree_parallelism.hpp"

#include <algorithm>

namespace mstmm {

WorkerThread::WorkerThread() : m_thread([this] { loop(); }) {}

WorkerThread::~WorkerThread() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_quit = true;
  }
  m_wake.notify_one();
  m_thread.join();
}

bool WorkerThread::tryStart(Function fn, void* context, int argument) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_busy) return false;
    m_fn = fn;
    m_context = context;
    m_argument = argument;
    m_busy = true;
  }
  m_wake.notify_one();
  return true;
}

void WorkerThread::wait() {
  std::unique_lock<std::mutex> lock(m_mutex);
  m_done.wait(lock, [this] { return !m_busy; });
  if (m_error) {
    std::exception_ptr error = m_error;
    m_error = nullptr;
    std::rethrow_exception(error);
  }
}

void WorkerThread::loop() {
  std::unique_lock<std::mutex> lock(m_mutex);
  while (true) {
    m_wake.wait(lock, [this] { return m_quit || (m_busy && m_fn); });
    if (m_quit) return;
    const Function fn = m_fn;
    m_fn = nullptr;
    lock.unlock();
    try {
      fn(m_context, m_argument);
    } catch (...) {
      lock.lock();
      m_error = std::current_exception();
      lock.unlock();
    }
    lock.lock();
    m_busy = false;
    m_done.notify_all();
  }
}

SubtreePlan::SubtreePlan(const Model& model, int threshold) {
  const int n = model.bodyCount();
  m_startingAt.resize(static_cast<std::size_t>(n));
  m_atBody.assign(static_cast<std::size_t>(n), -1);
  auto size = [&](int b) { return b - model.body(b).subtreeBegin + 1; };
  for (int a = 0; a < n; ++a) {
    const CompiledBody& body = model.body(a);
    std::vector<int> children;
    for (int l = body.firstChild; l < body.lastChild; ++l) children.push_back(model.links()[static_cast<std::size_t>(l)].child);
    if (children.size() < 2) continue;
    std::sort(children.begin(), children.end(), [&](int x, int y) { return size(x) > size(y); });
    if (size(children[1]) < threshold) continue;
    // Largest first into the lighter group.
    ForkPoint f;
    f.body = a;
    int worker = 0, caller = 0;
    for (int c : children) {
      if (worker <= caller) {
        f.workerGroup.push_back(c);
        worker += size(c);
      } else {
        f.callerGroup.push_back(c);
        caller += size(c);
      }
    }
    m_atBody[static_cast<std::size_t>(a)] = static_cast<int>(m_forks.size());
    m_forks.push_back(std::move(f));
  }
  // Forks sharing a start index are nested; the outermost (largest body) first.
  for (std::size_t k = m_forks.size(); k-- > 0;) {
    const int begin = model.body(m_forks[k].body).subtreeBegin;
    m_startingAt[static_cast<std::size_t>(begin)].push_back(static_cast<int>(k));
  }
}

const ForkPoint* SubtreePlan::forkStartingAt(int begin, int end) const {
  for (int k : m_startingAt[static_cast<std::size_t>(begin)])
    if (m_forks[static_cast<std::size_t>(k)].body <= end) return &m_forks[static_cast<std::size_t>(k)];
  return nullptr;
}

const ForkPoint* SubtreePlan::forkAtBody(int i) const {
  const int k = m_atBody[static_cast<std::size_t>(i)];
  return k < 0 ? nullptr : &m_forks[static_cast<std::size_t>(k)];
}

}  // namespace mstmm
