#pragma once
// Text for XML attributes and elements (ParaView collections, MJCF and URDF
// exports): the five characters XML reserves, escaped.

#include <string>

namespace mstmm {

inline std::string xmlEscaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace mstmm
