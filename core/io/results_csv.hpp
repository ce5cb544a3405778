#pragma once
// Results as CSV (docs/results-format.md): comment lines starting with '#'
// (tool version and model, then the unit of every column), one header row,
// then one row per recorded instant. Columns: t; per body <name>.x .y .z
// (centre of mass), <name>.qw .qx .qy .qz (body-to-world unit quaternion),
// planar models also <name>.theta (rad, continuous); per sliding hinge
// <hinge>.s and <hinge>.s_dot; for a model with load elements the element
// channels (core/dynamics/load_channels.hpp); then energy.kinetic,
// energy.potential, energy.total, and with load elements energy.spring,
// energy.work, energy.dissipated and energy.balance. Numbers use '.' whatever the locale and
// the shortest text that reads back to the same double.

#include <string>
#include <vector>

#include "core/io/atomic_file.hpp"
#include "core/sim/frame.hpp"
#include "core/sim/results.hpp"

namespace mstmm {

/// Who wrote the file and how; becomes the first comment line.
struct CsvProvenance {
  std::string modelFile;
  std::string settings;  // e.g. "solver riccati, integrator rk4, dt 0.001 s, every 10"
};

/// Precision of the numbers written: full double, or the shortest text of the
/// nearest float (about half the file size, 7 significant digits).
enum class CsvPrecision { Double, Float };

/// Per-body columns beyond position and orientation, on request: the
/// angular velocity <body>.wx/.wy/.wz (rad/s, world axes) and the load the
/// hinge at the body's output transmits, <body>.hinge_fx/_fy/_fz (N) and
/// <body>.hinge_mx/_my/_mz (N m): what its tip side exerts on its root side,
/// world axes (SolverOutput::hingeForce/hingeMoment, as the plots show them).
struct CsvColumns {
  bool angularVelocity = false;
  bool hingeLoads = false;
};

/// What one row holds of one body.
struct CsvBodyRow {
  Vec3 com = Vec3::Zero();
  Quat orientation = Quat(1.0, 0.0, 0.0, 0.0);
  double theta = 0.0;
  Vec3 omega = Vec3::Zero(), hingeForce = Vec3::Zero(), hingeMoment = Vec3::Zero();
};

/// The column layout for a model and a set of bodies (compiled indices).
class CsvLayout {
 public:
  CsvLayout(const Model& model, std::vector<int> bodies, CsvPrecision precision = CsvPrecision::Double, CsvColumns columns = {});
  std::string preamble(const CsvProvenance& provenance) const;  // comment lines and header row
  /// One row; `rows` is indexed like the layout's bodies, `slides` holds
  /// s, s' of every slider in turn.
  void appendRow(std::string& line, double t, const std::vector<CsvBodyRow>& rows, const std::vector<double>& slides,
                 const std::vector<double>& loads, const Momentum& momentum, const Energy& energy) const;
  const std::vector<int>& bodies() const { return m_bodies; }
  std::vector<std::string> columnNames() const;

 private:
  void number(std::string& line, double value) const;

  const Model& m_model;
  std::vector<int> m_bodies;
  CsvPrecision m_precision;
  CsvColumns m_columns;
  std::vector<LoadChannel> m_channels;  // the load channels, then the measures'
};

/// Streams each recorded frame to a CSV file as it arrives (bounded memory),
/// through an AtomicFile: the target is replaced only by complete(), after
/// the whole run; a run that failed or was interrupted keeps its rows with
/// keepPartial() beside the target, and a writer dropped without either
/// leaves the target as it was (docs/reliability.md R2).
class CsvResultWriter final : public ResultSink {
 public:
  CsvResultWriter(const Model& model, const std::string& path, std::vector<int> bodies, const CsvProvenance& provenance,
                  CsvPrecision precision = CsvPrecision::Double, CsvColumns columns = {});
  void record(const Frame& frame) override;
  /// Nothing: complete() or keepPartial() writes out what is buffered.
  void finish() override;
  /// The run completed: the file replaces the target. Throws mstmm::Error (Io).
  void complete();
  /// The run did not complete: a last comment line "# incomplete: WHY; the
  /// last row is at t = T s", and the file goes to partialPath(target)
  /// (a device such as stdout gets the line in place). Returns that path.
  std::string keepPartial(const std::string& why, double lastTime);

 private:
  void flush();

  CsvLayout m_layout;
  AtomicFile m_file;
  std::string m_buffer;  // rows not yet written: one write per 64 KiB, not per row
  std::string m_line;
  std::vector<CsvBodyRow> m_rows;
  std::vector<double> m_slides;
  std::vector<double> m_loads;     // the load channels', then the measures'
  std::size_t m_loadCount = 0;     // load channels
  std::vector<CompiledMeasure> m_measures;
  std::vector<double> m_measureValues;
};

/// Writes in-memory results with the same layout (recorded bodies only).
void writeResultsCsv(const Model& model, const Results& results, const std::string& path, const CsvProvenance& provenance,
                     CsvColumns columns = {});

/// Appends the shortest round-trip text of a double, locale-independent.
void appendNumber(std::string& out, double value);
/// The same for the float nearest to value.
void appendFloat(std::string& out, double value);
/// Quotes a CSV field when it contains a comma, quote or newline (RFC 4180).
std::string csvField(const std::string& text);

}  // namespace mstmm
