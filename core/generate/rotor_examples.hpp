#pragma once
// Rotors with closed-form answers (docs/rotors.md R8), for the tests, the
// examples and `mstmm generate`.

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// Jeffcott's rotor: a disk of `mass` on a massless shaft whose lateral
/// stiffness is a bearing to the ground at the disk's centre (kxx, kyy, with
/// dampings cxx = cyy = `damping`), in a planar model: the disk's hinge to
/// the ground is free (x, y and the spin "angle"); an unbalance of
/// `unbalanceMass` at `eccentricity`. No gravity. Criticals sqrt(k/m).
struct JeffcottOptions {
  double mass = 10.0;          // kg
  double stiffnessX = 1e6;     // N/m
  double stiffnessY = 1e6;     // N/m
  double damping = 200.0;      // N s/m
  double unbalanceMass = 0.01; // kg
  double eccentricity = 0.05;  // m
  double phase = 0.0;          // rad
};
ModelSpec generateJeffcottRotor(const JeffcottOptions& options = {});

/// A disk (mass, diametral inertia Id, polar Ip) overhung at `overhang` on a
/// rigid massless shaft that tilts about a universal joint at the ground,
/// held by a spring of `tiltStiffness` on each of its angles; the disk spins
/// on a revolute hinge "spin" about the shaft (z). Its conical whirl is
///   (Id + m a^2) w^2 -+ Ip Omega w - k = 0   (forward -, backward +).
struct OverhungOptions {
  double mass = 5.0;              // kg
  double diametral = 0.02;        // kg m^2, about the disk's centre
  double polar = 0.04;            // kg m^2
  double overhang = 0.3;          // m
  double tiltStiffness = 2e4;     // N m/rad
  double tiltDamping = 0.0;       // N m s/rad
};
ModelSpec generateOverhungRotor(const OverhungOptions& options = {});

/// A rigid steel shaft (1.5 m long, 50 mm across) carrying two steel disks
/// (280 and 350 mm across, 70 mm thick, at 0.5 and 1.0 m) on two
/// anisotropic bearings at its ends (1 MN/m horizontally, 1.5 MN/m
/// vertically, 100 N s/m each), with an unbalance of 1e-4 kg m on the second
/// disk: the rigid rotor on flexible supports, with its cylindrical and
/// conical whirls. The shaft moves sideways and tilts (two sliders and a
/// universal joint at its left end, through massless frames) and spins on
/// the revolute hinge "spin" about x: the shape of a rotor in a mechanism.
ModelSpec generateTwoDiskRotor();

/// A uniform elastic shaft, simply supported, as rigid pieces on a frame
/// that bends but does not spin (docs/rotors.md R3): `pieces` massless
/// frames joined end to end by universal joints with springs EI/h on both
/// angles (h = length / pieces; the first joined to the ground at x = 0,
/// free to tilt), the last held at x = length by an isotropic bearing of
/// `supportStiffness`; on each frame, at its middle, a steel cylinder of
/// the shaft's section and length h spinning on its own revolute hinge
/// "spin k" about x. All spin together (spin hinges "spin*"): a Rayleigh
/// shaft with its gyroscopic coupling, whose pieces converge to it as h^2.
struct ElasticShaftOptions {
  double length = 1.5;              // m
  double diameter = 0.05;           // m
  double youngsModulus = 2.11e11;   // Pa
  double density = 7810.0;          // kg/m^3
  int pieces = 16;
  double supportStiffness = 1e12;   // N/m
};
ModelSpec generateElasticShaftRotor(const ElasticShaftOptions& options = {});

/// A uniform shaft free on linear bearings, carrying rigid disks (Friswell
/// et al. 2010, §5.9): as the elastic shaft above, `pieces` spinning on a
/// chain of frames that bend by EI/h and, with `shear`, also slide sideways
/// by kappa G A / h between neighbours (Timoshenko's shear; kappa by
/// Cowper for a solid circle, 6 (1 + nu) / (7 + 6 nu)). The first frame
/// moves sideways and tilts freely from the ground (two sliders and a
/// universal joint through massless frames); bearings act on the frames at
/// their positions, disks are welded to the pieces. Spin hinges "spin*".
struct ShaftDisk {
  double position = 0.0;        // m from the shaft's start
  double outerDiameter = 0.28;  // m
  double innerDiameter = 0.05;  // m (the bore)
  double thickness = 0.07;      // m
  double density = 7810.0;      // kg/m^3
};
struct ShaftBearing {
  double position = 0.0;        // m
  double kxx = 1e6, kyy = 1e6;  // N/m (x: the model's y, y: its z)
  double cxx = 0.0, cyy = 0.0;  // N s/m
};
struct ShaftRotorOptions {
  std::string name = "shaft rotor";
  double length = 1.5, diameter = 0.05;
  double youngsModulus = 2.11e11, shearModulus = 8.12e10, density = 7810.0;
  int pieces = 48;
  bool shear = true;
  std::vector<ShaftDisk> disks;
  std::vector<ShaftBearing> bearings;
};
ModelSpec generateShaftRotor(const ShaftRotorOptions& options);

/// Friswell et al.'s examples 5.9.1 (two disks, isotropic bearings), 5.9.2
/// (anisotropic), 5.9.5 (damped) and 5.9.9 (overhung disk): `example` 1, 2,
/// 5 or 9.
ShaftRotorOptions friswellRotor(int example, int pieces = 48);

}  // namespace mstmm
