#pragma once
// The body step of the Riccati recursion (equations.md §3.4, from 000 Eqs. 4-9,
// 14 and 29-30): the relation at a body's output end O from the released
// relations at its input ends I_k. For a single input this is Eqs. 29-30
// with the body's T-blocks; for several it is Eq. 8 combined with the
// geometric equations (Eq. 14), i.e. Algorithm B done locally.
//
// Written out in the symmetric blocks of ArticulatedRelation and referred to
// the output end O, with d_k = r_{I_k O} (from input end k to O), a released
// input (A_k, B_k, G_k, e^(k)) = (S_{m Omega'}, S_{m r''}, S_{q r''}, e) at
// I_k (A_k = B_k = e_m^(k) = 0 after a ball/pin), f_C = m g and
// chi_k = G_k Omega~Omega~ r_{I_1 I_k} - G_k E_2 + e_q^(k) = -G_k Omega~Omega~ d_k + e_q^(k):
//   S_{q r''}    = -m I + sum G_k
//   S_{m r''}    = -m r~_CO + sum (d~_k G_k + B_k)
//   S_{m Omega'} = J_O + sum (A_k + d~_k G_k d~_k^* + B_k d~_k^* + (B_k d~_k^*)^T)
//   e_q          = f_C + m Omega~Omega~ r_CO + sum chi_k
//   e_m          = Omega x J_O Omega + r_CO x f_C + sum (d~_k chi_k - B_k Omega~Omega~ d_k + e_m^(k))
// J_O is the body's inertia about O; d~ and d~^* stand for D::crossRT(d)
// and D::crossTR(d). This is the same relation as 000's, evaluated about O:
// the paper's E_5, E_9 (about I_1, with the gyroscopic term of J_I) combine
// to Omega x J_O Omega + r_CO x f_C once the E_2 terms of Eq. 30 are added,
// because m d x (Omega x (Omega x d)) + Omega x J_C Omega = Omega x J_O Omega
// for d = r_CO. Tests check it against the printed Eqs. 39-40 and against
// the dense matrices of transfer_matrices.cpp.

#include "core/dynamics/riccati/riccati_relation.hpp"
#include "core/model/model.hpp"

namespace mstmm {

/// The body constants the recursion reads on every evaluation, packed
/// together (a CompiledBody also holds names and shapes). A diagonal J'_O,
/// the common case, is stored inline; any other is pointed to.
struct RiccatiBodyConstants {
  double mass = 0.0;
  Vec3 output = Vec3::Zero();          // o' = r'_{I_1 O}
  Vec3 comToOutput = Vec3::Zero();     // o' - c' = r'_{CO}
  Vec3 diagonalAtOutput = Vec3::Zero();  // diag J'_O
  const Mat3* generalAtOutput = nullptr; // J'_O when it is not diagonal
  int firstChild = 0, lastChild = 0;
  bool root = false;  // hangs on the ground
  bool ball = false;  // spatial, and its output hinge and every input end's hinge are balls (ball_kernels.hpp)

  RiccatiBodyConstants(const CompiledBody& b, const Mat3* general)
      : mass(b.mass), output(b.output), comToOutput(b.output - b.com), diagonalAtOutput(b.inertiaAtOutput.diagonal()),
        generalAtOutput(general), firstChild(b.firstChild), lastChild(b.lastChild), root(b.parent < 0) {}

  static bool needsGeneral(const CompiledBody& b) { return !b.inertiaAtOutput.isDiagonal(0.0); }
};

/// The quantities of 000 Eq. 5 that depend on a body's A and Omega.
template <class D>
struct BodyKinematics {
  typename D::Rotation rotation;
  typename D::RVec omega;
  typename D::TVec rIO;  // r_{I_1 O}
  typename D::TVec rCO;  // r_{C O}
  typename D::TVec e2;   // E_2 = Omega~ Omega~ r_IO

  BodyKinematics() = default;
  BodyKinematics(const RiccatiBodyConstants& body, const double* y)
      : rotation(D::rotationOf(y)), omega(D::angularVelocityOf(y)), rIO(D::rotate(rotation, body.output)),
        rCO(D::rotate(rotation, body.comToOutput)), e2(D::centripetal(omega, rIO)) {}
};

/// The relation at the output end O of the body alone (no inputs attached):
/// its own mass, inertia about O and gravity.
template <class D>
void ownRelation(const RiccatiBodyConstants& body, const BodyKinematics<D>& k, const typename D::TVec& gravity, ArticulatedRelation<D>& own) {
  using TVec = typename D::TVec;
  const double m = body.mass;
  const TVec fC = m * gravity;
  own.qr = -m * D::TT::Identity();
  own.mr = -m * D::crossRT(k.rCO);
  own.mw = body.generalAtOutput ? D::inertialInertia(k.rotation, *body.generalAtOutput)
                                : D::inertialInertia(k.rotation, body.diagonalAtOutput);  // J_O
  own.eq = fC + m * D::centripetal(k.omega, k.rCO);
  own.em = D::gyroscopicInertial(own.mw, k.omega) + D::crossRTv(k.rCO, fC);
}

/// Adds the released relations of a body's input ends to its own relation,
/// accumulating in place: relation() starts as the body's own relation
/// (ownRelation) and ends as the relation at its output end O. Every term
/// added to qr and mw is symmetric by construction.
template <class D>
class BodyStep {
 public:
  using TVec = typename D::TVec;
  using RVec = typename D::RVec;

  BodyStep(const TVec& rIO, const RVec& omega) : m_rIO(rIO), m_omega(omega) {}

  ArticulatedRelation<D>& relation() { return m_s; }

  /// Adds an input end at r_{I_1 I_k} = r (inertial) whose hinge delivered
  /// `rel`; `momentFree` says it came through a ball/pin (A_k = B_k = 0).
  void addInput(const ArticulatedRelation<D>& rel, bool momentFree, const TVec& r) {
    const TVec d = m_rIO - r;
    const TVec omegaOmegaD = D::centripetal(m_omega, d);
    const typename D::RT w = D::crossRTm(d, rel.qr);  // d~_k G_k
    const TVec chi = rel.eq - rel.qr * omegaOmegaD;
    m_s.qr += rel.qr;
    m_s.mr += w;
    m_s.mw += D::sandwich(w, d);                       // d~_k G_k d~_k^*
    m_s.eq += chi;
    m_s.em += D::crossRTv(d, chi);
    if (momentFree) return;
    const typename D::RR p = rel.mr * D::crossTR(d);
    m_s.mr += rel.mr;
    m_s.mw += rel.mw + p + p.transpose();
    m_s.em += rel.em - rel.mr * omegaOmegaD;
  }

 private:
  TVec m_rIO;
  RVec m_omega;
  ArticulatedRelation<D> m_s;
};

}  // namespace mstmm
