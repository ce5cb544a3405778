#include "core/model/beam_step.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>

namespace mstmm {

namespace {

/// The highest bending frequency of the division with both ends free, in
/// the plane of second moment i (Eq 11.6): the top of K x = w^2 M x over
/// the first piece's transverse motion and every piece's rotation, the
/// joints keeping neighbouring pieces together. Holding the beam (a clamp,
/// a pin) restricts x and an attached body adds to M, so neither raises the
/// largest Rayleigh quotient: it bounds the beam's top bending mode however
/// it is held. The top mode lives at the ends and in the zigzag of the
/// interior, so beyond kPieces segments a chain of that many, of the same
/// h, has the same top to about 1e-3.
double freeDivisionBendingTop(const BeamSpec& beam, const SectionProperties& s, double i) {
  constexpr int kPieces = 48;
  const int n = std::min(beam.segments, kPieces);
  const double h = beam.length / beam.segments;
  const int size = n + 2;  // w_0, theta_0 .. theta_n
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(size, size), k = Eigen::MatrixXd::Zero(size, size);
  Eigen::RowVectorXd w = Eigen::RowVectorXd::Unit(size, 0);  // piece k's centre's transverse motion in the coordinates
  for (int p = 0; p <= n; ++p) {
    const double begin = p == 0 ? 0.0 : (p - 0.5) * h, end = p == n ? n * h : (p + 0.5) * h, length = end - begin, centre = 0.5 * (begin + end);
    const double mass = beam.density * s.area * length;
    m += mass * w.transpose() * w;
    m(p + 1, p + 1) += beam.density * i * length + mass * length * length / 12.0;  // Eq 11.2
    if (p == n) break;
    const double joint = (p + 0.5) * h, nextCentre = p + 1 == n ? 0.5 * (joint + n * h) : (p + 1) * h;
    w += (joint - centre) * Eigen::RowVectorXd::Unit(size, p + 1) - (joint - nextCentre) * Eigen::RowVectorXd::Unit(size, p + 2);
    const double spring = beam.youngsModulus * i / h;  // Eq 11.3
    k(p + 1, p + 1) += spring, k(p + 2, p + 2) += spring, k(p + 1, p + 2) -= spring, k(p + 2, p + 1) -= spring;
  }
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> eigen(k, m, Eigen::EigenvaluesOnly);
  return std::sqrt(std::max(eigen.eigenvalues().maxCoeff(), 0.0));
}

}  // namespace

BeamTopFrequency beamHighestFrequency(const BeamSpec& beam, bool planar) {
  const SectionProperties s = sectionProperties(beam.section);
  const double h = beam.length / beam.segments;
  BeamTopFrequency top{freeDivisionBendingTop(beam, s, s.iz), "bending"};
  auto consider = [&](double omega, const char* vibration) {
    if (omega > top.omega) top = {omega, vibration};
  };
  if (!planar) {
    consider(freeDivisionBendingTop(beam, s, s.iy), "bending");
    // Torsion: a chain of inertias rho I_p h on springs G J / h, whose top
    // frequency is at most 2 sqrt(k / J) (Gershgorin).
    consider(2.0 * std::sqrt(beam.shearModulus * s.torsion / (beam.density * s.polar())) / h, "torsion");
  }
  if (beam.axial) consider(2.0 * std::sqrt(beam.youngsModulus / beam.density) / h, "stretch");
  return top;
}

double beamStepLimit(const ModelSpec& spec) {
  double limit = std::numeric_limits<double>::infinity();
  for (const BodySpec& b : spec.bodies) {
    if (!b.beam || b.beam->segments < 1) continue;
    const double omega = beamHighestFrequency(*b.beam, spec.kind == ModelKind::Planar).omega;
    if (omega > 0.0 && std::isfinite(omega)) limit = std::min(limit, kBeamStepWarning / omega);
  }
  return limit;
}

double offeredStep(double limit) {
  if (!(limit > 0.0) || !std::isfinite(limit)) return limit;
  const double unit = std::pow(10.0, std::floor(std::log10(limit)) - 1.0);  // of the second digit
  const double step = std::floor(limit / unit * (1.0 + 1e-12)) * unit;
  return step <= limit ? step : limit;
}

double beamResolvedFrequency(const BeamSpec& beam, bool planar) {
  const SectionProperties s = sectionProperties(beam.section);
  const double h = beam.length / beam.segments;
  const double i = planar ? s.iz : std::min(s.iy, s.iz);
  return 0.15 * std::sqrt(beam.youngsModulus * i / (beam.density * s.area)) / (h * h);
}

}  // namespace mstmm
