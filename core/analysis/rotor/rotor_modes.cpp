#include "core/analysis/rotor/rotor_modes.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <numbers>

#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/math/balance.hpp"

namespace mstmm {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

// The whirl of a mode from the orbits of the spinning bodies' centres of
// mass and of their tilts (an overhung disk tilting about its own centre
// moves only the second). An orbit counts where it is at least 1e-3 of the
// largest of its kind, a kind where its largest is above 1e-8 of the unit
// shape; orbits within 1e-6 of a straight line count neither way.
void classifyWhirl(const Linearisation& lin, const std::vector<int>& bodies, const Vec3& axis, RotorMode& mode) {
  std::vector<Eigen::Matrix3Xd> jacobians[2];
  lin.velocityJacobians(jacobians[0], jacobians[1]);
  const auto [e1, e2] = spinPlane(axis);
  int forward = 0, backward = 0;
  bool ratioSet = false;
  for (const auto& jacobian : jacobians) {
    std::vector<Orbit> orbits;
    double top = 0.0;
    for (int b : bodies) {
      const Eigen::Vector3cd u = jacobian[static_cast<std::size_t>(b)].cast<std::complex<double>>() * mode.shape;
      orbits.push_back(orbitOf(e1.cast<std::complex<double>>().dot(u), e2.cast<std::complex<double>>().dot(u)));
      top = std::max(top, orbits.back().major());
    }
    if (top <= 1e-8) continue;
    for (const Orbit& o : orbits) {
      if (o.major() < 1e-3 * top) continue;
      const double ratio = o.minor() / o.major();
      forward += ratio > 1e-6;
      backward += ratio < -1e-6;
      if (!ratioSet && o.major() == top) {
        mode.whirlRatio = ratio;
        ratioSet = true;
      }
    }
  }
  if (forward > 0 && backward == 0) mode.whirl = Whirl::Forward;
  else if (backward > 0 && forward == 0) mode.whirl = Whirl::Backward;
  else if (forward > 0) mode.whirl = Whirl::Mixed;
  else mode.whirl = Whirl::None;
}

// The compiled bodies that spin: each spinning body, or its beam's pieces.
std::vector<int> spinningBodies(const Model& model, const RotorAtSpeed& rotor) {
  std::vector<int> bodies;
  for (const std::string& name : rotor.spinning())
    for (int b = 0; b < model.bodyCount(); ++b) {
      const std::string& compiled = model.body(b).name;
      if (compiled == name || compiled.rfind(name + "[", 0) == 0) bodies.push_back(b);
    }
  return bodies;
}

}  // namespace

const char* toString(Whirl whirl) {
  switch (whirl) {
    case Whirl::Forward: return "forward";
    case Whirl::Backward: return "backward";
    case Whirl::Mixed: return "mixed";
    case Whirl::None: return "none";
  }
  return "none";
}

Orbit orbitOf(std::complex<double> x, std::complex<double> y) {
  const std::complex<double> i(0.0, 1.0);
  Orbit o;
  o.x = x;
  o.y = y;
  o.forward = 0.5 * std::abs(x + i * y);
  o.backward = 0.5 * std::abs(std::conj(x) + i * std::conj(y));
  return o;
}

double modalAssurance(const Eigen::VectorXcd& a, const Eigen::VectorXcd& b) {
  const double na = a.squaredNorm(), nb = b.squaredNorm();
  if (na == 0.0 || nb == 0.0) return 0.0;
  return std::norm(a.dot(b)) / (na * nb);
}

std::pair<Vec3, Vec3> spinPlane(const Vec3& axis) {
  const Vec3 e1 = unbalanceReference(axis);
  return {e1, axis.normalized().cross(e1)};
}

RotorModes rotorModes(const RotorAtSpeed& rotor, double omega, const std::atomic<bool>* cancel) {
  const std::shared_ptr<const Model> model = rotor.at(omega);
  LinearisationOptions options;
  options.cancel = cancel;
  Linearisation lin(model, initialState(*model), options);
  const LinearSystem system = lin.linearise();
  const int n = system.size();
  RotorModes out;
  out.speed = omega;
  if (n == 0) return out;
  Eigen::MatrixXd balanced = system.a;
  const Eigen::VectorXd scale = balance(balanced);
  const Eigen::EigenSolver<Eigen::MatrixXd> solver(balanced);
  if (solver.info() != Eigen::Success) throw Error(ErrorKind::Solver, "rotor modes: the eigenvalues did not converge at " + std::to_string(omega) + " rad/s");
  const std::vector<int> bodies = spinningBodies(*model, rotor);
  const double largest = solver.eigenvalues().cwiseAbs().maxCoeff();
  for (Eigen::Index j = 0; j < solver.eigenvalues().size(); ++j) {
    const std::complex<double> lambda = solver.eigenvalues()[j];
    // Conjugates are left out, and real eigenvalues (overdamped, or a
    // rotor that nothing holds) counted apart.
    if (std::abs(lambda.imag()) <= 1e-12 * std::max(largest, 1.0)) ++out.overdamped;
    if (lambda.imag() <= 1e-12 * std::max(largest, 1.0)) continue;
    RotorMode m;
    m.eigenvalue = lambda;
    m.frequency = lambda.imag() / kTwoPi;
    m.naturalFrequency = std::abs(lambda) / kTwoPi;
    m.dampingRatio = -lambda.real() / std::abs(lambda);
    m.logDecrement = -kTwoPi * lambda.real() / lambda.imag();
    m.shape = scale.head(n).cast<std::complex<double>>().cwiseProduct(solver.eigenvectors().col(j).head(n));
    m.shape.normalize();
    classifyWhirl(lin, bodies, rotor.axis(), m);
    out.modes.push_back(std::move(m));
  }
  std::sort(out.modes.begin(), out.modes.end(), [](const RotorMode& a, const RotorMode& b) { return a.frequency < b.frequency; });
  return out;
}

}  // namespace mstmm
