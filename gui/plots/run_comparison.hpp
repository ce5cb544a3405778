#pragma once
// The run a plot compares the current one with (issue 55: overlaying runs):
// a run kept from before, or plotted series saved as CSV and read back. Its
// curve of a current curve is the one of the same name and unit: the same
// body (by name), element or measure channel, quantity and component.

#include <QString>
#include <memory>
#include <optional>
#include <vector>

#include "core/io/table_csv.hpp"
#include "core/plot/series_catalog.hpp"

namespace mstmm::gui {

class RunResults;

class RunComparison {
 public:
  /// The run kept, under `label` ("run kept at 10:42").
  RunComparison(QString label, std::shared_ptr<RunResults> run);
  /// Saved plotted series, under `label` (the file's name).
  RunComparison(QString label, SeriesTable table);

  const QString& label() const { return m_label; }
  /// The compared curve of the current run's `key` of `model`, named `name`
  /// there: its times and values; false when the compared run has none.
  bool curve(const SeriesKey& key, const std::string& name, const Model& model, const PlotSettings& settings, std::vector<double>& t,
             std::vector<double>& v) const;

 private:
  QString m_label;
  std::shared_ptr<RunResults> m_run;
  std::optional<SeriesTable> m_table;
};

}  // namespace mstmm::gui
