#pragma once
// A rotor held at one spin speed, as the rotor analyses linearise it
// (docs/rotors.md R3): the spin coordinate is driven at the constant rate
// Omega, every body beyond it starts turning with it, and the unbalances'
// masses are left out (they enter as the force they exert). About that
// steady spin the equations are time-invariant, and the linearisation exact,
// when what turns is axisymmetric about the spin axis and nothing that
// holds it turns with it (the usual rotor: isotropic disks and shafts on
// bearings fixed in the housing).

#include <memory>
#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace mstmm {

/// The coordinate a rotor spins on: a revolute or pin hinge (coordinate
/// empty), or the "angle" of a cylindrical, planar or (planar model) free hinge.
struct SpinCoordinate {
  std::string hinge;
  std::string coordinate;
};

/// "hinge" or "hinge.angle", as the CLI's --spin, Python's `spin` and the
/// studio's list name a spin coordinate.
SpinCoordinate parseSpin(const std::string& text);
/// Several, separated by commas ("disk1,disk2"): the parts of a rotor that
/// spin on hinges of their own, all at the same speed (an elastic shaft's
/// pieces on a frame that does not turn).
std::vector<SpinCoordinate> parseSpins(const std::string& text);
/// Every coordinate of the model a rotor can spin on, named as parseSpin reads
/// them; first, "name*" for revolutes or pins named "name 1", "name 2", ...
/// (an elastic shaft's pieces, parseSpins).
std::vector<std::string> spinChoices(const ModelSpec& spec);

/// Throws mstmm::Error (kind Input) with the message: bad input to a rotor analysis.
[[noreturn]] void refuseRotorInput(const std::string& what);

class RotorAtSpeed {
 public:
  /// Checks that the hinge exists, can spin, and that the model is a tree;
  /// throws mstmm::Error (kind Input) naming what is wrong.
  RotorAtSpeed(ModelSpec spec, SpinCoordinate spin);
  /// Several spin coordinates, driven at the same speed: each one's
  /// subtree spins about its hinge's axis; the axes must be parallel. A
  /// hinge name ending in '*' stands for every hinge whose name begins so.
  static RotorAtSpeed spinningOn(ModelSpec spec, const std::vector<SpinCoordinate>& spins);

  /// The model at spin speed omega (rad/s), compiled.
  std::shared_ptr<const Model> at(double omega) const;
  /// The spin axis in the world at the initial state (unit).
  const Vec3& axis() const { return m_axis; }
  /// Names of the bodies that spin (spec names).
  const std::vector<std::string>& spinning() const { return m_spinningNames; }
  const std::vector<UnbalanceSpec>& unbalances() const { return m_unbalances; }
  /// The first spin coordinate (the only one unless spinningOn was given several).
  const SpinCoordinate& spin() const { return m_spins.front().name; }
  /// The spin coordinates as they were named ("spin", "disk1,disk2",
  /// "spin*"), for messages and reports.
  std::string spinNames() const;
  const ModelSpec& spec() const { return m_spec; }

 private:
  struct Spin {
    SpinCoordinate name;
    int hinge = -1;
    int coordinate = -1;  // among the hinge's named coordinates; -1: its only one
  };
  RotorAtSpeed(ModelSpec spec, const std::vector<SpinCoordinate>& spins, int);
  Spin checkedSpin(const SpinCoordinate& spin, Vec3& axis, std::vector<bool>& spinning) const;
  void drive(ModelSpec& spec, const Spin& spin, double omega) const;

  ModelSpec m_spec;  // without the unbalances
  std::vector<Spin> m_spins;
  std::vector<SpinCoordinate> m_named;  // as given, before "name*" is expanded
  Vec3 m_axis = Vec3::UnitZ();
  std::vector<int> m_spinningBodies;  // spec indices
  std::vector<std::string> m_spinningNames;
  std::vector<UnbalanceSpec> m_unbalances;
};

}  // namespace mstmm
