#include "python/rotor_bindings.hpp"

#include <pybind11/complex.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "core/analysis/rotor/campbell.hpp"
#include "core/analysis/rotor/unbalance_response.hpp"

namespace py = pybind11;

namespace mstmm::python {

namespace {

template <class F>
py::array_t<double> column(std::size_t n, F value) {
  py::array_t<double> a(static_cast<py::ssize_t>(n));
  for (std::size_t i = 0; i < n; ++i) a.mutable_at(static_cast<py::ssize_t>(i)) = value(i);
  return a;
}

}  // namespace

py::dict campbellOf(const ModelSpec& spec, const std::string& spin, const std::vector<double>& speeds, int modes, const std::vector<double>& orders) {
  const RotorAtSpeed rotor = RotorAtSpeed::spinningOn(spec, parseSpins(spin));
  CampbellOptions options;
  options.speeds = speeds;
  options.modes = modes;
  CampbellDiagram d;
  std::vector<CriticalSpeed> critical;
  std::optional<StabilityThreshold> threshold;
  {
    py::gil_scoped_release release;
    d = campbellDiagram(rotor, options);
    for (double order : orders)
      for (const CriticalSpeed& c : criticalSpeeds(rotor, d, order)) critical.push_back(c);
    threshold = stabilityThreshold(rotor, d);
  }
  py::list lines;
  for (std::size_t k = 0; k < d.lines.size(); ++k) {
    const auto& line = d.lines[k];
    py::dict l;
    l["frequency"] = column(line.size(), [&](std::size_t i) { return line[i].frequency; });
    l["damping_ratio"] = column(line.size(), [&](std::size_t i) { return line[i].dampingRatio; });
    l["log_decrement"] = column(line.size(), [&](std::size_t i) { return line[i].logDecrement; });
    l["whirl_ratio"] = column(line.size(), [&](std::size_t i) { return line[i].whirlRatio; });
    l["mac"] = column(line.size(), [&](std::size_t i) { return d.mac[k][i]; });
    py::list whirl;
    for (const RotorMode& m : line) whirl.append(toString(m.whirl));
    l["whirl"] = whirl;
    lines.append(l);
  }
  py::list criticals;
  for (const CriticalSpeed& c : critical) {
    py::dict e;
    e["speed"] = c.speed;
    e["frequency"] = c.frequency;
    e["order"] = c.order;
    e["line"] = c.line;
    e["whirl"] = toString(c.whirl);
    e["damping_ratio"] = c.dampingRatio;
    criticals.append(e);
  }
  py::dict out;
  out["speeds"] = column(d.speeds.size(), [&](std::size_t i) { return d.speeds[i]; });
  out["lines"] = lines;
  out["critical_speeds"] = criticals;
  out["stability_threshold"] = threshold ? py::object(py::float_(threshold->speed)) : py::none();
  return out;
}

py::dict unbalanceOf(const ModelSpec& spec, const std::string& spin, const std::vector<double>& speeds, const std::vector<std::string>& bodies) {
  const RotorAtSpeed rotor = RotorAtSpeed::spinningOn(spec, parseSpins(spin));
  std::vector<OrbitPoint> points;
  for (const std::string& b : bodies) points.push_back({b, Vec3::Zero(), ""});
  if (points.empty()) points = bearingPoints(spec);
  UnbalanceResponse r;
  {
    py::gil_scoped_release release;
    r = unbalanceResponse(rotor, speeds, points);
  }
  py::list orbits;
  for (std::size_t p = 0; p < r.points.size(); ++p) {
    const auto& o = r.orbits[p];
    py::dict e;
    e["body"] = r.points[p].body;
    e["label"] = r.points[p].label;
    py::array_t<std::complex<double>> x(static_cast<py::ssize_t>(o.size())), y(static_cast<py::ssize_t>(o.size()));
    for (std::size_t i = 0; i < o.size(); ++i) {
      x.mutable_at(static_cast<py::ssize_t>(i)) = o[i].x;
      y.mutable_at(static_cast<py::ssize_t>(i)) = o[i].y;
    }
    e["x"] = x;
    e["y"] = y;
    e["major"] = column(o.size(), [&](std::size_t i) { return o[i].major(); });
    e["minor"] = column(o.size(), [&](std::size_t i) { return o[i].minor(); });
    orbits.append(e);
  }
  py::dict out;
  out["speeds"] = column(r.speeds.size(), [&](std::size_t i) { return r.speeds[i]; });
  out["points"] = orbits;
  return out;
}

}  // namespace mstmm::python
