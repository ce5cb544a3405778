#include "core/io/table_csv.hpp"

#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"

namespace mstmm {
namespace {

std::string headed(const std::string& name, const std::string& unit) { return unit.empty() ? name : name + " [" + unit + "]"; }

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

void writeTableCsv(const std::string& path, const std::vector<std::string>& comments, const std::vector<double>& times,
                   const std::vector<TableColumn>& columns) {
  writeFileAtomically(path, tableCsv(comments, times, columns));
}

}  // namespace mstmm
