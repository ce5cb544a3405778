#pragma once
// The one error type of core. Every message names the element (body, hinge)
// and the problem; the GUI and CLI catch it once and show what() to the user.

#include <optional>
#include <stdexcept>
#include <string>

namespace mstmm {

enum class ErrorKind {
  Input,       // a file or command line that cannot be read
  Validation,  // a model that is readable but physically or topologically invalid
  Solver,      // a singular or ill-conditioned release matrix or root solve
  Divergence,  // a simulation whose state stopped being finite or blew up
  Io,          // a file that cannot be written
};

/// What an error refers to, so a GUI can highlight it.
struct ErrorSubject {
  enum class Kind { None, Body, Hinge } kind = Kind::None;
  int specIndex = -1;  // index into ModelSpec::bodies or ModelSpec::hinges
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message, ErrorSubject subject = {},
        std::optional<double> time = std::nullopt)
      : std::runtime_error(message), m_kind(kind), m_subject(subject), m_time(time) {}

  ErrorKind kind() const { return m_kind; }
  const ErrorSubject& subject() const { return m_subject; }
  /// Simulated time at which a solver or divergence error happened.
  std::optional<double> time() const { return m_time; }

 private:
  ErrorKind m_kind;
  ErrorSubject m_subject;
  std::optional<double> m_time;
};

}  // namespace mstmm
