#include "interchange/model_import.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "interchange/mjcf_import.hpp"

namespace mstmm {

std::optional<InterchangeFormat> interchangeFormatOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  // The first element: past the declaration (<?...?>), comments and doctype (<!...>).
  std::size_t at = head.find('<');
  while (at != std::string::npos) {
    if (head.compare(at, 4, "<!--") == 0) {
      const std::size_t end = head.find("-->", at + 4);
      at = end == std::string::npos ? end : head.find('<', end + 3);
      continue;
    }
    if (at + 1 < head.size() && std::isalpha(static_cast<unsigned char>(head[at + 1]))) {
      if (head.compare(at + 1, 5, "robot") == 0) return InterchangeFormat::Urdf;
      if (head.compare(at + 1, 6, "mujoco") == 0) return InterchangeFormat::Mjcf;
      return std::nullopt;
    }
    at = head.find('<', at + 1);
  }
  return std::nullopt;
}

ImportResult importModelFile(const std::string& path, const UrdfOptions& urdf) {
  if (!std::filesystem::exists(path)) throw Error(ErrorKind::Input, "'" + path + "': no such file");
  if (!std::filesystem::is_regular_file(path)) throw Error(ErrorKind::Input, "'" + path + "': not a file (a folder or a device)");
  const std::optional<InterchangeFormat> format = interchangeFormatOf(path);
  if (!format) throw Error(ErrorKind::Input, "'" + path + "': neither URDF (<robot>) nor MJCF (<mujoco>): import reads those two");
  return *format == InterchangeFormat::Urdf ? importUrdf(path, urdf) : importMjcf(path);
}

bool looksImportable(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".urdf" || extension == ".xml" || extension == ".mjcf";
}

}  // namespace mstmm
