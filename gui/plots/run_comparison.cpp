#include "gui/plots/run_comparison.hpp"

#include "gui/run/run_results.hpp"

namespace mstmm::gui {

namespace {

/// The unit of one curve of `key` (a channel's own, else the quantity's).
std::string unitOfKey(const SeriesKey& key, const Model& model, const PlotSettings& s) {
  const std::vector<LoadChannel> channels = plottedChannels(key.quantity, model, s);
  if (key.component >= 0 && key.component < static_cast<int>(channels.size())) return channels[static_cast<std::size_t>(key.component)].unit;
  return unitOf(key.quantity, model, s);
}

/// The key of the kept model that names the same curve as `key` of the
/// current one: the body of the same name, or the channel (an element's,
/// a measure's, a slide's) of the same name and unit.
std::optional<SeriesKey> keyIn(const Model& kept, const SeriesKey& key, const std::string& name, const Model& model, const PlotSettings& s) {
  if (key.body >= 0) {
    const int body = kept.bodyByName(model.body(key.body).name);
    if (body < 0 || componentNames(key.quantity, kept, s).size() != componentNames(key.quantity, model, s).size()) return std::nullopt;
    return SeriesKey{key.quantity, key.component, body};
  }
  for (const SeriesKey& k : seriesKeys(key.quantity, -1, {}, kept, s))
    if (seriesName(k, kept, s) == name && unitOfKey(k, kept, s) == unitOfKey(key, model, s)) return k;
  return std::nullopt;
}

}  // namespace

RunComparison::RunComparison(QString label, std::shared_ptr<RunResults> run) : m_label(std::move(label)), m_run(std::move(run)) {}

RunComparison::RunComparison(QString label, SeriesTable table) : m_label(std::move(label)), m_table(std::move(table)) {}

bool RunComparison::curve(const SeriesKey& key, const std::string& name, const Model& model, const PlotSettings& s, std::vector<double>& t,
                          std::vector<double>& v) const {
  if (m_table) {
    const std::string unit = unitOfKey(key, model, s);
    for (const TableColumn& c : m_table->columns)
      if (c.name == name && c.unit == unit) {
        t = m_table->times;
        v = c.values;
        return true;
      }
    return false;
  }
  const Model& kept = *m_run->model();
  const std::optional<SeriesKey> k = keyIn(kept, key, name, model, s);
  if (!k) return false;
  return m_run->read([&](const Results& r) {
    if (k->body >= 0 && r.slotOf(k->body) < 0) return false;  // not recorded there
    t = r.times();
    v = seriesValues(r, kept, *k, s);
    return true;
  });
}

}  // namespace mstmm::gui
