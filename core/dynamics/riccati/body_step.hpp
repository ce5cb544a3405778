#pragma once
// The body step of the Riccati recursion (method.md §3.4, from 000 Eqs. 4-9,
// 14 and 29-30): the relation at a body's output end O from the released
// relations at its input ends I_k. For a single input this is Eqs. 29-30
// with the body's T-blocks; for several it is Eq. 8 combined with the
// geometric equations (Eq. 14), i.e. Algorithm B done locally.
//
// Written out in the symmetric blocks of ArticulatedRelation, with
// d_k = r_{I_k O} = r_IO - r_{I_1 I_k} and a released input (A_k, B_k, G_k) =
// (S_{m Omega'}, S_{m r''}, S_{q r''}) at I_k (A_k = B_k = 0 after a ball/pin):
//   S_{q r''}      = -m I + sum G_k
//   S_{m r''}      = -m r~_CO + sum (d~_k G_k + B_k)
//   S_{m Omega'}   = J_O + sum (A_k + d~_k G_k d~_k^* + B_k d~_k^* + (B_k d~_k^*)^T)
//   e_q            = f_C + m Omega~Omega~ r_CO + sum (G_k (E_{2,I_k} - E_2) + e_q^(k))
//   e_m            = r~_IO E_5 + E_9 + sum (mu_k + d~_k kappa_k) - S_{m r''} E_2
// where J_O is the body's inertia about O, kappa_k = G_k E_{2,I_k} + e_q^(k),
// mu_k = B_k E_{2,I_k} + e_m^(k), E_2, E_5, E_9 as in 000 Eq. 5, and d~ / d~^*
// stand for D::crossRT(d) / D::crossTR(d) (the planar forms reduce them).

#include "core/dynamics/riccati/riccati_relation.hpp"
#include "core/model/model.hpp"

namespace mstmm {

/// The body constants the recursion reads on every evaluation, packed
/// together (the CompiledBody also holds names and shapes).
struct RiccatiBodyConstants {
  double mass = 0.0;
  Vec3 com = Vec3::Zero();      // c'
  Vec3 output = Vec3::Zero();   // o'
  Mat3 inertiaAtOutput = Mat3::Zero();  // J'_O
  Mat3 inertiaAtInput = Mat3::Zero();   // J'_I
  bool diagonal = false;        // both inertias diagonal: cheaper products
  int firstChild = 0, lastChild = 0;

  explicit RiccatiBodyConstants(const CompiledBody& b)
      : mass(b.mass), com(b.com), output(b.output), inertiaAtOutput(b.inertiaAtOutput), inertiaAtInput(b.inertiaAtInput),
        diagonal(b.inertiaAtOutput.isDiagonal(0.0) && b.inertiaAtInput.isDiagonal(0.0)),
        firstChild(b.firstChild), lastChild(b.lastChild) {}
};

/// The quantities of 000 Eq. 5 that depend on a body's A and Omega.
template <class D>
struct BodyKinematics {
  typename D::Rotation rotation;
  typename D::RVec omega;
  typename D::TVec rIC, rIO;  // inertial r_{I_1 C}, r_{I_1 O}
  typename D::TVec e2;        // E_2 = Omega~ Omega~ r_IO
};

template <class D>
class BodyStep {
 public:
  using TVec = typename D::TVec;
  using RVec = typename D::RVec;

  /// Starts with the body's own mass, inertia and applied loads (gravity).
  void begin(const RiccatiBodyConstants& body, const BodyKinematics<D>& k, const TVec& gravity) {
    m_k = &k;
    const double m = body.mass;
    const TVec fC = m * gravity;
    const TVec rCO = k.rIO - k.rIC;
    m_qr = -m * D::TT::Identity();
    m_mr = -m * D::crossRT(rCO);
    RVec gyro;
    if (body.diagonal) {
      m_mw = D::inertialInertia(k.rotation, Vec3(body.inertiaAtOutput.diagonal()));  // J_O
      gyro = D::gyroscopic(k.rotation, Vec3(body.inertiaAtInput.diagonal()), k.omega);
    } else {
      m_mw = D::inertialInertia(k.rotation, body.inertiaAtOutput);
      gyro = D::gyroscopic(k.rotation, body.inertiaAtInput, k.omega);
    }
    m_eq = fC + m * D::centripetal(k.omega, rCO);
    const TVec e5 = fC - m * D::centripetal(k.omega, k.rIC);
    const RVec e9 = gyro - D::crossRTv(k.rIC, fC);
    m_em = D::crossRTv(k.rIO, e5) + e9;
  }

  /// Adds an input end at r_{I_1 I_k} = r (inertial) whose hinge delivered
  /// `rel`; `momentFree` says it came through a ball/pin (A_k = B_k = 0).
  void addInput(const ArticulatedRelation<D>& rel, bool momentFree, const TVec& r, const TVec& e2k) {
    const TVec d = m_k->rIO - r;
    const typename D::RT w = D::crossRTm(d, rel.qr);  // d~_k G_k
    const TVec kappa = rel.qr * e2k + rel.eq;
    m_qr += rel.qr;
    m_mr += w;
    m_mw += D::timesCrossTR(w, d);                    // d~_k G_k d~_k^*
    m_eq += rel.qr * (e2k - m_k->e2) + rel.eq;
    m_em += D::crossRTv(d, kappa);
    if (momentFree) return;
    const typename D::RR p = rel.mr * D::crossTR(d);
    m_mr += rel.mr;
    m_mw += rel.mw + p + p.transpose();
    m_em += rel.mr * e2k + rel.em;
  }

  /// The relation at the output end O.
  void finish(ArticulatedRelation<D>& out) const {
    out.qr = 0.5 * (m_qr + m_qr.transpose());
    out.mw = 0.5 * (m_mw + m_mw.transpose());
    out.mr = m_mr;
    out.eq = m_eq;
    out.em = m_em - m_mr * m_k->e2;
  }

 private:
  const BodyKinematics<D>* m_k = nullptr;
  typename D::TT m_qr;
  typename D::RT m_mr;
  typename D::RR m_mw;
  TVec m_eq;
  RVec m_em;
};

}  // namespace mstmm
