#pragma once
// The vehicle of 003 §2.5 (docs/vehicle.md): a floating 800 kg chassis on
// two double A-arm front suspensions (each a closed loop) and two single
// A-arm rear suspensions, with 003 Table 2.2's struts and Table 2.3's tyres,
// driving over a bump. 003 gives the masses, inertias, struts and tyres but
// not the geometry (its Fig. 2.4 is not in the text); the geometry here is
// ours, stated in VehicleGeometry.

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// Our geometry (m), y up, x forward, z to the right; the wheels' centres at
/// (+-wheelbase/2, tyreRadius, +-track/2) with the tyres just touching the
/// ground and the struts at their rest lengths. Front: lower and upper arms
/// equal and parallel, so the knuckle translates; rear: one swing arm.
struct VehicleGeometry {
  double wheelbase = 2.6, track = 1.5;
  double tyreRadius = 0.35;                 // 003 Table 2.3
  double frontArm = 0.3;                    // both front arms, from z = +-(track/2 - 0.4)
  double frontArmsApart = 0.3;              // the kingpin (vertical) between the lower and upper balls
  double frontStrutAt = 0.25;               // the strut on the lower arm, from its pivot
  double rearArm = 0.4;                     // the swing arm, pivot to wheel centre
  double rearStrutAt = 0.3;                 // the strut on the swing arm, from its pivot
  double chassisAbove = 0.3;                // the chassis' centre of mass above the wheel centres
};

struct VehicleOptions {
  VehicleGeometry geometry;
  double speed = 5.0;          // m/s, forward; 0: at rest (static sag)
  bool bump = true;            // a 5 cm half-cosine bump 1 m long, its start 4 m ahead of the front wheels
  double endTime = 10.0;
};

ModelSpec generateVehicle(const VehicleOptions& options = {});

}  // namespace mstmm
