#include "core/model/beam_step.hpp"

#include <algorithm>
#include <cmath>

namespace mstmm {

BeamTopFrequency beamHighestFrequency(const BeamSpec& beam, bool planar) {
  const SectionProperties s = sectionProperties(beam.section);
  const double h = beam.length / beam.segments;
  const double mass = beam.density * s.area * h;
  // Bending (Eq 11.6): a full piece's inertia about its centre (Eq 11.2)
  // against one joint's spring (Eq 11.3); the division's top mode turns
  // neighbouring pieces against each other. A one-segment beam is two half
  // pieces, whose top mode is relatively faster.
  const double c = beam.segments == 1 ? 4.0 : 3.0;
  auto bending = [&](double i) { return c * std::sqrt((beam.youngsModulus * i / h) / (beam.density * i * h + mass * h * h / 12.0)); };
  BeamTopFrequency top{bending(s.iz), "bending"};
  auto consider = [&](double omega, const char* vibration) {
    if (omega > top.omega) top = {omega, vibration};
  };
  if (!planar) {
    consider(bending(s.iy), "bending");
    // Torsion: a chain of inertias rho I_p h on springs G J / h, whose top
    // frequency is at most 2 sqrt(k / J) (Gershgorin).
    consider(2.0 * std::sqrt(beam.shearModulus * s.torsion / (beam.density * s.polar())) / h, "torsion");
  }
  if (beam.axial) consider(2.0 * std::sqrt(beam.youngsModulus / beam.density) / h, "stretch");
  return top;
}

double beamResolvedFrequency(const BeamSpec& beam, bool planar) {
  const SectionProperties s = sectionProperties(beam.section);
  const double h = beam.length / beam.segments;
  const double i = planar ? s.iz : std::min(s.iy, s.iz);
  return 0.15 * std::sqrt(beam.youngsModulus * i / (beam.density * s.area)) / (h * h);
}

}  // namespace mstmm
