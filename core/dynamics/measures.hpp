#pragma once
// Named measures (docs/measures.md) evaluated at a recorded state: a body
// point's position, velocity and acceleration relative to a reference
// frame, a distance, an angle between two bodies. Each is read from the
// poses (kinematics.hpp) and the solver's accelerations at that state, so
// a measure is as exact as the run; nothing is differenced.

#include <vector>

#include "core/dynamics/load_channels.hpp"
#include "core/dynamics/state.hpp"
#include "core/spec/measure_spec.hpp"

namespace mstmm {

struct BodyPose;

struct CompiledMeasure {
  std::string name;
  MeasureKind kind = MeasureKind::Position;
  int body = -1;                    // compiled index of the body carrying P
  Vec3 point = Vec3::Zero();        // P relative to I_1, body axes
  int reference = -1;               // compiled index of the reference body; -1: the ground
  Vec3 referencePoint = Vec3::Zero();  // Q relative to I_1 (reference axes), or in the world
  Vec3 axis = Vec3::UnitZ();        // Angle: unit, reference axes
};

/// The model's measures (Model::spec().measures, already moved to the beam
/// pieces that hold their points), compiled once per run.
std::vector<CompiledMeasure> compileMeasures(const Model& model);

/// The channels they record, in order: "tip.x", "tip.y"(, "tip.z") for a
/// position, velocity or acceleration (x, y in a planar model); "gap" for a
/// distance or an angle. Units m, m/s, m/s^2, m, rad.
std::vector<LoadChannel> measureChannels(const Model& model);

/// The channels' values at one state. `values` holds the previous state's
/// values or is empty: an angle goes on continuously from its previous
/// value across half turns (as a hinge angle does) rather than jump by 2 pi.
void measureValues(const Model& model, const std::vector<CompiledMeasure>& measures, const std::vector<BodyPose>& poses, const SolverOutput& out,
                   std::vector<double>& values);

}  // namespace mstmm
