#include "app/cli/interrupt.hpp"

#include <csignal>

namespace mstmm::cli {

namespace {
std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
extern "C" void onInterrupt(int signal) {
  int none = 0;
  g_signal.compare_exchange_strong(none, signal);
  g_interrupted.store(true);
}
}  // namespace

const std::atomic<bool>& catchInterrupt() {
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  return g_interrupted;
}

int interruptSignal() { return g_signal.load(); }

}  // namespace mstmm::cli
