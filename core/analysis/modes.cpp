#include "core/analysis/modes.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/error.hpp"

namespace mstmm {

namespace {

double stiffnessOf(const Eigen::MatrixXd& k, const Eigen::VectorXd& x) { return x.dot(k * x); }
double stiffnessOf(const Eigen::MatrixXd& k, const Eigen::VectorXcd& x) {  // x^H K x of a symmetric K: a^T K a + b^T K b
  const Eigen::VectorXd a = x.real(), b = x.imag();
  return a.dot(k * a) + b.dot(k * b);
}
/// Whether a shape meets no stiffness: its stiffness quotient x^H K x / x^H x
/// is below kRigidModeTolerance of ||K||. Judged against K alone, not against
/// the largest w^2: a finely divided beam's w^2 spread as n^4 through its
/// mass matrix, so that ratio called its fundamental rigid (issue 51, point
/// 5), while in joint coordinates its bending meets the joints' springs.
template <typename Vector>
bool meetsNoStiffness(const Eigen::MatrixXd& k, double kNorm, const Vector& x) {
  const double xx = x.squaredNorm();
  return xx == 0.0 || std::abs(stiffnessOf(k, x)) <= kRigidModeTolerance * kNorm * xx;
}

std::vector<UndampedMode> undampedModes(const LinearSystem& s) {
  const Eigen::MatrixXd k = 0.5 * (s.stiffness + s.stiffness.transpose());
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(k, s.mass);
  if (solver.info() != Eigen::Success) throw Error(ErrorKind::Solver, "modes: the mass matrix is not positive definite (a body without mass or inertia along a free motion?)");
  const Eigen::VectorXd& w2 = solver.eigenvalues();
  const double largest = w2.size() ? w2.cwiseAbs().maxCoeff() : 0.0, kNorm = k.norm();
  std::vector<UndampedMode> modes;
  for (Eigen::Index j = 0; j < w2.size(); ++j) {
    UndampedMode m;
    m.omegaSquared = w2[j];
    m.rigid = largest == 0.0 || (std::abs(w2[j]) <= kRigidModeTolerance * largest && meetsNoStiffness(k, kNorm, Eigen::VectorXd(solver.eigenvectors().col(j))));
    m.unstable = !m.rigid && w2[j] < 0.0;
    m.frequency = (m.rigid || m.unstable) ? 0.0 : std::sqrt(w2[j]) / (2.0 * std::numbers::pi);
    m.shape = solver.eigenvectors().col(j);  // M-orthonormal already
    modes.push_back(std::move(m));
  }
  return modes;
}

std::vector<DampedMode> dampedModes(const LinearSystem& s) {
  const int n = s.size();
  const Eigen::EigenSolver<Eigen::MatrixXd> solver(s.a);
  if (solver.info() != Eigen::Success) throw Error(ErrorKind::Solver, "modes: the eigenvalues of the first-order system did not converge");
  const Eigen::VectorXcd lambda = solver.eigenvalues();
  const double largest = lambda.size() ? lambda.cwiseAbs().maxCoeff() : 0.0;
  const Eigen::MatrixXd k = 0.5 * (s.stiffness + s.stiffness.transpose());
  const double kNorm = k.norm();
  std::vector<DampedMode> modes;
  for (Eigen::Index j = 0; j < lambda.size(); ++j) {
    if (lambda[j].imag() < 0.0) continue;  // the conjugate of a kept one
    DampedMode m;
    m.eigenvalue = lambda[j];
    const double magnitude = std::abs(lambda[j]);
    m.rigid = largest == 0.0 || (magnitude <= std::sqrt(kRigidModeTolerance) * largest && meetsNoStiffness(k, kNorm, Eigen::VectorXcd(solver.eigenvectors().col(j).head(n))));
    m.naturalFrequency = m.rigid ? 0.0 : magnitude / (2.0 * std::numbers::pi);
    m.dampedFrequency = m.rigid ? 0.0 : lambda[j].imag() / (2.0 * std::numbers::pi);
    m.dampingRatio = m.rigid ? 0.0 : -lambda[j].real() / magnitude;
    m.shape = solver.eigenvectors().col(j).head(n);
    Eigen::Index at = 0;
    if (n) m.shape.cwiseAbs().maxCoeff(&at);
    if (n && std::abs(m.shape[at]) > 0.0) m.shape /= m.shape[at];
    modes.push_back(std::move(m));
  }
  std::sort(modes.begin(), modes.end(), [](const DampedMode& a, const DampedMode& b) { return std::abs(a.eigenvalue) < std::abs(b.eigenvalue); });
  return modes;
}

}  // namespace

ModalAnalysis denseModes(const LinearSystem& system) {
  ModalAnalysis result;
  if (system.size() == 0) return result;  // every motion prescribed: nothing vibrates
  const double norm = system.stiffness.norm();
  result.asymmetry = norm > 0.0 ? (system.stiffness - system.stiffness.transpose()).norm() / norm : 0.0;
  result.undamped = undampedModes(system);
  // Without damping the first-order eigenproblem (2n x 2n, nonsymmetric,
  // 60 s at n = 1000) adds nothing: lambda = +-i w, zeta = 0.
  if (system.damping.norm() > 0.0) {
    result.damped = dampedModes(system);
    return result;
  }
  for (const UndampedMode& m : result.undamped) {
    DampedMode d;
    d.rigid = m.rigid;
    d.eigenvalue = m.omegaSquared >= 0.0 ? std::complex<double>(0.0, std::sqrt(m.omegaSquared)) : std::complex<double>(std::sqrt(-m.omegaSquared), 0.0);
    d.naturalFrequency = d.dampedFrequency = m.frequency;
    d.shape = m.shape.cast<std::complex<double>>();
    result.damped.push_back(std::move(d));
  }
  return result;
}

}  // namespace mstmm
