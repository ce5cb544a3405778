#include "core/dynamics/reference/newton_euler_solver.hpp"

#include <Eigen/Sparse>
#include <Eigen/SparseLU>

#include "core/error.hpp"

namespace mstmm {

namespace {

using Triplets = std::vector<Eigen::Triplet<double>>;

template <class Block>
void addBlock(Triplets& t, int row, int col, const Block& block) {
  for (int r = 0; r < block.rows(); ++r)
    for (int c = 0; c < block.cols(); ++c)
      if (block(r, c) != 0.0) t.emplace_back(row + r, col + c, block(r, c));
}

/// The body-level quantities of one evaluation, inertial axes.
template <class D>
struct BodyFrame {
  Mat3 rotation;
  typename D::RVec omega;
  typename D::RR inertia;  // J_C
};

template <class D>
BodyFrame<D> bodyFrame(const Model& model, const Eigen::VectorXd& y, int i) {
  BodyFrame<D> f;
  f.rotation = bodyRotation(model, y, i);
  f.omega = D::rotational(bodyAngularVelocity(model, y, i));
  const Mat3 jc = f.rotation * model.body(i).inertiaAtCom * f.rotation.transpose();
  if constexpr (D::R == 3) f.inertia = jc;
  else f.inertia(0, 0) = jc(2, 2);
  return f;
}

/// Unit vectors spanning the plane normal to n.
void normalPlane(const Vec3& n, Vec3& t1, Vec3& t2) {
  const Vec3 a = std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  t1 = n.cross(a).normalized();
  t2 = n.cross(t1);
}

}  // namespace

template <class D>
NewtonEulerSolver<D>::NewtonEulerSolver(std::shared_ptr<const Model> model) : DynamicsSolver(std::move(model)) {
  const int n = m_model->bodyCount();
  m_rowOffset.resize(static_cast<std::size_t>(n));
  m_rows = D::B * n;
  for (int i = 0; i < n; ++i) {
    m_rowOffset[static_cast<std::size_t>(i)] = m_rows;
    m_rows += constraintRows(i);
  }
}

template <class D>
int NewtonEulerSolver<D>::constraintRows(int body) const {
  switch (m_model->hinge(body).type) {
    case HingeType::Ball:
    case HingeType::Pin: return D::T;
    case HingeType::Revolute: return D::R == 3 ? D::T + 2 : D::T;
    case HingeType::Weld: return D::T + D::R;
  }
  return D::T;
}

template <class D>
void NewtonEulerSolver<D>::evaluate(const Eigen::VectorXd& y, SolverOutput& out) {
  constexpr int T = D::T, R = D::R, B = D::B;
  using TVec = typename D::TVec;
  const Model& model = *m_model;
  const int n = model.bodyCount();
  out.resize(n);
  std::vector<BodyFrame<D>> frames;
  frames.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) frames.push_back(bodyFrame<D>(model, y, i));

  Triplets t;
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(m_rows);
  for (int i = 0; i < n; ++i) {  // Newton and Euler about C: m r''_C = m g + ..., J_C Omega' + Omega x J_C Omega = ...
    const CompiledBody& b = model.body(i);
    const BodyFrame<D>& f = frames[static_cast<std::size_t>(i)];
    addBlock(t, B * i, B * i, (b.mass * D::TT::Identity()).eval());
    addBlock(t, B * i + T, B * i + T, f.inertia);
    rhs.template segment<T>(B * i) = b.mass * D::translational(model.gravity());
    if constexpr (R == 3) rhs.template segment<R>(B * i + T) = -f.omega.cross(f.inertia * f.omega);
  }
  for (int i = 0; i < n; ++i) {
    const CompiledBody& b = model.body(i);
    const BodyFrame<D>& fc = frames[static_cast<std::size_t>(i)];
    const int row = m_rowOffset[static_cast<std::size_t>(i)];
    // Translational constraint: r''_O(child) = r''_{I_k}(parent).
    const TVec dc = D::translational(fc.rotation * (b.output - b.com));
    typename D::TT eye = D::TT::Identity();
    addBlock(t, row, B * i, eye);
    addBlock(t, row, B * i + T, (-D::crossTR(dc)).eval());
    TVec gamma = -D::centripetal(fc.omega, dc);
    typename D::RVec omegaParent = D::RVec::Zero();
    Mat3 rotationParent = Mat3::Identity();
    if (b.parent >= 0) {
      const CompiledBody& p = model.body(b.parent);
      const BodyFrame<D>& fp = frames[static_cast<std::size_t>(b.parent)];
      const TVec dp = D::translational(fp.rotation * (p.inputs[static_cast<std::size_t>(b.parentInput)] - p.com));
      addBlock(t, row, B * b.parent, (-eye).eval());
      addBlock(t, row, B * b.parent + T, D::crossTR(dp));
      gamma += D::centripetal(fp.omega, dp);
      omegaParent = fp.omega;
      rotationParent = fp.rotation;
    }
    rhs.template segment<T>(row) = gamma;
    const HingeType type = model.hinge(i).type;
    if (type == HingeType::Weld) {  // Omega'_child - Omega'_parent = Omega_p x Omega_c
      typename D::RR eyeR = D::RR::Identity();
      addBlock(t, row + T, B * i + T, eyeR);
      if (b.parent >= 0) addBlock(t, row + T, B * b.parent + T, (-eyeR).eval());
      if constexpr (R == 3) rhs.template segment<R>(row + T) = omegaParent.cross(fc.omega);
    } else if (type == HingeType::Revolute && R == 3) {
      if constexpr (R == 3) {
        const Vec3 axis = rotationParent * model.hinge(i).axisInParent;
        Vec3 t1, t2;
        normalPlane(axis, t1, t2);
        const Vec3 bias = omegaParent.cross(fc.omega);
        for (int k = 0; k < 2; ++k) {
          const Vec3 tk = k == 0 ? t1 : t2;
          addBlock(t, row + T + k, B * i + T, tk.transpose());
          if (b.parent >= 0) addBlock(t, row + T + k, B * b.parent + T, (-tk.transpose()).eval());
          rhs[row + T + k] = tk.dot(bias);
        }
      }
    }
  }
  // Mirror the constraint rows into the mass rows as -G^T.
  const std::size_t entries = t.size();
  for (std::size_t k = 0; k < entries; ++k)
    if (t[k].row() >= B * n) t.emplace_back(t[k].col(), t[k].row(), -t[k].value());

  Eigen::SparseMatrix<double> kkt(m_rows, m_rows);
  kkt.setFromTriplets(t.begin(), t.end());
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  lu.compute(kkt);
  if (lu.info() != Eigen::Success)
    throw Error(ErrorKind::Solver, "newton-euler: the constraint system is singular (" + lu.lastErrorMessage() + ")");
  const Eigen::VectorXd x = lu.solve(rhs);

  for (int i = 0; i < n; ++i) {
    const auto s = static_cast<std::size_t>(i);
    const int row = m_rowOffset[s];
    out.comAcceleration[s] = D::toVec3T(x.template segment<T>(B * i));
    out.angularAcceleration[s] = D::toVec3R(x.template segment<R>(B * i + T));
    // lambda acts on the child; the tip side pushes the root side with -lambda.
    out.hingeForce[s] = -D::toVec3T(x.template segment<T>(row));
    out.hingeMoment[s].setZero();
    const HingeType type = model.hinge(i).type;
    if (type == HingeType::Weld) {
      out.hingeMoment[s] = -D::toVec3R(x.template segment<R>(row + T));
    } else if (type == HingeType::Revolute && R == 3) {
      const Mat3 rotationParent = model.body(i).parent >= 0 ? frames[static_cast<std::size_t>(model.body(i).parent)].rotation : Mat3::Identity();
      Vec3 t1, t2;
      normalPlane(rotationParent * model.hinge(i).axisInParent, t1, t2);
      out.hingeMoment[s] = -(t1 * x[row + T] + t2 * x[row + T + 1]);
    }
  }
}

template class NewtonEulerSolver<PlanarDim>;
template class NewtonEulerSolver<SpatialDim>;

}  // namespace mstmm
