#include "app/cli/interrupt.hpp"

#include <csignal>

namespace mstmm::cli {

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void onInterrupt(int) { g_interrupted.store(true); }
}  // namespace

const std::atomic<bool>& catchInterrupt() {
  std::signal(SIGINT, onInterrupt);
  return g_interrupted;
}

}  // namespace mstmm::cli
