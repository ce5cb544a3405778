#pragma once
// Reading frequencies, amplitudes and phases off recorded signals, for the
// suites that hold a linear analysis against the time domain.

#include <Eigen/Dense>
#include <complex>
#include <numbers>
#include <vector>

namespace mstmm::test {

/// The frequency (Hz) in [lo, hi] where the signal's discrete-time Fourier
/// transform peaks (mean removed), refined by a parabola through the peak.
inline double peakFrequency(const std::vector<double>& t, const std::vector<double>& x, double lo, double hi, double step = 0.005) {
  double mean = 0.0;
  for (double v : x) mean += v / static_cast<double>(x.size());
  auto power = [&](double f) {
    std::complex<double> sum = 0.0;
    for (std::size_t k = 0; k < x.size(); ++k) sum += (x[k] - mean) * std::polar(1.0, -2.0 * std::numbers::pi * f * t[k]);
    return std::norm(sum);
  };
  double best = lo, bestPower = -1.0;
  for (double f = lo; f <= hi; f += step)
    if (const double p = power(f); p > bestPower) bestPower = p, best = f;
  const double a = power(best - step), b = bestPower, c = power(best + step);
  return best + 0.5 * step * (a - c) / (a - 2.0 * b + c);
}

/// The complex amplitude X of x(t) ~ c0 + Re(X e^{i 2 pi f t}) over the
/// samples with t >= from, by least squares.
inline std::complex<double> harmonicAmplitude(const std::vector<double>& t, const std::vector<double>& x, double f, double from) {
  std::vector<std::size_t> keep;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (t[k] >= from) keep.push_back(k);
  Eigen::MatrixXd a(static_cast<Eigen::Index>(keep.size()), 3);
  Eigen::VectorXd b(a.rows());
  for (Eigen::Index r = 0; r < a.rows(); ++r) {
    const double w = 2.0 * std::numbers::pi * f * t[keep[static_cast<std::size_t>(r)]];
    a.row(r) << std::cos(w), -std::sin(w), 1.0;
    b[r] = x[keep[static_cast<std::size_t>(r)]];
  }
  const Eigen::Vector3d c = a.colPivHouseholderQr().solve(b);
  return {c[0], c[1]};  // Re((c0 + i c1) e^{iwt}) = c0 cos wt - c1 sin wt
}

}  // namespace mstmm::test
