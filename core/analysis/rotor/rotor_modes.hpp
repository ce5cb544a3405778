#pragma once
// The modes of a rotor at one spin speed (docs/rotors.md R4): the
// oscillating eigenvalues of the linearisation about steady spin, each with
// its damped frequency, damping ratio, logarithmic decrement and whirl.

#include <atomic>
#include <complex>
#include <vector>

#include <Eigen/Core>

#include "core/analysis/linearisation.hpp"
#include "core/analysis/rotor/rotor_speed.hpp"

namespace mstmm {

/// Forward: every point of the rotor that moves orbits in the sense of the
/// spin; backward: against it; mixed: some each way; none: the rotor's
/// points do not move normal to the axis (torsion, axial motion).
enum class Whirl { Forward, Backward, Mixed, None };
const char* toString(Whirl whirl);

/// An orbit x = Re(X e^{i w t}), y = Re(Y e^{i w t}) in a plane normal to
/// the spin axis, split into the circles it is the sum of:
/// x + i y = R+ e^{i w t} + R- e^{-i w t} (docs/rotors.md R4).
struct Orbit {
  std::complex<double> x, y;  // X, Y
  double forward = 0.0;       // |R+| = |X + i Y| / 2
  double backward = 0.0;      // |R-| = |conj(X) + i conj(Y)| / 2
  double major() const { return forward + backward; }
  /// The minor semi-axis, positive for a forward orbit, negative backward.
  double minor() const { return forward - backward; }
};
Orbit orbitOf(std::complex<double> x, std::complex<double> y);

struct RotorMode {
  std::complex<double> eigenvalue;  // lambda, 1/s, Im > 0
  double frequency = 0.0;           // damped: Im lambda / 2 pi, Hz
  double naturalFrequency = 0.0;    // |lambda| / 2 pi, Hz
  double dampingRatio = 0.0;        // -Re lambda / |lambda|
  double logDecrement = 0.0;        // -2 pi Re lambda / Im lambda
  Whirl whirl = Whirl::None;
  double whirlRatio = 0.0;          // minor/major of the largest orbit, signed (+1 circular forward)
  Eigen::VectorXcd shape;           // minimal coordinates, unit norm
};

struct RotorModes {
  double speed = 0.0;               // rad/s
  std::vector<RotorMode> modes;     // ascending damped frequency
  int overdamped = 0;               // real eigenvalues left out (no oscillation)
};

/// The modes at speed omega (rad/s), from the dense linearisation of
/// rotor.at(omega) about its initial state.
RotorModes rotorModes(const RotorAtSpeed& rotor, double omega, const std::atomic<bool>* cancel = nullptr);

/// The modal assurance criterion |a^H b|^2 / (|a|^2 |b|^2).
double modalAssurance(const Eigen::VectorXcd& a, const Eigen::VectorXcd& b);

/// The plane normal to the spin axis: e1 (the unbalances' reference
/// direction, unbalanceReference) and e2 = axis x e1.
std::pair<Vec3, Vec3> spinPlane(const Vec3& axis);

}  // namespace mstmm
