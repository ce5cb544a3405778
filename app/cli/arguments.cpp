#include "app/cli/arguments.hpp"

#include <charconv>

#include "core/error.hpp"

namespace mstmm::cli {

Arguments::Arguments(const std::vector<std::string>& args, const std::set<std::string>& options, const std::set<std::string>& flags) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0 || a == "--") {
      m_positional.push_back(a);
      continue;
    }
    const std::string name = a.substr(2);
    if (flags.count(name)) {
      m_flags.insert(name);
    } else if (options.count(name)) {
      if (i + 1 >= args.size()) throw Error(ErrorKind::Input, "option --" + name + " needs a value");
      m_values[name] = args[++i];
    } else {
      throw Error(ErrorKind::Input, "unknown option --" + name);
    }
  }
}

std::string Arguments::value(const std::string& name, const std::string& fallback) const {
  auto it = m_values.find(name);
  return it == m_values.end() ? fallback : it->second;
}

double Arguments::number(const std::string& name, double fallback) const {
  auto it = m_values.find(name);
  if (it == m_values.end()) return fallback;
  double v = 0;
  const std::string& s = it->second;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) throw Error(ErrorKind::Input, "--" + name + " expects a number, not '" + s + "'");
  return v;
}

std::vector<double> Arguments::numbers(const std::string& name) const {
  std::vector<double> out;
  if (!m_values.count(name)) return out;
  for (const std::string& s : splitList(m_values.at(name), ',')) {
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size())
      throw Error(ErrorKind::Input, "--" + name + " expects numbers separated by commas, and '" + s + "' is not one");
    out.push_back(v);
  }
  return out;
}

long Arguments::integer(const std::string& name, long fallback) const {
  auto it = m_values.find(name);
  if (it == m_values.end()) return fallback;
  long v = 0;
  const std::string& s = it->second;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) throw Error(ErrorKind::Input, "--" + name + " expects an integer, not '" + s + "'");
  return v;
}

std::vector<std::string> splitList(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find(separator, start);
    const std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!part.empty()) parts.push_back(part);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return parts;
}

}  // namespace mstmm::cli
