#pragma once
// A straight, prismatic elastic beam (issue 28; equations.md §11): what the
// user gives. The beam lies along its body frame's x axis from x = 0 to
// x = length; its ends (output, inputs) are body-frame points as a rigid
// body's, each carried by the piece of the beam at its station x.
// compile() divides it into rigid pieces joined by elastic joints
// (beam_layout.hpp); nothing here is checked, validate() says what is wrong.

#include <string>

namespace mstmm {

enum class BeamSectionKind { Rectangle, Circle, Tube, Custom };

/// The cross-section, in the beam's y-z plane. Rectangle: `width` along y,
/// `height` along z. Circle: `radius`. Tube: `radius` outside and
/// `innerRadius`. Custom: the area and second moments given directly.
struct BeamSection {
  BeamSectionKind kind = BeamSectionKind::Rectangle;
  double width = 0.02;        // m
  double height = 0.02;       // m
  double radius = 0.01;       // m
  double innerRadius = 0.005; // m
  double area = 4e-4;         // m^2 (custom)
  double iy = 1.3333333333333333e-8;  // m^4, about y (bending in the x-z plane; custom)
  double iz = 1.3333333333333333e-8;  // m^4, about z (bending in the x-y plane; custom)
  double torsion = 2.25e-8;   // m^4, Saint-Venant torsion constant J (custom)
  bool operator==(const BeamSection&) const = default;
};

/// The section's area A, second moments I_y, I_z and torsion constant J.
struct SectionProperties {
  double area = 0.0, iy = 0.0, iz = 0.0, torsion = 0.0;
  double polar() const { return iy + iz; }  // I_p = I_y + I_z: the rotary inertia about the axis is rho I_p
};

/// A rectangle's J from the series for a thin side (Roark, error < 0.5%);
/// the circle's and the tube's exactly.
SectionProperties sectionProperties(const BeamSection& section);

struct BeamSpec {
  double length = 1.0;          // m, along body x from the origin
  double youngsModulus = 2.1e11;  // E, Pa
  double shearModulus = 8.1e10;   // G, Pa
  double density = 7850.0;        // rho, kg/m^3
  BeamSection section;
  /// How many pieces the beam is divided into (equations.md §11.1): its
  /// frequencies converge as 1/segments^2.
  int segments = 8;
  /// Axial stretch as a degree of freedom (EA); otherwise the beam is
  /// inextensible, which spares the step the axial frequency.
  bool axial = false;
  /// Rayleigh stiffness-proportional damping: each joint's damper is beta
  /// times its spring (s).
  double dampingBeta = 0.0;
  /// Rayleigh mass-proportional damping: each piece's motion relative to
  /// the beam's root piece is damped by alpha times its mass and rotary
  /// inertia (1/s; equations.md §11.3).
  double dampingAlpha = 0.0;
  bool operator==(const BeamSpec&) const = default;
};

const char* toString(BeamSectionKind kind);

}  // namespace mstmm
