#include "core/io/results_csv.hpp"

#include <charconv>

#include "core/error.hpp"
#include "core/io/model_json.hpp"
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

CsvLayout::CsvLayout(const Model& model, std::vector<int> bodies, CsvPrecision precision)
    : m_model(model), m_bodies(std::move(bodies)), m_precision(precision), m_channels(loadChannels(model)) {
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
  }
  for (int k = 0; k < m_model.sliderCount(); ++k) {
    const std::string& hinge = m_model.hinge(m_model.sliderBody(k)).name;
    names.push_back(hinge + ".s");
    names.push_back(hinge + ".s_dot");
  }
  for (const LoadChannel& c : m_channels) names.push_back(c.name);
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
  if (m_model.sliderCount() > 0) text += "; <hinge>.s m, <hinge>.s_dot m/s (slide of a sliding hinge along its axis, and its rate)";
  for (const LoadChannel& c : m_channels) text += "; " + c.name + " " + c.unit;
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

void CsvLayout::appendRow(std::string& line, double t, const std::vector<Vec3>& com, const std::vector<Quat>& quat,
                          const std::vector<double>& theta, const std::vector<double>& slides, const std::vector<double>& loads,
                          const Energy& energy) const {
  appendNumber(line, t);  // time always in full precision
  for (std::size_t s = 0; s < m_bodies.size(); ++s) {
    for (int k = 0; k < 3; ++k) number(line, com[s][k]);
    for (int k = 0; k < 4; ++k) number(line, quat[s][k]);
    if (m_model.planar()) number(line, theta[s]);
  }
  for (double v : slides) number(line, v);
  for (double v : loads) number(line, v);
  for (const double e : {energy.kinetic, energy.potential, energy.total()}) number(line, e);
  if (m_model.hasLoads())
    for (const double e : {energy.spring, energy.work, energy.dissipated, energy.balance()}) number(line, e);
  line += '\n';
}

CsvResultWriter::CsvResultWriter(const Model& model, const std::string& path, std::vector<int> bodies, const CsvProvenance& provenance,
                                 CsvPrecision precision)
    : m_layout(model, std::move(bodies), precision), m_out(path, std::ios::binary | std::ios::trunc), m_path(path) {
  if (!m_out) throw Error(ErrorKind::Io, "cannot write results file '" + path + "'");
  m_out << m_layout.preamble(provenance);
  const std::size_t n = m_layout.bodies().size();
  m_com.resize(n);
  m_quat.resize(n);
  m_theta.resize(n);
  m_slides.resize(2 * static_cast<std::size_t>(model.sliderCount()));
}

void CsvResultWriter::record(const Frame& frame) {
  const Model& model = *frame.model;
  const std::vector<int>& bodies = m_layout.bodies();
  for (std::size_t s = 0; s < bodies.size(); ++s) {
    const int b = bodies[s];
    m_com[s] = (*frame.poses)[static_cast<std::size_t>(b)].com;
    m_quat[s] = bodyQuaternion(model, *frame.y, b);
    m_theta[s] = model.planar() ? (*frame.y)[2 * b] : 0.0;
  }
  for (int k = 0; k < model.sliderCount(); ++k) {
    m_slides[2 * static_cast<std::size_t>(k)] = slidePosition(model, *frame.y, k);
    m_slides[2 * static_cast<std::size_t>(k) + 1] = slideRate(model, *frame.y, k);
  }
  if (frame.loads) loadChannelValues(model, *frame.loads, *frame.out, m_loads);
  m_line.clear();
  m_layout.appendRow(m_line, frame.time, m_com, m_quat, m_theta, m_slides, m_loads, frame.energy);
  m_out << m_line;
  if (!m_out) throw Error(ErrorKind::Io, "writing results file '" + m_path + "' failed (disk full?)");
}

void CsvResultWriter::finish() { m_out.flush(); }

void writeResultsCsv(const Model& model, const Results& results, const std::string& path, const CsvProvenance& provenance) {
  std::vector<int> bodies;
  for (int s = 0; s < results.recordedBodyCount(); ++s) bodies.push_back(results.recordedBody(s));
  const CsvLayout layout(model, bodies);
  std::string text = layout.preamble(provenance);
  std::vector<Vec3> com(bodies.size());
  std::vector<Quat> quat(bodies.size());
  std::vector<double> theta(bodies.size());
  std::vector<double> slides(2 * static_cast<std::size_t>(results.slideCount()));
  std::vector<double> loads(results.loadChannels().size());
  for (int f = 0; f < results.frameCount(); ++f) {
    for (int s = 0; s < results.recordedBodyCount(); ++s) {
      com[static_cast<std::size_t>(s)] = results.com(f, s);
      quat[static_cast<std::size_t>(s)] = results.orientation(f, s);
      theta[static_cast<std::size_t>(s)] = results.theta(f, s);
    }
    for (int k = 0; k < results.slideCount(); ++k) {
      slides[2 * static_cast<std::size_t>(k)] = results.slide(f, k);
      slides[2 * static_cast<std::size_t>(k) + 1] = results.slideRate(f, k);
    }
    for (std::size_t c = 0; c < loads.size() && f < results.loadFrameCount(); ++c) loads[c] = results.loadValue(f, static_cast<int>(c));
    layout.appendRow(text, results.time(f), com, quat, theta, slides, loads, results.energy(f));
  }
  writeFileAtomically(path, text);
}

}  // namespace mstmm
