#include "core/spec/beam_spec.hpp"

#include <algorithm>
#include <numbers>

namespace mstmm {

namespace {

// Saint-Venant's torsion constant of a solid rectangle with sides a >= b:
// J = a b^3 (1/3 - 0.21 (b/a) (1 - b^4 / (12 a^4))) (Roark's Formulas,
// Table 10.7 case 4; within 0.5% for every aspect ratio).
double rectangleTorsion(double width, double height) {
  const double a = std::max(width, height), b = std::min(width, height);
  const double r = b / a;
  return a * b * b * b * (1.0 / 3.0 - 0.21 * r * (1.0 - r * r * r * r / 12.0));
}

}  // namespace

SectionProperties sectionProperties(const BeamSection& s) {
  SectionProperties p;
  constexpr double pi = std::numbers::pi;
  switch (s.kind) {
    case BeamSectionKind::Rectangle:
      p.area = s.width * s.height;
      p.iy = s.width * s.height * s.height * s.height / 12.0;
      p.iz = s.height * s.width * s.width * s.width / 12.0;
      p.torsion = rectangleTorsion(s.width, s.height);
      break;
    case BeamSectionKind::Circle: {
      const double r2 = s.radius * s.radius;
      p.area = pi * r2;
      p.iy = p.iz = pi * r2 * r2 / 4.0;
      p.torsion = pi * r2 * r2 / 2.0;
      break;
    }
    case BeamSectionKind::Tube: {
      const double ro2 = s.radius * s.radius, ri2 = s.innerRadius * s.innerRadius;
      p.area = pi * (ro2 - ri2);
      p.iy = p.iz = pi * (ro2 * ro2 - ri2 * ri2) / 4.0;
      p.torsion = pi * (ro2 * ro2 - ri2 * ri2) / 2.0;
      break;
    }
    case BeamSectionKind::Custom:
      p.area = s.area;
      p.iy = s.iy;
      p.iz = s.iz;
      p.torsion = s.torsion;
      break;
  }
  return p;
}

const char* toString(BeamSectionKind kind) {
  switch (kind) {
    case BeamSectionKind::Rectangle: return "rectangle";
    case BeamSectionKind::Circle: return "circle";
    case BeamSectionKind::Tube: return "tube";
    case BeamSectionKind::Custom: return "custom";
  }
  return "rectangle";
}

}  // namespace mstmm
