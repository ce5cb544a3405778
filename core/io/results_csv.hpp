#pragma once
// Results as CSV (docs/results-format.md): comment lines starting with '#'
// (tool version and model, then the unit of every column), one header row,
// then one row per recorded instant. Columns: t; per body <name>.x .y .z
// (centre of mass), <name>.qw .qx .qy .qz (body-to-world unit quaternion),
// planar models also <name>.theta (rad, continuous); per sliding hinge
// <hinge>.s and <hinge>.s_dot; for a model with load elements the element
// channels (core/loads/load_channels.hpp); then energy.kinetic,
// energy.potential, energy.total, and with load elements energy.spring,
// energy.work, energy.dissipated and energy.balance. Numbers use '.' whatever the locale and
// the shortest text that reads back to the same double.

#include <fstream>
#include <string>
#include <vector>

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

/// The column layout for a model and a set of bodies (compiled indices).
class CsvLayout {
 public:
  CsvLayout(const Model& model, std::vector<int> bodies, CsvPrecision precision = CsvPrecision::Double);
  std::string preamble(const CsvProvenance& provenance) const;  // comment lines and header row
  /// One row; `com`, `quat`, `theta` are indexed like the layout's bodies,
  /// `slides` holds s, s' of every slider in turn.
  void appendRow(std::string& line, double t, const std::vector<Vec3>& com, const std::vector<Quat>& quat,
                 const std::vector<double>& theta, const std::vector<double>& slides, const std::vector<double>& loads,
                 const Energy& energy) const;
  const std::vector<int>& bodies() const { return m_bodies; }
  std::vector<std::string> columnNames() const;

 private:
  void number(std::string& line, double value) const;

  const Model& m_model;
  std::vector<int> m_bodies;
  CsvPrecision m_precision;
  std::vector<LoadChannel> m_channels;
};

/// Streams each recorded frame to a CSV file as it arrives (bounded memory).
class CsvResultWriter final : public ResultSink {
 public:
  CsvResultWriter(const Model& model, const std::string& path, std::vector<int> bodies, const CsvProvenance& provenance,
                  CsvPrecision precision = CsvPrecision::Double);
  void record(const Frame& frame) override;
  void finish() override;

 private:
  CsvLayout m_layout;
  std::ofstream m_out;
  std::string m_path;
  std::string m_line;
  std::vector<Vec3> m_com;
  std::vector<Quat> m_quat;
  std::vector<double> m_theta;
  std::vector<double> m_slides;
  std::vector<double> m_loads;
};

/// Writes in-memory results with the same layout (recorded bodies only).
void writeResultsCsv(const Model& model, const Results& results, const std::string& path, const CsvProvenance& provenance);

/// Appends the shortest round-trip text of a double, locale-independent.
void appendNumber(std::string& out, double value);
/// The same for the float nearest to value.
void appendFloat(std::string& out, double value);
/// Quotes a CSV field when it contains a comma, quote or newline (RFC 4180).
std::string csvField(const std::string& text);

}  // namespace mstmm
