#include "core/io/table_csv.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"

namespace mstmm {
namespace {

std::string headed(const std::string& name, const std::string& unit) { return unit.empty() ? name : name + " [" + unit + "]"; }

/// The fields of one CSV line; a field in double quotes may hold commas and
/// doubled quotes (csvField).
std::vector<std::string> fields(const std::string& line, std::size_t row) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
    else if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) out.emplace_back();
    else out.back() += c;
  }
  if (quoted) throw Error(ErrorKind::Input, "line " + std::to_string(row) + ": a quoted field is not closed");
  return out;
}

/// "name [unit]" into its name and unit (none without brackets).
TableColumn unheaded(const std::string& header) {
  const std::size_t open = header.rfind(" [");
  if (open == std::string::npos || header.empty() || header.back() != ']') return {header, "", {}};
  return {header.substr(0, open), header.substr(open + 2, header.size() - open - 3), {}};
}

double number(const std::string& text, std::size_t row) {
  double v = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc() || end != text.data() + text.size())
    throw Error(ErrorKind::Input, "line " + std::to_string(row) + ": '" + text + "' is not a number");
  return v;
}

}  // namespace

std::string tableCsv(const std::vector<std::string>& comments, const std::vector<double>& times, const std::vector<TableColumn>& columns) {
  for (const TableColumn& c : columns)
    if (c.values.size() != times.size())
      throw Error(ErrorKind::Io, "column '" + c.name + "' has " + std::to_string(c.values.size()) + " values for " + std::to_string(times.size()) + " times");
  std::string text;
  for (const std::string& line : comments) text += "# " + line + "\n";
  text += csvField(headed("t", "s"));
  for (const TableColumn& c : columns) text += "," + csvField(headed(c.name, c.unit));
  text += '\n';
  for (std::size_t i = 0; i < times.size(); ++i) {
    appendNumber(text, times[i]);
    for (const TableColumn& c : columns) {
      text += ',';
      appendNumber(text, c.values[i]);
    }
    text += '\n';
  }
  return text;
}

SeriesTable parseTableCsv(const std::string& text) {
  SeriesTable table;
  bool header = false;
  std::size_t row = 0, start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    ++row;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = fields(line, row);
    if (!header) {
      if (unheaded(f[0]).name != "t") throw Error(ErrorKind::Input, "line " + std::to_string(row) + ": the first column is not the time 't [s]'");
      for (std::size_t k = 1; k < f.size(); ++k) table.columns.push_back(unheaded(f[k]));
      header = true;
      continue;
    }
    if (f.size() != table.columns.size() + 1)
      throw Error(ErrorKind::Input, "line " + std::to_string(row) + " has " + std::to_string(f.size()) + " fields, the header " + std::to_string(table.columns.size() + 1));
    table.times.push_back(number(f[0], row));
    for (std::size_t k = 1; k < f.size(); ++k) table.columns[k - 1].values.push_back(number(f[k], row));
  }
  if (!header) throw Error(ErrorKind::Input, "no header row: not a table of time series");
  return table;
}

SeriesTable readTableCsv(const std::string& path) {
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  if (!ec && bytes > (std::uintmax_t{1} << 30)) throw Error(ErrorKind::Input, "'" + path + "' is larger than 1 GiB: not a table of plotted series");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::Io, "cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return parseTableCsv(text.str());
  } catch (const Error& e) {
    throw Error(ErrorKind::Input, "'" + path + "': " + e.what());
  }
}

void writeTableCsv(const std::string& path, const std::vector<std::string>& comments, const std::vector<double>& times,
                   const std::vector<TableColumn>& columns) {
  writeFileAtomically(path, tableCsv(comments, times, columns));
}

}  // namespace mstmm
