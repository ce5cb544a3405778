#pragma once
// A small command-line parser: positional words, "--key value" options and
// "--flag" switches. Unknown or malformed options are errors, not ignored.

#include <map>
#include <set>
#include <string>
#include <vector>

namespace mstmm::cli {

class Arguments {
 public:
  /// `flags` take no value; every other "--name" takes one.
  Arguments(const std::vector<std::string>& args, const std::set<std::string>& options, const std::set<std::string>& flags);

  const std::vector<std::string>& positional() const { return m_positional; }
  bool has(const std::string& name) const { return m_values.count(name) || m_flags.count(name); }
  std::string value(const std::string& name, const std::string& fallback = "") const;
  double number(const std::string& name, double fallback) const;
  long integer(const std::string& name, long fallback) const;
  /// A comma-separated list of numbers ("1,2.5,10"), empty when not given.
  std::vector<double> numbers(const std::string& name) const;

 private:
  std::vector<std::string> m_positional;
  std::map<std::string, std::string> m_values;
  std::set<std::string> m_flags;
};

std::vector<std::string> splitList(const std::string& text, char separator);

}  // namespace mstmm::cli
