#pragma once
// A table of time series as CSV, with the conventions of the results CSV
// (results_csv.hpp): '#' comment lines first, one header row in which every
// column names its unit ("t [s]", "body 1 theta [deg]"), time first, numbers
// with '.' whatever the locale and the shortest text that reads back to the
// same double. Used for "export the plotted series", and read back to lay
// a saved run's curves over the current ones (the studio's comparison).

#include <string>
#include <vector>

namespace mstmm {

struct TableColumn {
  std::string name;
  std::string unit;
  std::vector<double> values;  // one per time
};

/// The CSV text; every column must have as many values as `times`.
std::string tableCsv(const std::vector<std::string>& comments, const std::vector<double>& times, const std::vector<TableColumn>& columns);
/// Writes it atomically (temporary file, then rename); throws mstmm::Error.
void writeTableCsv(const std::string& path, const std::vector<std::string>& comments, const std::vector<double>& times,
                   const std::vector<TableColumn>& columns);

/// A table read back: the times and each column's name, unit and values.
struct SeriesTable {
  std::vector<double> times;
  std::vector<TableColumn> columns;
};
/// Parses tableCsv's text (a time column first, "name [unit]" headers,
/// quoted fields as csvField writes them). Throws mstmm::Error (Input)
/// naming the line that is not such a table.
SeriesTable parseTableCsv(const std::string& text);
/// Reads and parses a file; throws mstmm::Error (Io or Input).
SeriesTable readTableCsv(const std::string& path);

}  // namespace mstmm
