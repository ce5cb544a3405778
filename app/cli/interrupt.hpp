#pragma once
// Ctrl+C (SIGINT) and SIGTERM in the CLI, caught from the start of every
// command (docs/reliability.md R6): the first one sets a flag that the long
// commands (simulate, study) check, so what was computed so far is kept and
// written; a command that cannot stop part way (loading a model, saving one
// atomically) finishes that step, and main then ends with the message and
// the exit code 128 + the signal (130, 143), instead of being killed with
// nothing said.

#include <atomic>

namespace mstmm::cli {

/// Installs the handlers (once) and returns the flag they set.
const std::atomic<bool>& catchInterrupt();

/// The signal that set the flag (SIGINT or SIGTERM), or 0.
int interruptSignal();

}  // namespace mstmm::cli
