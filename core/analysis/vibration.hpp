#pragma once
// The vibration analyses as one request each, for the CLI, Python and the
// studio alike: where to linearise, which path (the dense matrices, or the
// O(N) sweep that trees above kDenseLimit degrees of freedom take), and the
// results with what users read of them.

#include <memory>
#include <string>

#include "core/analysis/analysis_point.hpp"
#include "core/analysis/frequency_response.hpp"
#include "core/analysis/mode_table.hpp"

namespace mstmm {

enum class AnalysisMethod { Auto, Dense, Sweep };
/// "auto", "dense", "sweep"; throws mstmm::Error (kind Input) otherwise.
AnalysisMethod analysisMethodFromString(const std::string& text);

/// Trees above this many degrees of freedom take the sweep when it takes them.
constexpr int kDenseLimit = 1000;

struct AnalysisRequest {
  AnalysisPoint at;
  AnalysisMethod method = AnalysisMethod::Auto;
  SolverKind solver = SolverKind::Riccati;
  const std::atomic<bool>* cancel = nullptr;  // the studio's Cancel (LinearisationOptions::cancel)
};

/// The state analysed and the chart there.
struct AnalysisBase {
  std::shared_ptr<const Model> model;
  PointState at;
  bool sweep = false;                 // the O(N) path
  std::shared_ptr<Linearisation> lin;
  std::string description;            // "linearised about ...: N coordinates; ..."
};

struct ModesReport : AnalysisBase {
  std::vector<ModeRow> rows;
  /// What the user should know of the list: fewer modes than asked for, and
  /// each beam whose division does not resolve the listed modes (named).
  std::vector<std::string> notes;
  int rigid = 0, unstable = 0, missing = 0;  // the sweep's counts (the dense path lists rigid modes as rows)
  double asymmetry = 0.0;                    // dense: K's
};
ModesReport computeModes(std::shared_ptr<const Model> model, const AnalysisRequest& request, int count);

struct ResponseReport : AnalysisBase {
  FrequencyResponse response;
};
ResponseReport computeResponse(std::shared_ptr<const Model> model, const AnalysisRequest& request, const std::string& input, const std::string& output,
                               const FrequencyRange& range);

}  // namespace mstmm
