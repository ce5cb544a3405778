#pragma once
// What the user gives for rotating machinery (docs/rotors.md): bearings and
// seals between a journal and its housing, and unbalances on bodies. Nothing
// here is checked; validate() says what is wrong.

#include <array>
#include <string>
#include <vector>

#include "core/math/rotation.hpp"

namespace mstmm {

/// The eight linear coefficients of a bearing (docs/rotors.md R1), in the
/// order kxx, kxy, kyx, kyy, cxx, cxy, cyx, cyy. Each is one number
/// (the same at every speed) or one number per entry of `speeds`.
enum class BearingCoefficient { Kxx, Kxy, Kyx, Kyy, Cxx, Cxy, Cyx, Cyy };
constexpr int kBearingCoefficients = 8;
/// "kxx" ... "cyy", as the model file names them.
const char* bearingCoefficientName(int k);

/// A radial bearing or seal: the journal point on `body` is held to the
/// housing point (on `housing`, or the ground) in the plane normal to the
/// bearing's axis by the load
///   [Fx; Fy] = -[kxx kxy; kyx kyy] [dx; dy] - [cxx cxy; cyx cyy] [dx'; dy'],
/// with d the journal's displacement from the housing point in the
/// housing's x, y axes. Coefficients given against speed are interpolated
/// linearly in the journal's spin relative to the housing about the axis
/// and held at the table's end values beyond it.
struct BearingSpec {
  std::string name;
  std::string body;               // the journal
  Vec3 point = Vec3::Zero();      // the journal's centre, in the body's frame
  std::string housing;            // body name; empty: the ground
  Vec3 housingPoint = Vec3::Zero();  // in the housing's frame, or the world for the ground
  Vec3 axis = Vec3::UnitZ();      // the bearing's axis, housing frame
  Vec3 xAxis = Vec3::UnitX();     // its x direction (made normal to the axis); y = axis x x
  std::vector<double> speeds;     // rad/s, strictly increasing; empty: constant coefficients
  std::array<std::vector<double>, kBearingCoefficients> coefficients;  // N/m and N s/m
  bool groundHousing() const { return housing.empty(); }
  bool operator==(const BearingSpec&) const = default;

  /// An isotropic bearing to the ground: kxx = kyy = k, cxx = cyy = c.
  static BearingSpec isotropic(std::string name, std::string body, double k, double c) {
    BearingSpec b;
    b.name = std::move(name);
    b.body = std::move(body);
    for (auto& v : b.coefficients) v = {0.0};
    b.coefficients[0] = b.coefficients[3] = {k};
    b.coefficients[4] = b.coefficients[7] = {c};
    return b;
  }
};

/// An unbalance: a small mass at radius `eccentricity` from the body's spin
/// axis (through `centre`, along `axis`, body frame), at angle `phase` about
/// that axis from the body's first axis normal to it (docs/rotors.md R2).
/// In a time-domain run it is a point mass of the body; the linearised
/// rotor analyses leave its mass out and take the force m e Omega^2 it
/// exerts turning with the body.
struct UnbalanceSpec {
  std::string name;
  std::string body;
  double mass = 0.0;          // kg
  double eccentricity = 0.0;  // m
  double phase = 0.0;         // rad
  Vec3 centre = Vec3::Zero(); // a point of the spin axis, body frame
  Vec3 axis = Vec3::UnitZ();  // body frame
  bool operator==(const UnbalanceSpec&) const = default;
};

/// The unit vector from which an unbalance's phase is measured: the body's
/// x axis made normal to `axis` (its y axis if x is nearly along it).
Vec3 unbalanceReference(const Vec3& axis);
/// Where the unbalance mass sits, body frame.
Vec3 unbalancePosition(const UnbalanceSpec& u);

}  // namespace mstmm
