// Indented JSON whose vectors and matrices of numbers stay on one line.
#include "core/io/model_json_elements.hpp"

namespace mstmm::model_file {

bool isNumericArray(const Json& j) {
  if (!j.is_array() || j.empty()) return false;
  for (const Json& e : j)
    if (!e.is_number() && !(e.is_array() && isNumericArray(e))) return false;
  return true;
}

/// Indented JSON, but with vectors and matrices of numbers on one line each,
/// so a hand-edited model file stays readable.
void writePretty(const Json& j, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
  if (j.is_object() && !j.empty()) {
    out += "{\n";
    std::size_t i = 0;
    for (auto it = j.begin(); it != j.end(); ++it, ++i) {
      out += inner;
      out += Json(it.key()).dump();
      out += ": ";
      writePretty(it.value(), indent + 2, out);
      out += i + 1 < j.size() ? ",\n" : "\n";
    }
    out += pad;
    out += "}";
  } else if (j.is_array() && !j.empty() && !isNumericArray(j)) {
    out += "[\n";
    for (std::size_t i = 0; i < j.size(); ++i) {
      out += inner;
      writePretty(j[i], indent + 2, out);
      out += i + 1 < j.size() ? ",\n" : "\n";
    }
    out += pad;
    out += "]";
  } else {
    const std::string compact = j.dump();
    const bool spaced = isNumericArray(j);  // "[1.0, 2.0]" rather than "[1.0,2.0]"
    for (char c : compact) {
      out += c;
      if (spaced && c == ',') out += ' ';
    }
  }
}

}  // namespace mstmm::model_file
