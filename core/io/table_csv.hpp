#pragma once
// A table of time series as CSV, with the conventions of the results CSV
// (results_csv.hpp): '#' comment lines first, one header row in which every
// column names its unit ("t [s]", "body 1 theta [deg]"), time first, numbers
// with '.' whatever the locale and the shortest text that reads back to the
// same double. Used for "export the plotted series".

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

}  // namespace mstmm
