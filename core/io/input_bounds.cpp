#include "core/io/input_bounds.hpp"

#include <filesystem>
#include <fstream>

#include "core/error.hpp"

namespace mstmm {

namespace {

std::string megabytes(std::uintmax_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB"; }

}  // namespace

std::string readBoundedFile(const std::string& path, const std::string& what) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) throw Error(ErrorKind::Input, "cannot open " + what + " '" + path + "': no such file");
  if (!fs::is_regular_file(status)) throw Error(ErrorKind::Input, "cannot open " + what + " '" + path + "': not a regular file");
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) throw Error(ErrorKind::Input, "cannot open " + what + " '" + path + "': " + ec.message());
  if (size > kMaxInputFileBytes)
    throw Error(ErrorKind::Input, what + " '" + path + "' is " + megabytes(size) + ", more than the " + megabytes(kMaxInputFileBytes) +
                                      " a file may have; split the model or generate it (mstmm generate)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::Input, "cannot open " + what + " '" + path + "'");
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  text.resize(static_cast<std::size_t>(in.gcount()));  // a file that shrank while read
  return text;
}

void checkJsonNesting(const std::string& text) {
  int depth = 0;
  bool inString = false;
  std::size_t line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (inString) {
      if (c == '\\') ++i;
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw Error(ErrorKind::Input, "line " + std::to_string(line) + ": arrays and objects nest deeper than " + std::to_string(kMaxJsonDepth) +
                                          " levels; a model file nests about 6");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

}  // namespace mstmm
