#pragma once
// Models of issue 14 (docs/hinge-types.md): the free-floating eight-body
// system of 001, a Cardan (universal-joint) drive shaft, and the crank-slider
// of 004 Example 3.3 exactly as printed, whose rod end is a point sliding on
// the x axis. Their initial states satisfy every hinge at velocity level.

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// 001's eight-body system, connection array L = [-, 1, 2, 1, 4, 1, 1, 7]:
/// body 1 floats (a free hinge to the ground) and carries bodies 2, 4, 6, 7;
/// 3 hangs from 2, 5 from 4, 8 from 7. Where 001 joins every body by a free
/// relative motion (which, without force elements, would let the bodies fly
/// apart independently), the hinges here are one of each kind, so that the
/// bodies act on each other: 2-1 ball, 3-2 revolute, 4-1 universal, 5-4
/// cylindrical, 6-1 planar, 7-1 revolute, 8-7 point-on-line; struts (spring-
/// dampers between body points) hold the three sliding bodies. Every body
/// starts spinning. `gravity`: false for zero gravity (momentum is conserved),
/// true for g = (0, -9.81, 0) (the centre of mass follows a parabola).
ModelSpec generateEightBodySystem(bool gravity = false);

/// The same system held by loads on its hinges' coordinates instead of
/// struts (docs/hinge-types.md H9), in zero gravity: a spring-damper and
/// stops on the cylindrical slide, a torsion spring on its angle; springs
/// on the planar hinge's two slides and a sine torque on its angle; a
/// spring-damper on the point-on-line slide and a ball spring on its
/// rotation; on the universal hinge, angle1 prescribed (a sine through its
/// initial angle and rate) and a spring-damper with stops on angle2. Every
/// load is internal, so momentum is conserved.
ModelSpec generateLoadedEightBodySystem();

/// A Cardan shaft: the input shaft turns at a constant `speed` (rad/s,
/// prescribed) about x in a bearing at the origin; the cross joins it to the
/// output shaft, bent by `bend` (rad) in the x-y plane and held by the bearing
/// "bearing-out" (a revolute cut) at its far end. The input yoke axis starts
/// along z, normal to the plane of the shafts, so the output speed is
/// speed cos(bend) / (1 - sin^2(bend) sin^2(speed t)).
ModelSpec generateCardanShaft(double bend = 0.5235987755982988, double speed = 6.283185307179586);

/// 004 Example 3.3 as printed: crank B1 and connecting rod B2, equal uniform
/// rods of length 2l and mass m; the crank pinned to the ground at the
/// origin, the rod's end a point on the x axis (a point-on-line hinge to the
/// ground, no block). Released at rest at crank angle `crankAngle` under
/// g = (0, -9.81, 0). The rod hangs from the line; the pin at the origin is
/// the cut "A".
ModelSpec generateCrankSliderAsPrinted(double halfLength = 0.25, double mass = 1.0, double crankAngle = 0.5235987755982988);

}  // namespace mstmm
