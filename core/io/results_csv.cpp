#include "core/io/results_csv.hpp"

#include <charconv>

#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "core/sim/result_columns.hpp"
#include "core/version.hpp"

namespace mstmm {

void appendNumber(std::string& out, double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}

void appendFloat(std::string& out, double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, static_cast<float>(value));
  out.append(buffer, result.ptr);
}

std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

CsvLayout::CsvLayout(const Model& model, std::vector<int> bodies, CsvPrecision precision, CsvColumns columns)
    : m_model(model), m_bodies(std::move(bodies)), m_precision(precision), m_columns(columns), m_channels(loadChannels(model)) {
  for (LoadChannel& c : measureChannels(model)) m_channels.push_back(std::move(c));
  if (m_bodies.empty())
    for (int i = 0; i < model.bodyCount(); ++i) m_bodies.push_back(i);
}

std::vector<std::string> CsvLayout::columnNames() const {
  std::vector<std::string> names{"t"};
  const char* suffixes[] = {".x", ".y", ".z", ".qw", ".qx", ".qy", ".qz"};
  for (int b : m_bodies) {
    const std::string& name = m_model.body(b).name;
    for (const char* s : suffixes) names.push_back(name + s);
    if (m_model.planar()) names.push_back(name + ".theta");
    if (m_columns.angularVelocity)
      for (const char* s : {".wx", ".wy", ".wz"}) names.push_back(name + s);
    if (m_columns.hingeLoads)
      for (const char* s : {".hinge_fx", ".hinge_fy", ".hinge_fz", ".hinge_mx", ".hinge_my", ".hinge_mz"}) names.push_back(name + s);
  }
  for (int k = 0; k < m_model.sliderCount(); ++k) {
    const std::string coordinate = m_model.slideName(k);  // <hinge>.s, or <hinge>.x|y|z of a free hinge
    names.push_back(coordinate);
    names.push_back(coordinate + "_dot");
  }
  for (const LoadChannel& c : m_channels) names.push_back(c.name);
  for (const std::string& m : momentumColumnNames(m_model)) names.push_back(m);
  for (const char* e : {"energy.kinetic", "energy.potential", "energy.total"}) names.emplace_back(e);
  if (m_model.hasLoads())
    for (const char* e : {"energy.spring", "energy.work", "energy.dissipated", "energy.balance"}) names.emplace_back(e);
  return names;
}

std::string CsvLayout::preamble(const CsvProvenance& provenance) const {
  std::string text = "# mstmm ";
  text += kVersion;
  text += " results for model '" + m_model.name() + "'";
  if (!provenance.modelFile.empty()) text += " (" + provenance.modelFile + ")";
  if (!provenance.settings.empty()) text += "; " + provenance.settings;
  text += "\n# units: t s; <body>.x/.y/.z m (centre of mass, world frame); <body>.qw/.qx/.qy/.qz 1 (body-to-world unit quaternion)";
  if (m_model.planar()) text += "; <body>.theta rad (rotation about z, continuous)";
  if (m_columns.angularVelocity) text += "; <body>.wx/.wy/.wz rad/s (angular velocity, world frame)";
  if (m_columns.hingeLoads)
    text += "; <body>.hinge_fx/_fy/_fz N, <body>.hinge_mx/_my/_mz N m (load of the hinge at the body's output: what its tip side exerts on its root side, world frame)";
  if (m_model.sliderCount() > 0) text += "; <hinge>.s m, <hinge>.s_dot m/s (slide of a sliding hinge along its axis, and its rate; a free hinge has <hinge>.x, .y, .z, a planar one .s1, .s2)";
  for (const LoadChannel& c : m_channels) text += "; " + c.name + " " + c.unit;
  if (m_model.hasFloatingRoot())
    text += "; momentum.px/.py/.pz kg m/s (linear momentum), momentum.lx/.ly/.lz kg m^2/s (angular momentum about the world origin), momentum.cx/.cy/.cz m "
            "(centre of mass), world frame";
  if (m_model.hasLoads())
    text += "; energy.total = kinetic + potential (gravity) + spring; energy.work: put in by actuators, drives and external loads; "
            "energy.dissipated: by dampers and stops; energy.balance = total - work + dissipated (constant in exact motion)";
  text += "; energy.* J\n";
  const std::vector<std::string> names = columnNames();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) text += ',';
    text += csvField(names[i]);
  }
  return text + "\n";
}

void CsvLayout::number(std::string& line, double value) const {
  line += ',';
  if (m_precision == CsvPrecision::Float) appendFloat(line, value);
  else appendNumber(line, value);
}

void CsvLayout::appendRow(std::string& line, double t, const std::vector<CsvBodyRow>& rows, const std::vector<double>& slides,
                          const std::vector<double>& loads, const Momentum& momentum, const Energy& energy) const {
  appendNumber(line, t);  // time always in full precision
  for (std::size_t s = 0; s < m_bodies.size(); ++s) {
    const CsvBodyRow& r = rows[s];
    for (int k = 0; k < 3; ++k) number(line, r.com[k]);
    for (int k = 0; k < 4; ++k) number(line, r.orientation[k]);
    if (m_model.planar()) number(line, r.theta);
    if (m_columns.angularVelocity)
      for (int k = 0; k < 3; ++k) number(line, r.omega[k]);
    if (m_columns.hingeLoads) {
      for (int k = 0; k < 3; ++k) number(line, r.hingeForce[k]);
      for (int k = 0; k < 3; ++k) number(line, r.hingeMoment[k]);
    }
  }
  for (double v : slides) number(line, v);
  for (double v : loads) number(line, v);
  if (m_model.hasFloatingRoot())
    for (double v : momentumColumnValues(m_model, momentum)) number(line, v);
  for (const double e : {energy.kinetic, energy.potential, energy.total()}) number(line, e);
  if (m_model.hasLoads())
    for (const double e : {energy.spring, energy.work, energy.dissipated, energy.balance()}) number(line, e);
  line += '\n';
}

CsvResultWriter::CsvResultWriter(const Model& model, const std::string& path, std::vector<int> bodies, const CsvProvenance& provenance,
                                 CsvPrecision precision, CsvColumns columns)
    : m_layout(model, std::move(bodies), precision, columns), m_file(path) {
  m_buffer = m_layout.preamble(provenance);
  m_rows.resize(m_layout.bodies().size());
  m_slides.resize(2 * static_cast<std::size_t>(model.sliderCount()));
  m_loadCount = loadChannels(model).size();
  m_measures = compileMeasures(model);
}

void CsvResultWriter::record(const Frame& frame) {
  const Model& model = *frame.model;
  const std::vector<int>& bodies = m_layout.bodies();
  for (std::size_t s = 0; s < bodies.size(); ++s) {
    const auto b = static_cast<std::size_t>(bodies[s]);
    CsvBodyRow& r = m_rows[s];
    r.com = (*frame.poses)[b].com;
    r.orientation = bodyQuaternion(model, *frame.y, bodies[s]);
    r.theta = model.planar() ? (*frame.y)[2 * bodies[s]] : 0.0;
    r.omega = (*frame.poses)[b].omega;
    if (b < frame.out->hingeForce.size()) {
      r.hingeForce = frame.out->hingeForce[b];
      r.hingeMoment = frame.out->hingeMoment[b];
    }
  }
  for (int k = 0; k < model.sliderCount(); ++k) {
    m_slides[2 * static_cast<std::size_t>(k)] = slidePosition(model, *frame.y, k);
    m_slides[2 * static_cast<std::size_t>(k) + 1] = slideRate(model, *frame.y, k);
  }
  if (frame.loads) loadChannelValues(model, *frame.loads, *frame.out, *frame.y, *frame.poses, m_loads);
  if (!m_measures.empty()) {
    measureValues(model, m_measures, *frame.poses, *frame.out, m_measureValues);
    m_loads.resize(m_loadCount);
    m_loads.insert(m_loads.end(), m_measureValues.begin(), m_measureValues.end());
  }
  m_line.clear();
  m_layout.appendRow(m_line, frame.time, m_rows, m_slides, m_loads, frame.momentum, frame.energy);
  m_buffer += m_line;
  if (m_buffer.size() >= 65536) flush();
}

void CsvResultWriter::flush() {
  m_file.write(m_buffer);
  m_buffer.clear();
}

// Not flushed here: after a failed write (a full disk) another would fail
// too, and the run's end decides where the rows go (complete or keepPartial).
void CsvResultWriter::finish() {}

void CsvResultWriter::complete() {
  flush();
  m_file.commit();
}

std::string CsvResultWriter::keepPartial(const std::string& why, double lastTime) {
  std::string note = why;
  for (char& c : note)
    if (c == '\n' || c == '\r') c = ' ';
  m_buffer += "# incomplete: " + note + "; the last row is at t = " + formatNumber(lastTime) + " s\n";
  flush();
  const std::string path = m_file.direct() ? m_file.target() : partialPath(m_file.target());
  m_file.commitAs(path);
  return path;
}

void writeResultsCsv(const Model& model, const Results& results, const std::string& path, const CsvProvenance& provenance, CsvColumns columns) {
  std::vector<int> bodies;
  for (int s = 0; s < results.recordedBodyCount(); ++s) bodies.push_back(results.recordedBody(s));
  const CsvLayout layout(model, bodies, CsvPrecision::Double, columns);
  std::string text = layout.preamble(provenance);
  std::vector<CsvBodyRow> rows(bodies.size());
  std::vector<double> slides(2 * static_cast<std::size_t>(results.slideCount()));
  const std::size_t loadCount = results.loadChannels().size();
  std::vector<double> loads(loadCount + results.measureChannels().size());
  for (int f = 0; f < results.frameCount(); ++f) {
    for (int s = 0; s < results.recordedBodyCount(); ++s) {
      CsvBodyRow& r = rows[static_cast<std::size_t>(s)];
      r.com = results.com(f, s);
      r.orientation = results.orientation(f, s);
      r.theta = results.theta(f, s);
      r.omega = results.angularVelocity(f, s);
      r.hingeForce = results.hingeForce(f, s);
      r.hingeMoment = results.hingeMoment(f, s);
    }
    for (int k = 0; k < results.slideCount(); ++k) {
      slides[2 * static_cast<std::size_t>(k)] = results.slide(f, k);
      slides[2 * static_cast<std::size_t>(k) + 1] = results.slideRate(f, k);
    }
    for (std::size_t c = 0; c < loadCount && f < results.loadFrameCount(); ++c) loads[c] = results.loadValue(f, static_cast<int>(c));
    for (std::size_t c = loadCount; c < loads.size(); ++c) loads[c] = results.measureValue(f, static_cast<int>(c - loadCount));
    layout.appendRow(text, results.time(f), rows, slides, loads, results.momentum(f), results.energy(f));
  }
  writeFileAtomically(path, text);
}

}  // namespace mstmm
