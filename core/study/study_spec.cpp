#include "core/study/study_spec.hpp"

#include <algorithm>
#include <numeric>

#include "core/error.hpp"

namespace mstmm {

namespace {

/// A reproducible uniform in [0, 1) (SplitMix64: the same numbers on every machine and library).
class Uniform {
 public:
  explicit Uniform(std::uint64_t seed) : m_state(seed) {}
  double next() {
    std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
  }
  std::size_t below(std::size_t n) { return std::min(n - 1, static_cast<std::size_t>(next() * static_cast<double>(n))); }

 private:
  std::uint64_t m_state;
};

std::vector<std::vector<double>> grid(const std::vector<StudyParameter>& parameters) {
  std::vector<std::vector<double>> runs{{}};
  for (const StudyParameter& p : parameters) {
    std::vector<std::vector<double>> next;
    for (const auto& run : runs)
      for (double v : p.values) {
        next.push_back(run);
        next.back().push_back(v);
      }
    runs = std::move(next);
  }
  return runs;
}

}  // namespace

double plannedStudyRuns(const StudySpec& s) {
  if (s.parameters.empty()) return 0.0;
  switch (s.sampling) {
    case StudySampling::Grid: {
      double runs = 1.0;
      for (const StudyParameter& p : s.parameters) runs *= static_cast<double>(p.values.size());
      return runs;
    }
    case StudySampling::List: return static_cast<double>(s.parameters.front().values.size());
    case StudySampling::MonteCarlo:
    case StudySampling::LatinHypercube: return s.runs;
  }
  return 0.0;
}

std::vector<std::vector<double>> studyRuns(const StudySpec& s) {
  if (s.parameters.empty()) throw Error(ErrorKind::Input, "study: no parameters to vary");
  if (s.sampling == StudySampling::Grid) {  // refused before it is built: a grid grows as the product of its sizes
    const double runs = plannedStudyRuns(s);
    if (runs > kMaxStudyRuns)
      throw Error(ErrorKind::Input, "study: the grid has " + std::to_string(static_cast<long long>(runs)) + " runs, more than the " +
                                        std::to_string(static_cast<long long>(kMaxStudyRuns)) + " allowed; use fewer values or random sampling");
  }
  switch (s.sampling) {
    case StudySampling::Grid: return grid(s.parameters);
    case StudySampling::List: {
      const std::size_t n = s.parameters.front().values.size();
      for (const StudyParameter& p : s.parameters)
        if (p.values.size() != n)
          throw Error(ErrorKind::Input, "study: a list takes the same number of values for every parameter ('" + p.name + "' has " +
                                            std::to_string(p.values.size()) + ", '" + s.parameters.front().name + "' " + std::to_string(n) + ")");
      std::vector<std::vector<double>> runs(n);
      for (std::size_t i = 0; i < n; ++i)
        for (const StudyParameter& p : s.parameters) runs[i].push_back(p.values[i]);
      return runs;
    }
    case StudySampling::MonteCarlo:
    case StudySampling::LatinHypercube: break;
  }
  const auto n = static_cast<std::size_t>(s.runs);
  Uniform u(s.seed);
  std::vector<std::vector<double>> runs(n, std::vector<double>(s.parameters.size()));
  for (std::size_t k = 0; k < s.parameters.size(); ++k) {
    const StudyParameter& p = s.parameters[k];
    std::vector<std::size_t> strata(n);
    std::iota(strata.begin(), strata.end(), std::size_t{0});
    if (s.sampling == StudySampling::LatinHypercube)  // one sample in each of n equal strata, in shuffled order
      for (std::size_t i = n; i > 1; --i) std::swap(strata[i - 1], strata[u.below(i)]);
    for (std::size_t i = 0; i < n; ++i) {
      const double unit = s.sampling == StudySampling::LatinHypercube ? (static_cast<double>(strata[i]) + u.next()) / static_cast<double>(n) : u.next();
      runs[i][k] = pointBetween(p.from, p.to, unit);
    }
  }
  return runs;
}

const char* toString(MetricStat stat) {
  switch (stat) {
    case MetricStat::Max: return "max";
    case MetricStat::Min: return "min";
    case MetricStat::Final: return "final";
    case MetricStat::Mean: return "mean";
    case MetricStat::Rms: return "rms";
    case MetricStat::EnergyDrift: return "energy-drift";
    case MetricStat::FirstCrossing: return "first-crossing";
    case MetricStat::DecayRate: return "decay-rate";
  }
  return "max";
}

const char* toString(StudySampling sampling) {
  switch (sampling) {
    case StudySampling::Grid: return "grid";
    case StudySampling::List: return "list";
    case StudySampling::MonteCarlo: return "monte-carlo";
    case StudySampling::LatinHypercube: return "latin-hypercube";
  }
  return "grid";
}

}  // namespace mstmm
