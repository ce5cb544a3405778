#include "core/message_text.hpp"

#include <algorithm>
#include <cstdio>

namespace mstmm {

namespace {

constexpr std::size_t kQuotedLength = 80;

std::string escaped(unsigned char c) {
  switch (c) {
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\t': return "\\t";
    case 0x1b: return "\\e";
    default: break;
  }
  char hex[8];
  std::snprintf(hex, sizeof hex, "\\x%02x", c);
  return hex;
}

/// The optimal-string-alignment distance: insertions, deletions,
/// substitutions and swaps of two neighbours ("modle") count one each. The
/// words compared are keys and names, short (a long one is not compared).
std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string ordinal(long long n) {
  const long long last = (n < 0 ? -n : n) % 100;
  const char* suffix = "th";
  if (last < 11 || last > 13) {
    if (last % 10 == 1) suffix = "st";
    else if (last % 10 == 2) suffix = "nd";
    else if (last % 10 == 3) suffix = "rd";
  }
  return std::to_string(n) + suffix;
}

std::string quoted(const std::string& text) {
  std::string out = "'";
  std::size_t shown = 0;
  for (; shown < text.size() && shown < kQuotedLength; ++shown) {
    const auto c = static_cast<unsigned char>(text[shown]);
    if (c < 0x20 || c == 0x7f) out += escaped(c);
    else out += static_cast<char>(c);
  }
  out += "'";
  if (shown < text.size()) out.insert(out.size() - 1, "..."), out += " (" + std::to_string(text.size()) + " characters)";
  return out;
}

std::string nearestKnown(const std::string& word, const std::vector<std::string>& known) {
  if (word.size() > 4 * kQuotedLength) return {};
  const std::size_t allowed = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::string best;
  std::size_t bestDistance = allowed + 1;
  for (const std::string& k : known)
    if (const std::size_t d = distance(word, k); d < bestDistance) bestDistance = d, best = k;
  return best;
}

std::string unknownKeyMessage(const std::string& key, const std::vector<std::string>& known) {
  const std::string near = nearestKnown(key, known);
  if (!near.empty()) return "unknown key " + quoted(key) + " (did you mean '" + near + "'?)";
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
  return "unknown key " + quoted(key) + " (known: " + list + ")";
}

std::string formatNumber(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

}  // namespace mstmm
