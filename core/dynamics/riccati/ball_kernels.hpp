#pragma once
// The forward and backward steps of a spatial body whose output hinge is a
// ball and whose input ends all hang bodies through balls: the body step
// (equations.md §3.4), the ball release (§3.3) and the backward step (§3.6),
// fused and written out in scalars (issue 32.1); the part of the forward
// step that needs only the body's own state (bodyLocal) is written once for
// one body or four in 256-bit lanes. They compute exactly the
// general forms of body_step.hpp, joint_release.hpp and riccati_solver.cpp,
// which stay the reference (test_ball_kernels compares the two).
//
// Why a second form: Eigen's fixed-size expressions built the skew
// matrices r~ element by element on the stack and read them back as
// vectors, a store-forwarding stall each time (perf annotate: a third of
// ownRelation's samples on one such load); the general release also reads
// and writes the unused moment blocks of the released relation. Symmetric
// 3 x 3 blocks are held here as their lower triangles (Sym3), so each
// symmetric block costs 6 numbers and every sum stays symmetric; and every
// 3-vector the kernels compute is a V3 of three scalars, not an Eigen Vec3
// (core/math/scalar_vec3.hpp says why).

#include <type_traits>

#include "core/dynamics/riccati/body_step.hpp"
#include "core/dynamics/riccati/joint_release.hpp"
#include "core/math/scalar_vec3.hpp"

namespace mstmm::ball {

using mstmm::Packed4;
using mstmm::V3;
using mstmm::Vec3Of;
using mstmm::centripetal;
using mstmm::cross;
using mstmm::store;
using mstmm::v3;

/// m v for a 3 x 3 matrix read by elements (SpatialDim::rotate).
inline V3 times(const Mat3& m, const V3& v) {
  return {m(0, 0) * v.x + m(0, 1) * v.y + m(0, 2) * v.z, m(1, 0) * v.x + m(1, 1) * v.y + m(1, 2) * v.z,
          m(2, 0) * v.x + m(2, 1) * v.y + m(2, 2) * v.z};
}
/// The same for a matrix held row by row in nine numbers.
template <class T>
inline Vec3Of<T> times(const T (&m)[9], const Vec3Of<T>& v) {
  return {m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z, m[6] * v.x + m[7] * v.y + m[8] * v.z};
}

/// The lower triangle of a symmetric 3 x 3 matrix: 00, 10, 11, 20, 21, 22.
struct Sym3 {
  double a[6];
};

/// A ball body's state and constants, one lane per body for Packed4.
template <class T>
struct BodyInput {
  T w, x, y, z;  // Euler parameters
  Vec3Of<T> omega;
  T mass;
  Vec3Of<T> output, comToOutput, inertia;  // o', r'_CO, diag J'_O
  Vec3Of<T> input;                         // r'_{I_1 I_k} of the first input end
};

/// What a ball body's forward step computes from its own state alone, the
/// part that does not wait for its inputs: A (row by row), r_IO, r_CO,
/// E_2 = Omega~ Omega~ r_IO (BodyKinematics), and of its own relation
/// (ownRelation, equations.md §3.4) the blocks other than -m I and -m r~_CO:
/// J_O in inertial axes (lower triangle), e_q = m g + m Omega~Omega~ r_CO and
/// e_m = Omega x J_O Omega + r_CO x m g.
template <class T>
struct BodyLocal {
  T a[9];
  Vec3Of<T> rIO, rCO, e2;
  T inertia[6];
  Vec3Of<T> eq, em;
  // Its first input end I_k (RiccatiLinkData; zero position without one):
  // r = r_{I_1 I_k}, rE2 = Omega~ Omega~ r, d = r_{I_k O}, dE2 = Omega~ Omega~ d.
  Vec3Of<T> r, rE2, d, dE2;
};

/// A J' A^T for J' = diag(j), as SpatialDim::inertialInertia (the same
/// products in the same order) but written into the lower triangle: its
/// triangular loop through a Mat3 cost 57 instructions per body (callgrind).
template <class T>
inline void diagonalInertia(const T (&a)[9], const Vec3Of<T>& j, T (&out)[6]) {
  const auto row = [&](int i, T& b0, T& b1, T& b2) { b0 = j.x * a[3 * i], b1 = j.y * a[3 * i + 1], b2 = j.z * a[3 * i + 2]; };
  const auto entry = [&](const T& b0, const T& b1, const T& b2, int k) { return b0 * a[3 * k] + b1 * a[3 * k + 1] + b2 * a[3 * k + 2]; };
  T b00, b01, b02, b10, b11, b12, b20, b21, b22;
  row(0, b00, b01, b02);
  row(1, b10, b11, b12);
  row(2, b20, b21, b22);
  out[0] = entry(b00, b01, b02, 0), out[1] = entry(b10, b11, b12, 0), out[2] = entry(b10, b11, b12, 1);
  out[3] = entry(b20, b21, b22, 0), out[4] = entry(b20, b21, b22, 1), out[5] = entry(b20, b21, b22, 2);
}

/// BodyLocal from BodyInput, for one body (double) or four (Packed4);
/// `general` is J'_O of a body whose J'_O is not diagonal (double only).
template <class T>
inline void bodyLocal(const BodyInput<T>& in, const Vec3Of<T>& gravity, BodyLocal<T>& out, const Mat3* general = nullptr) {
  const T w = in.w, x = in.x, y = in.y, z = in.z;  // A as SpatialDim::rotationOf
  const T s = 2.0 / (w * w + x * x + y * y + z * z);
  T(&a)[9] = out.a;
  a[0] = 1.0 - s * (y * y + z * z), a[1] = s * (x * y - w * z), a[2] = s * (x * z + w * y);
  a[3] = s * (x * y + w * z), a[4] = 1.0 - s * (x * x + z * z), a[5] = s * (y * z - w * x);
  a[6] = s * (x * z - w * y), a[7] = s * (y * z + w * x), a[8] = 1.0 - s * (x * x + y * y);
  out.rIO = times(a, in.output);
  out.rCO = times(a, in.comToOutput);
  out.e2 = centripetal(in.omega, out.rIO);
  if constexpr (std::is_same_v<T, double>) {
    if (general) {
      const Mat3 j = SpatialDim::inertialInertia(Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(a), *general);
      out.inertia[0] = j(0, 0), out.inertia[1] = j(1, 0), out.inertia[2] = j(1, 1);
      out.inertia[3] = j(2, 0), out.inertia[4] = j(2, 1), out.inertia[5] = j(2, 2);
    } else {
      diagonalInertia(a, in.inertia, out.inertia);
    }
  } else {
    diagonalInertia(a, in.inertia, out.inertia);
  }
  const T m = in.mass;
  const Vec3Of<T> fC = m * gravity, omega = in.omega, rCO = out.rCO;
  out.eq = fC + m * centripetal(omega, rCO);
  // Omega x (J Omega), as SpatialDim::gyroscopicInertial. Written here:
  // the same products through a Sym3 member function measured 5-9 %
  // slower per body (A/B, chains of 100 and 1,000).
  const T(&j)[6] = out.inertia;
  const Vec3Of<T> jw{j[0] * omega.x + j[1] * omega.y + j[3] * omega.z, j[1] * omega.x + j[2] * omega.y + j[4] * omega.z,
                     j[3] * omega.x + j[4] * omega.y + j[5] * omega.z};
  out.em = cross(omega, jw) + cross(rCO, fC);
  out.r = times(a, in.input);
  out.rE2 = centripetal(omega, out.r);
  out.d = out.rIO - out.r;
  out.dE2 = centripetal(omega, out.d);
}

/// Writes one body's BodyLocal into lane `k` of four.
inline void setLane(BodyLocal<Packed4>& p, int k, const BodyLocal<double>& l) {
  const auto set = [k](Vec3Of<Packed4>& v, const V3& u) { v.x[k] = u.x, v.y[k] = u.y, v.z[k] = u.z; };
  for (int e = 0; e < 9; ++e) p.a[e][k] = l.a[e];
  for (int e = 0; e < 6; ++e) p.inertia[e][k] = l.inertia[e];
  set(p.rIO, l.rIO), set(p.rCO, l.rCO), set(p.e2, l.e2), set(p.eq, l.eq), set(p.em, l.em);
  set(p.r, l.r), set(p.rE2, l.rE2), set(p.d, l.d), set(p.dE2, l.dE2);
}

/// The relation at a body's output end O while its inputs are added:
/// qr = S_{q r''}, mw = S_{m Omega'} (symmetric), mr = S_{m r''} (general,
/// row-major), eq, em (000 Eq. 21 in the blocks of riccati_relation.hpp).
struct Accumulator {
  Sym3 qr, mw;
  double mr[9];
  V3 eq, em;

  /// The body alone (ownRelation): -m I, -m r~_CO and the rest from BodyLocal.
  void own(double m, const V3& rCO, const V3& ownEq, const V3& ownEm, const double (&inertia)[6]) {
    qr = {{-m, 0.0, -m, 0.0, 0.0, -m}};
    const double x = m * rCO.x, y = m * rCO.y, z = m * rCO.z;
    mr[0] = 0.0, mr[1] = z, mr[2] = -y;
    mr[3] = -z, mr[4] = 0.0, mr[5] = x;
    mr[6] = y, mr[7] = -x, mr[8] = 0.0;
    for (int k = 0; k < 6; ++k) mw.a[k] = inertia[k];
    eq = ownEq;
    em = ownEm;
  }

  /// A ball-hung input end at d = r_{I_k O} whose released relation is
  /// q = G r'' + g (BodyStep::addInput with A_k = B_k = 0).
  void addBallInput(const Mat3& g3, const Vec3& g, const V3& d, const V3& omegaOmegaD) {
    const double g00 = g3(0, 0), g10 = g3(1, 0), g11 = g3(1, 1), g20 = g3(2, 0), g21 = g3(2, 1), g22 = g3(2, 2);
    const V3 chi{g.x() - (g00 * omegaOmegaD.x + g10 * omegaOmegaD.y + g20 * omegaOmegaD.z),
                 g.y() - (g10 * omegaOmegaD.x + g11 * omegaOmegaD.y + g21 * omegaOmegaD.z),
                 g.z() - (g20 * omegaOmegaD.x + g21 * omegaOmegaD.y + g22 * omegaOmegaD.z)};
    qr.a[0] += g00, qr.a[1] += g10, qr.a[2] += g11, qr.a[3] += g20, qr.a[4] += g21, qr.a[5] += g22;
    // w = d~ G, column c = d x G e_c.
    const double dx = d.x, dy = d.y, dz = d.z;
    const double w00 = dy * g20 - dz * g10, w01 = dy * g21 - dz * g11, w02 = dy * g22 - dz * g21;
    const double w10 = dz * g00 - dx * g20, w11 = dz * g10 - dx * g21, w12 = dz * g20 - dx * g22;
    const double w20 = dx * g10 - dy * g00, w21 = dx * g11 - dy * g10, w22 = dx * g21 - dy * g20;
    mr[0] += w00, mr[1] += w01, mr[2] += w02;
    mr[3] += w10, mr[4] += w11, mr[5] += w12;
    mr[6] += w20, mr[7] += w21, mr[8] += w22;
    // d~ G d~^*: (row_i(w) x d)_j on the lower triangle (SpatialDim::sandwich).
    mw.a[0] += w01 * dz - w02 * dy;
    mw.a[1] += w11 * dz - w12 * dy;
    mw.a[2] += w12 * dx - w10 * dz;
    mw.a[3] += w21 * dz - w22 * dy;
    mw.a[4] += w22 * dx - w20 * dz;
    mw.a[5] += w20 * dy - w21 * dx;
    eq += chi;
    em += cross(d, chi);
  }

  /// Releases the ball at O (releaseRotationFree): D = mw, K = -D^-1 mr,
  /// k = -D^-1 (em - M), and the root side's G = qr - mr^T K, g = eq - mr^T k.
  /// False when D is not positive definite; `condition` from SmallSpdInverse.
  bool release(const V3& appliedMoment, ReleasedForce<SpatialDim>& out, RotationFreeRelease<SpatialDim>& data,
               SpdConditionTerms& condition) const {
    Mat3 d, inverse;  // SmallSpdInverse reads the lower triangle only
    d(0, 0) = mw.a[0], d(1, 0) = mw.a[1], d(1, 1) = mw.a[2], d(2, 0) = mw.a[3], d(2, 1) = mw.a[4], d(2, 2) = mw.a[5];
    if (!SmallSpdInverse<3>::invert(d, inverse, condition)) return false;
    const double i00 = inverse(0, 0), i10 = inverse(1, 0), i20 = inverse(2, 0), i11 = inverse(1, 1), i21 = inverse(2, 1), i22 = inverse(2, 2);
    // K column by column, kept in registers for G below.
    const auto kColumn = [&](int c, double& k0, double& k1, double& k2) {
      const double m0 = mr[c], m1 = mr[3 + c], m2 = mr[6 + c];
      k0 = -(i00 * m0 + i10 * m1 + i20 * m2);
      k1 = -(i10 * m0 + i11 * m1 + i21 * m2);
      k2 = -(i20 * m0 + i21 * m1 + i22 * m2);
    };
    double k00, k10, k20, k01, k11, k21, k02, k12, k22;
    kColumn(0, k00, k10, k20);
    kColumn(1, k01, k11, k21);
    kColumn(2, k02, k12, k22);
    Mat3& K = data.K;
    K(0, 0) = k00, K(1, 0) = k10, K(2, 0) = k20;
    K(0, 1) = k01, K(1, 1) = k11, K(2, 1) = k21;
    K(0, 2) = k02, K(1, 2) = k12, K(2, 2) = k22;
    const V3 e = em - appliedMoment;
    const V3 k{-(i00 * e.x + i10 * e.y + i20 * e.z), -(i10 * e.x + i11 * e.y + i21 * e.z), -(i20 * e.x + i21 * e.y + i22 * e.z)};
    store(k, data.k);
    // G = qr - mr^T K (symmetric: mr^T K = -mr^T D^-1 mr), its lower
    // triangle written out: as a loop GCC kept the triangle's indices at run
    // time (callgrind: 135 instructions per body for these six numbers).
    const auto g = [&](int r, double q, double kc0, double kc1, double kc2) { return q - (mr[r] * kc0 + mr[3 + r] * kc1 + mr[6 + r] * kc2); };
    Mat3& G = out.qr;
    G(0, 0) = g(0, qr.a[0], k00, k10, k20);
    G(1, 0) = G(0, 1) = g(1, qr.a[1], k00, k10, k20);
    G(1, 1) = g(1, qr.a[2], k01, k11, k21);
    G(2, 0) = G(0, 2) = g(2, qr.a[3], k00, k10, k20);
    G(2, 1) = G(1, 2) = g(2, qr.a[4], k01, k11, k21);
    G(2, 2) = g(2, qr.a[5], k02, k12, k22);
    store(V3{eq.x - (mr[0] * k.x + mr[3] * k.y + mr[6] * k.z), eq.y - (mr[1] * k.x + mr[4] * k.y + mr[7] * k.z),
             eq.z - (mr[2] * k.x + mr[5] * k.y + mr[8] * k.z)},
          out.eq);
    return true;
  }
};

}  // namespace mstmm::ball
