#pragma once
// Ctrl+C in the CLI's long commands (simulate, study): the first one sets a
// flag the run checks, so what was computed so far is kept and written.

#include <atomic>

namespace mstmm::cli {

/// Installs the handler and returns the flag it sets.
const std::atomic<bool>& catchInterrupt();

}  // namespace mstmm::cli
