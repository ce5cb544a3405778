#pragma once
// A hinge load as an output of a linearised model (equations.md §10.8): the
// load W that the tip side of a hinge exerts on its root side, by the
// momentum balance of the tip side's subtree,
//
//   W = E - sum over the subtree of I_b A_b,
//
// with E every other load on the subtree (gravity, hinge elements inside it
// cancel, contacts, struts, the input). About an equilibrium the inertial
// part is linear in the accelerations alone, -w^2 I_b V_b for the
// displacement twists V_b, and E's derivatives come from the solver's own
// hinge loads and accelerations by central differences along the response
// (a few evaluations per frequency, O(N) each: no matrix is formed).

#include <complex>
#include <vector>

#include "core/analysis/linear_io.hpp"

namespace mstmm {

class HingeLoadOutput {
 public:
  /// `body`'s output hinge, component 0-2 force, 3-5 moment. Throws
  /// mstmm::Error (kind Input) when the reference is not at rest.
  HingeLoadOutput(Linearisation& lin, int body, int component);

  /// The load's amplitude for the response x of z at w, per unit input.
  std::complex<double> operator()(const Eigen::VectorXcd& x, double w, const LinearChannel& input);

 private:
  using Wrench = Eigen::Matrix<double, 6, 1>;
  using ComplexWrench = Eigen::Matrix<std::complex<double>, 6, 1>;
  /// E about the world origin at minimal displacements z and rate increments v.
  Wrench otherLoads(const Eigen::VectorXd& z, const Eigen::VectorXd& v);
  /// dE along the real direction d of positions or rates, extrapolated.
  Wrench derivative(bool rates, const Eigen::VectorXd& d);
  /// I_b V about the origin: [c x m (v_O + theta x c) + J theta; m (v_O + theta x c)].
  ComplexWrench inertial(int b, const ComplexWrench& twist) const;

  Linearisation& m_lin;
  int m_body, m_component;
  std::vector<BodyPose> m_poses;   // the reference's
  std::vector<bool> m_inSubtree;   // bodies on the tip side of the hinge
  Vec3 m_point, m_force;           // the hinge's point and its force at the reference
  Eigen::VectorXd m_y;
};

}  // namespace mstmm
