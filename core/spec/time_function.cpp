#include "core/spec/time_function.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mstmm {

const char* toString(TimeFunctionKind kind) {
  switch (kind) {
    case TimeFunctionKind::Constant: return "constant";
    case TimeFunctionKind::Step: return "step";
    case TimeFunctionKind::Ramp: return "ramp";
    case TimeFunctionKind::Sine: return "sine";
    case TimeFunctionKind::SpinUp: return "spin-up";
    case TimeFunctionKind::Table: return "table";
  }
  return "constant";
}

namespace {

// The spin-up law, tau = t - start, T = duration, w = slope, c = T / (2 pi):
// value + (w/T) [tau^2/2 + c^2 (cos(tau/c) - 1)] while tau <= T, then
// value + w (tau - T/2); its rate (w/T) [tau - c sin(tau/c)] and
// acceleration (w/T) (1 - cos(tau/c)) start and end at 0 and w.
TimeSample spinUp(const TimeFunction& f, double t) {
  const double tau = t - f.start, T = f.duration, w = f.slope;
  if (tau <= 0.0) return {f.value, 0.0, 0.0};
  if (T <= 0.0 || tau >= T) return {f.value + w * (tau - 0.5 * T), w, 0.0};
  const double c = T / (2.0 * std::numbers::pi), k = w / T;
  return {f.value + k * (0.5 * tau * tau + c * c * (std::cos(tau / c) - 1.0)), k * (tau - c * std::sin(tau / c)), k * (1.0 - std::cos(tau / c))};
}


/// Natural cubic spline moments (second derivatives) through the points:
/// the tridiagonal system of a C2 interpolant with zero end curvature.
std::vector<double> splineMoments(const std::vector<std::pair<double, double>>& p) {
  const std::size_t n = p.size();
  std::vector<double> m(n, 0.0);
  if (n < 3) return m;
  std::vector<double> diag(n, 0.0), rhs(n, 0.0), upper(n, 0.0);
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const double h0 = p[i].first - p[i - 1].first, h1 = p[i + 1].first - p[i].first;
    diag[i] = (h0 + h1) / 3.0;
    upper[i] = h1 / 6.0;
    rhs[i] = (p[i + 1].second - p[i].second) / h1 - (p[i].second - p[i - 1].second) / h0;
  }
  // Thomas algorithm on rows 1..n-2 (m_0 = m_{n-1} = 0).
  for (std::size_t i = 2; i + 1 < n; ++i) {
    const double lower = (p[i].first - p[i - 1].first) / 6.0;
    const double w = lower / diag[i - 1];
    diag[i] -= w * upper[i - 1];
    rhs[i] -= w * rhs[i - 1];
  }
  for (std::size_t i = n - 2; i >= 1; --i) {
    m[i] = (rhs[i] - upper[i] * m[i + 1]) / diag[i];
    if (i == 1) break;
  }
  return m;
}

}  // namespace

TimeCurve::TimeCurve(const TimeFunction& f) : m_f(f) {
  if (f.kind == TimeFunctionKind::Table && f.smooth) m_moments = splineMoments(f.points);
}

TimeSample TimeCurve::evaluate(double t) const {
  const TimeFunction& f = m_f;
  switch (f.kind) {
    case TimeFunctionKind::Constant: return {f.value, 0.0, 0.0};
    case TimeFunctionKind::Ramp: {
      if (t < f.start) return {f.value, 0.0, 0.0};  // from the start on (t = start included) the rate is the slope
      return {f.value + f.slope * (t - f.start), f.slope, 0.0};
    }
    case TimeFunctionKind::Step: {
      const double jump = f.to - f.value;
      if (t < f.start) return {f.value, 0.0, 0.0};
      if (f.duration <= 0.0 || t >= f.start + f.duration) return {f.to, 0.0, 0.0};
      // Quintic blend 10x^3 - 15x^4 + 6x^5: zero rate and acceleration at both ends.
      const double x = (t - f.start) / f.duration, d = f.duration;
      const double s = x * x * x * (10.0 + x * (-15.0 + 6.0 * x));
      const double ds = 30.0 * x * x * (1.0 + x * (-2.0 + x));
      const double dds = 60.0 * x * (1.0 + x * (-3.0 + 2.0 * x));
      return {f.value + jump * s, jump * ds / d, jump * dds / (d * d)};
    }
    case TimeFunctionKind::Sine: {
      const double w = 2.0 * std::numbers::pi * f.frequency;
      const double arg = w * t + f.phase;
      const double s = std::sin(arg), c = std::cos(arg);
      return {f.value + f.amplitude * s, f.amplitude * w * c, -f.amplitude * w * w * s};
    }
    case TimeFunctionKind::Table: return table(t);
    case TimeFunctionKind::SpinUp: return spinUp(f, t);
  }
  return {};
}

// Before the first point and after the last the table holds its end values.
TimeSample TimeCurve::table(double t) const {
  const auto& p = m_f.points;
  if (p.empty()) return {};
  if (t <= p.front().first) return {p.front().second, 0.0, 0.0};
  if (t >= p.back().first) return {p.back().second, 0.0, 0.0};
  const auto it = std::upper_bound(p.begin(), p.end(), t, [](double v, const auto& q) { return v < q.first; });
  const auto i = static_cast<std::size_t>(it - p.begin()) - 1;
  const double t0 = p[i].first, t1 = p[i + 1].first, h = t1 - t0;
  const double y0 = p[i].second, y1 = p[i + 1].second;
  if (m_moments.empty()) return {y0 + (y1 - y0) * (t - t0) / h, (y1 - y0) / h, 0.0};
  const double m0 = m_moments[i], m1 = m_moments[i + 1];
  const double a = (t1 - t) / h, b = (t - t0) / h;
  const double value = a * y0 + b * y1 + ((a * a * a - a) * m0 + (b * b * b - b) * m1) * h * h / 6.0;
  const double rate = (y1 - y0) / h + ((1.0 - 3.0 * a * a) * m0 + (3.0 * b * b - 1.0) * m1) * h / 6.0;
  return {value, rate, a * m0 + b * m1};
}

std::string checkTimeFunction(const TimeFunction& f, bool motion) {
  auto finite = [](double v) { return std::isfinite(v); };
  if (!finite(f.value) || !finite(f.to) || !finite(f.start) || !finite(f.duration) || !finite(f.slope) || !finite(f.amplitude) ||
      !finite(f.frequency) || !finite(f.phase))
    return "its parameters must be finite numbers";
  switch (f.kind) {
    case TimeFunctionKind::Constant: return "";
    case TimeFunctionKind::Ramp:
      if (motion && f.start > 0.0)
        return "a ramp that starts after t = 0 changes its rate at once, so the prescribed acceleration is not defined there; start it at t <= 0 or use a table with 'smooth'";
      return "";
    case TimeFunctionKind::Step:
      if (f.duration < 0.0) return "the step's duration must not be negative";
      if (motion && f.duration <= 0.0) return "a prescribed motion cannot jump; give the step a duration > 0 s";
      return "";
    case TimeFunctionKind::Sine:
      if (f.frequency < 0.0) return "the sine's frequency must not be negative";
      return "";
    case TimeFunctionKind::SpinUp:
      if (f.duration < 0.0) return "the spin-up's duration must not be negative";
      if (motion && f.duration <= 0.0) return "a prescribed motion cannot change its rate at once; give the spin-up a duration > 0 s";
      return "";
    case TimeFunctionKind::Table: {
      if (f.points.empty()) return "the table is empty";
      for (std::size_t i = 0; i < f.points.size(); ++i) {
        if (!finite(f.points[i].first) || !finite(f.points[i].second)) return "table row " + std::to_string(i + 1) + " is not a pair of finite numbers";
        if (i > 0 && !(f.points[i].first > f.points[i - 1].first))
          return "the table's times must increase strictly (row " + std::to_string(i + 1) + ")";
      }
      if (motion && !f.smooth && f.points.size() > 1)
        return "a prescribed motion needs a defined acceleration; set 'smooth' on the table (cubic spline)";
      return "";
    }
  }
  return "";
}

Characteristic::Characteristic(std::vector<std::pair<double, double>> points) : m_points(std::move(points)) {
  m_cumulative.assign(m_points.size(), 0.0);
  for (std::size_t i = 1; i < m_points.size(); ++i)
    m_cumulative[i] = m_cumulative[i - 1] + 0.5 * (m_points[i].second + m_points[i - 1].second) * (m_points[i].first - m_points[i - 1].first);
  if (!m_points.empty()) m_integralAtZero = integral(0.0);
}

// The segment whose line gives the load at x (the end segments extend outwards).
int Characteristic::segment(double x) const {
  const int last = static_cast<int>(m_points.size()) - 2;
  if (last < 0) return -1;
  const auto it = std::upper_bound(m_points.begin(), m_points.end(), x, [](double v, const auto& q) { return v < q.first; });
  const int i = static_cast<int>(it - m_points.begin()) - 1;
  return std::clamp(i, 0, last);
}

double Characteristic::slope(double x) const {
  const int i = segment(x);
  if (i < 0) return 0.0;
  const auto& a = m_points[static_cast<std::size_t>(i)];
  const auto& b = m_points[static_cast<std::size_t>(i) + 1];
  return (b.second - a.second) / (b.first - a.first);
}

double Characteristic::load(double x) const {
  if (m_points.size() == 1) return m_points.front().second;
  const int i = segment(x);
  if (i < 0) return 0.0;
  const auto& a = m_points[static_cast<std::size_t>(i)];
  return a.second + slope(x) * (x - a.first);
}

double Characteristic::integral(double x) const {
  if (m_points.size() == 1) return m_points.front().second * (x - m_points.front().first);
  const int i = segment(x);
  if (i < 0) return 0.0;
  const auto& a = m_points[static_cast<std::size_t>(i)];
  const double fx = load(x);
  return m_cumulative[static_cast<std::size_t>(i)] + 0.5 * (a.second + fx) * (x - a.first);
}

std::string checkCharacteristic(const std::vector<std::pair<double, double>>& points) {
  if (points.size() < 2) return "the characteristic needs at least two points (deflection, load)";
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (!std::isfinite(points[i].first) || !std::isfinite(points[i].second))
      return "characteristic row " + std::to_string(i + 1) + " is not a pair of finite numbers";
    if (i > 0 && !(points[i].first > points[i - 1].first))
      return "the characteristic's deflections must increase strictly (row " + std::to_string(i + 1) + ")";
  }
  return "";
}

}  // namespace mstmm
