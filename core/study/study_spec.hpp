#pragma once
// A parameter study (docs/studies.md): a base model, the parameters to vary
// (each addressed by element name and field of the model file, e.g.
// "hinge:h1/spring/damping", "body:3/shape/mass", "simulation/time_step"),
// how to vary them (a grid, a list, Monte Carlo or a Latin hypercube with a
// seed) and what to record of each run (max, min, final, mean or RMS of a
// result column, the energy drift, the first crossing of a threshold, the
// decay rate of an oscillation). Plain data; core/study/study_json reads it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

struct StudyParameter {
  std::string name;     // the summary's column
  std::string address;  // "body:NAME/field/...", "hinge:NAME/...", "spring:NAME/...", or a top-level path
  std::vector<double> values;          // grid and list
  double from = 0.0, to = 0.0;         // Monte Carlo and Latin hypercube: uniform on [from, to]
};

enum class StudySampling { Grid, List, MonteCarlo, LatinHypercube };

enum class MetricStat { Max, Min, Final, Mean, Rms, EnergyDrift, FirstCrossing, DecayRate };

struct StudyMetric {
  std::string name;      // the summary's column
  std::string quantity;  // a result column (result_columns.hpp); none for the energy drift
  MetricStat stat = MetricStat::Max;
  double threshold = 0.0;  // first crossing: the first time the column reaches it (either way)
  double about = 0.0;      // decay rate: oscillation about this value
};

struct StudySpec {
  ModelSpec model;  // the base model, already loaded
  std::string modelFile;
  std::vector<StudyParameter> parameters;
  StudySampling sampling = StudySampling::Grid;
  int runs = 0;                 // Monte Carlo and Latin hypercube
  std::uint64_t seed = 1;
  std::vector<StudyMetric> metrics;
  bool saveResults = false;     // each run's results CSV beside the summary
};

/// The most runs one study may have.
inline constexpr double kMaxStudyRuns = 1e7;

/// How many runs the study plans, without building them (a grid's is the
/// product of its parameters' value counts; a list's, its first parameter's).
double plannedStudyRuns(const StudySpec& study);

/// The point a fraction t in [0, 1] of the way from `from` to `to`, written
/// (1 - t) from + t to so that no range of finite ends overflows (to - from
/// of -1e308 and 1e308 is infinite) and t = 1 gives `to` exactly.
inline double pointBetween(double from, double to, double t) { return (1.0 - t) * from + t * to; }

/// The parameter values of every run, in run order: the grid's cartesian
/// product (the last parameter fastest), the list's rows, or `runs` samples.
std::vector<std::vector<double>> studyRuns(const StudySpec& study);

const char* toString(MetricStat stat);
const char* toString(StudySampling sampling);

}  // namespace mstmm
