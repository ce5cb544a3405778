#pragma once
// Planar <-> spatial: a model turned into the other kind, converting what
// has an obvious counterpart (pin <-> ball, theta <-> a rotation about z,
// theta' <-> Omega_z, slender rods <-> thin cylinders, slide axes into the
// x-y plane). Whatever is left invalid (a revolute hinge with an axis out of
// the plane, say) is for validate() to name. Used by the studio's Kind box
// and by `mstmm format --kind`.

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// The model as the other kind (a copy; the same spec if it already is).
ModelSpec convertedToKind(const ModelSpec& spec, ModelKind kind);

/// A slide axis for a planar model: the x-y part of `axis`, or the x axis
/// if it has none.
Vec3 planarSlideAxis(const Vec3& axis);

/// The radius a slender rod gets as a cylinder in 3-D (it has no axial
/// inertia otherwise): m.
inline constexpr double kRodAsCylinderRadius = 0.02;

}  // namespace mstmm
