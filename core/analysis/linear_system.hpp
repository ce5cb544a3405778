#pragma once
// The linear equations of motion about a reference state (equations.md §10.2)
// in minimal coordinates z: the spanning tree's free joint coordinates
// q = T z, with T the free coordinates themselves for a tree and an
// orthonormal basis of the loop constraints' null space for a looped model.
//
//   M z'' + C z' + K z = F w,         x = [z; v],  x' = A x + B w,
//
// w the inputs (unit generalised loads of actuators and body loads).

#include <Eigen/Core>
#include <string>
#include <vector>

namespace mstmm {

/// One input of a linearised model: a hinge coordinate's generalised load
/// or a force or moment component on a body.
struct LinearInput {
  std::string name;  // as the CLI and Python name it: "hinge 'h'", "body 'b' fy"
};

struct LinearSystem {
  double time = 0.0;                // of the drives and loads
  Eigen::VectorXd reference;        // the ODE state linearised about
  std::vector<int> freeCoordinates; // trees: the tree joint coordinate of each z
  Eigen::MatrixXd loopBasis;        // loops: T, tree joint coordinates = T z
  std::vector<std::string> names;   // of z: the tree coordinates', or "z1".. for loops
  bool treeCoordinates = true;      // z are tree joint coordinates (false: a loop basis)
  Eigen::MatrixXd mass, damping, stiffness;  // M, C, K
  Eigen::VectorXd acceleration;     // z'' at the reference itself (zero at an equilibrium)
  Eigen::MatrixXd a, b;             // first-order form
  Eigen::MatrixXd forcing;          // F: generalised loads of the inputs (n x inputs)
  std::vector<LinearInput> inputs;
  /// The largest relative difference between the central-difference
  /// derivatives at steps h and h/2 that Richardson's extrapolation combines:
  /// an upper estimate of their error (equations.md §10.2).
  double derivativeError = 0.0;

  int size() const { return static_cast<int>(mass.rows()); }
};

}  // namespace mstmm
