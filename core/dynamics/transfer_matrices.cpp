#include "core/dynamics/transfer_matrices.hpp"

#include <Eigen/LU>
#include <vector>

namespace mstmm {

Eigen::MatrixXd bodyTransferMatrix(const CompiledBody& body, const Mat3& a, const Vec3& omega, const Vec3& gravity) {
  const int extra = static_cast<int>(body.inputs.size()) - 1;
  const int cols = 13 + 6 * extra;
  const double m = body.mass;
  const Vec3 rIC = a * body.com, rIO = a * body.output;
  const Vec3 fC = m * gravity;
  const Vec3 w = a.transpose() * omega;
  const Mat3 om = skew(omega);
  // 000 Eq. 5.
  const Mat3 e1 = -skew(rIO);
  const Vec3 e2 = om * om * rIO;
  const Mat3 e3 = -m * Mat3::Identity();
  const Mat3 e4 = m * skew(rIC);
  const Vec3 e5 = fC - m * om * om * rIC;
  const Mat3 e6 = skew(rIO);
  const Mat3 e7 = m * skew(rIC);
  const Mat3 e8 = a * body.inertiaAtInput * a.transpose();
  const Vec3 e9 = -skew(rIC) * fC + a * w.cross(body.inertiaAtInput * w);

  Eigen::MatrixXd u = Eigen::MatrixXd::Zero(13, cols);
  const int last = cols - 1;
  u.block<3, 3>(0, 0) = Mat3::Identity();
  u.block<3, 3>(0, 3) = e1;
  u.block<3, 1>(0, last) = e2;
  u.block<3, 3>(3, 3) = Mat3::Identity();
  u.block<3, 3>(6, 0) = e6 * e3 + e7;
  u.block<3, 3>(6, 3) = e6 * e4 + e8;
  u.block<3, 3>(6, 6) = Mat3::Identity();
  u.block<3, 3>(6, 9) = e6;
  u.block<3, 1>(6, last) = e6 * e5 + e9;
  u.block<3, 3>(9, 0) = e3;
  u.block<3, 3>(9, 3) = e4;
  u.block<3, 3>(9, 9) = Mat3::Identity();
  u.block<3, 1>(9, last) = e5;
  for (int k = 1; k <= extra; ++k) {  // Eq. 8: the columns of m_Ik, q_Ik
    const Mat3 eIk = -skew(a * body.inputs[static_cast<std::size_t>(k)]);  // Eq. 9
    const int c = 12 + 6 * (k - 1);
    u.block<3, 3>(6, c) = Mat3::Identity();
    u.block<3, 3>(6, c + 3) = e6 + eIk;
    u.block<3, 3>(9, c + 3) = Mat3::Identity();
  }
  u(12, last) = 1.0;
  return u;
}

Eigen::MatrixXd literalHingeTransferMatrix(const Eigen::MatrixXd& rootU) {
  // Block sizes: spatial z = [r''(3) Omega'(3) m(3) q(3) 1], planar
  // [r''(2) Omega'(1) m(1) q(2) 1].
  const bool planar = rootU.rows() == 7;
  const int t = planar ? 2 : 3, r = planar ? 1 : 3;
  const int n = 2 * (t + r) + 1, last = static_cast<int>(rootU.cols()) - 1;
  const int mRow = t + r, mCol = t + r, qCol = t + 2 * r;
  const Eigen::MatrixXd inv = rootU.block(mRow, t, r, r).inverse();  // u_{3,2}^-1
  Eigen::MatrixXd u = Eigen::MatrixXd::Zero(n, n);
  u.topLeftCorner(t, t).setIdentity();
  u.block(t, 0, r, t) = -inv * rootU.block(mRow, 0, r, t);           // -u32^-1 u31
  u.block(t, mCol, r, r) = -inv * rootU.block(mRow, mCol, r, r);     // -u32^-1 u33
  u.block(t, qCol, r, t) = -inv * rootU.block(mRow, qCol, r, t);     // -u32^-1 u34
  u.block(t, n - 1, r, 1) = -inv * rootU.block(mRow, last, r, 1);    // -u32^-1 u35
  u.block(mCol, mCol, r + t, r + t).setIdentity();
  u(n - 1, n - 1) = 1.0;
  return u;
}

Eigen::MatrixXd reducePlanar(const Eigen::MatrixXd& s) {
  const std::vector<int> rows{0, 1, 5, 8, 9, 10, 12};
  std::vector<int> cols{0, 1, 5, 8, 9, 10};
  const int extra = (static_cast<int>(s.cols()) - 13) / 6;
  for (int k = 0; k < extra; ++k)
    for (int c : {14, 15, 16}) cols.push_back(c + 6 * k);
  cols.push_back(static_cast<int>(s.cols()) - 1);
  Eigen::MatrixXd r(rows.size(), cols.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < cols.size(); ++j) r(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = s(rows[i], cols[j]);
  return r;
}

TransferBlocks partition(const Eigen::MatrixXd& u) {
  // z = [z_b; z_a; 1] with half = |z_b| = |z_a|; Eq. 20 orders [z_a; z_b].
  const int half = (static_cast<int>(u.rows()) - 1) / 2;
  const int last = static_cast<int>(u.cols()) - 1;
  TransferBlocks t;
  t.t11 = u.block(half, half, half, half);
  t.t12 = u.block(half, 0, half, half);
  t.t21 = u.block(0, half, half, half);
  t.t22 = u.block(0, 0, half, half);
  t.fa = u.block(half, last, half, 1);
  t.fb = u.block(0, last, half, 1);
  return t;
}

RiccatiStep riccatiStep(const TransferBlocks& t, const Eigen::MatrixXd& s, const Eigen::VectorXd& e) {
  RiccatiStep r;
  r.p = (t.t21 * s + t.t22).inverse();                 // Eq. 24
  r.q = -(t.t21 * e + t.fb);                           // Eq. 24
  r.sNext = (t.t11 * s + t.t12) * r.p;                 // Eq. 29
  r.eNext = t.t11 * e + t.fa + r.sNext * r.q;          // Eq. 30
  return r;
}

}  // namespace mstmm
