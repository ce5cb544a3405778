#include "core/dynamics/riccati/riccati_solver.hpp"

#include "core/error.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

ReleaseKind releaseKindOf(HingeType type, ModelKind kind) {
  switch (type) {
    case HingeType::Ball:
    case HingeType::Pin: return ReleaseKind::RotationFree;
    case HingeType::Revolute: return kind == ModelKind::Planar ? ReleaseKind::RotationFree : ReleaseKind::SingleAxis;
    case HingeType::Weld: return ReleaseKind::Locked;
  }
  return ReleaseKind::Locked;
}

/// Adds one released input relation to the body-step sums of method.md §3.4:
/// [M_k; Q_k] = S^(k) [I E_{1,I_k}; O I], [mu_k; kappa_k] = S^(k) [E_{2,I_k}; 0] + e^(k),
/// Q += Q_k, kappa += kappa_k, M += M_k + E_{I_k} Q_k, mu += mu_k + E_{I_k} kappa_k.
template <class D>
void addReleasedInput(const RiccatiRelation<D>& rel, ReleaseKind kind, const RiccatiLinkData<D>& link,
                      Eigen::Matrix<double, D::T, D::B>& q, typename D::TVec& kappa,
                      Eigen::Matrix<double, D::R, D::B>& m, typename D::RVec& mu) {
  constexpr int T = D::T, R = D::R;
  const typename D::TR e1k = -D::crossTR(link.r);
  const typename D::RT eIk = -D::crossRT(link.r);  // E_{I_k}, 000 Eq. 9
  if (kind == ReleaseKind::RotationFree) {
    // A ball/pin input carries no moment and a force G r'' + g (method.md §3.3).
    const typename D::TT g = rel.qr();
    const typename D::TR qw = g * e1k;
    const typename D::TVec kap = g * link.e2 + rel.eq();
    q.template leftCols<T>() += g;
    q.template rightCols<R>() += qw;
    kappa += kap;
    m.template leftCols<T>() += eIk * g;
    m.template rightCols<R>() += eIk * qw;
    mu += eIk * kap;
    return;
  }
  Eigen::Matrix<double, D::B, D::B> mq;
  mq.template leftCols<T>() = rel.S.template leftCols<T>();
  mq.template rightCols<R>() = rel.S.template leftCols<T>() * e1k + rel.S.template rightCols<R>();
  const Eigen::Matrix<double, D::B, 1> mk = rel.S.template leftCols<T>() * link.e2 + rel.e;
  q += mq.template bottomRows<T>();
  kappa += mk.template tail<T>();
  m += mq.template topRows<R>() + eIk * mq.template bottomRows<T>();
  mu += mk.template head<R>() + eIk * mk.template tail<T>();
}

}  // namespace

template <class D>
RiccatiSolver<D>::RiccatiSolver(std::shared_ptr<const Model> model) : DynamicsSolver(std::move(model)) {
  const Model& mdl = *m_model;
  const auto n = static_cast<std::size_t>(mdl.bodyCount());
  m_bodies.resize(n);
  m_links.resize(mdl.links().size());
  m_releaseKind.resize(n);
  for (std::size_t i = 0; i < n; ++i) m_releaseKind[i] = releaseKindOf(mdl.hinge(static_cast<int>(i)).type, mdl.kind());
  m_gravity = D::translational(mdl.gravity());
}

template <class D>
void RiccatiSolver<D>::evaluate(const Eigen::VectorXd& y, SolverOutput& out) {
  const int n = m_model->bodyCount();
  if (static_cast<int>(out.angularAcceleration.size()) != n) out.resize(n);
  for (int i = 0; i < n; ++i) forwardBody(i, y.data() + D::StatePerBody * i);
  solveRoot();
  const int root = n - 1;
  const RiccatiBodyData<D>& r = m_bodies[static_cast<std::size_t>(root)];
  out.hingeForce[static_cast<std::size_t>(root)] = D::toVec3T(r.released.eq());
  out.hingeMoment[static_cast<std::size_t>(root)] = -D::toVec3R(r.released.em());
  for (int i = root; i >= 0; --i) backwardBody(i, out);
}

// Step A1: the quantities of 000 Eq. 5 that depend on the body's A and Omega.
template <class D>
void RiccatiSolver<D>::bodyKinematics(int i, const double* y) {
  RiccatiBodyData<D>& b = m_bodies[static_cast<std::size_t>(i)];
  const CompiledBody& cb = m_model->body(i);
  b.rotation = D::rotationOf(y);
  b.omega = D::angularVelocityOf(y);
  b.rIC = D::rotate(b.rotation, cb.com);
  b.rIO = D::rotate(b.rotation, cb.output);
  b.e2 = D::centripetal(b.omega, b.rIO);
}

// Body step (method.md §3.4): the relation at the body's output end from the
// released relations at its inputs. For a single input this is 000 Eqs. 29-30
// with the body's T-blocks; for several it is Eq. 8 combined with the
// geometric equations (Eq. 14), i.e. Algorithm B done locally.
template <class D>
void RiccatiSolver<D>::forwardBody(int i, const double* y) {
  constexpr int T = D::T, R = D::R;
  bodyKinematics(i, y);
  RiccatiBodyData<D>& b = m_bodies[static_cast<std::size_t>(i)];
  const CompiledBody& cb = m_model->body(i);
  const double mass = cb.mass;
  const TVec fC = mass * m_gravity;

  Eigen::Matrix<double, T, D::B> q;  // q-row of Eq. 8: [E_3, E_4] + sum Q_k
  Eigen::Matrix<double, R, D::B> m;  // m-row without E_6 Q: [E_7, E_8] + sum(M_k + E_{I_k} Q_k)
  q.template leftCols<T>() = -mass * D::TT::Identity();
  q.template rightCols<R>() = mass * D::crossTR(b.rIC);
  TVec kappa = fC - mass * D::centripetal(b.omega, b.rIC);  // E_5
  m.template leftCols<T>() = mass * D::crossRT(b.rIC);      // E_7
  m.template rightCols<R>() = D::inertialInertia(b.rotation, cb.inertiaAtInput);  // E_8
  RVec mu = -D::crossRT(b.rIC) * fC + D::gyroscopic(b.rotation, cb.inertiaAtInput, b.omega);  // E_9

  for (int l = cb.firstChild; l < cb.lastChild; ++l) {
    const ChildLink& link = m_model->links()[static_cast<std::size_t>(l)];
    RiccatiLinkData<D>& ld = m_links[static_cast<std::size_t>(l)];
    ld.r = D::rotate(b.rotation, link.position);
    ld.e2 = D::centripetal(b.omega, ld.r);
    releaseHinge(link.child, &b);
    addReleasedInput<D>(m_bodies[static_cast<std::size_t>(link.child)].released,
                        m_releaseKind[static_cast<std::size_t>(link.child)], ld, q, kappa, m, mu);
  }

  const typename D::RT e6 = D::crossRT(b.rIO);  // E_6
  Eigen::Matrix<double, D::B, D::B> mq;
  mq.template topRows<R>() = e6 * q + m;
  mq.template bottomRows<T>() = q;
  Eigen::Matrix<double, D::B, 1> load;
  load.template head<R>() = e6 * kappa + mu;
  load.template tail<T>() = kappa;
  // S_O = [M; Q] [I, -E_1; O, I] and e_O = [mu; kappa] - S_O [E_2; 0].
  b.atOutput.S.template leftCols<T>() = mq.template leftCols<T>();
  b.atOutput.S.template rightCols<R>() = mq.template leftCols<T>() * D::crossTR(b.rIO) + mq.template rightCols<R>();
  b.atOutput.e = load - mq.template leftCols<T>() * b.e2;
}

// Releases the hinge at the output of `child` (method.md §3.3); `parent` is
// the root-side body, or null for the ground.
template <class D>
void RiccatiSolver<D>::releaseHinge(int child, const RiccatiBodyData<D>* parent) {
  RiccatiBodyData<D>& c = m_bodies[static_cast<std::size_t>(child)];
  ReleaseCheck check;
  switch (m_releaseKind[static_cast<std::size_t>(child)]) {
    case ReleaseKind::RotationFree:
      check = releaseRotationFree<D>(c.atOutput, c.released, c.release);
      break;
    case ReleaseKind::SingleAxis:
      if constexpr (D::R == 3) {
        const Vec3& axis = m_model->hinge(child).axisInParent;
        const Vec3 n = parent ? Vec3(parent->rotation * axis) : axis;
        const Vec3 omegaRoot = parent ? Vec3(parent->omega) : Vec3::Zero();
        Eigen::Matrix<double, D::B, 1> h, hw, bias;
        h << Vec3::Zero(), n;
        hw << n, Vec3::Zero();
        bias << Vec3::Zero(), omegaRoot.cross(c.omega);  // Omega_root x Omega_tip
        check = releaseSingleAxis<D>(c.atOutput, h, hw, bias, c.released, c.release);
      }
      break;
    case ReleaseKind::Locked:
      releaseLocked<D>(c.atOutput, c.released);
      break;
  }
  if (check.singular()) throwSingular(child, check.condition);
}

// Root solve (method.md §3.5): the ground side has z_root = 0.
template <class D>
void RiccatiSolver<D>::solveRoot() {
  const int root = m_model->bodyCount() - 1;
  releaseHinge(root, nullptr);
  RiccatiBodyData<D>& r = m_bodies[static_cast<std::size_t>(root)];
  r.accOutput.setZero();
  switch (m_releaseKind[static_cast<std::size_t>(root)]) {
    case ReleaseKind::RotationFree: r.angAcc = r.release.k; break;
    case ReleaseKind::SingleAxis: r.angAcc = (r.release.h * r.release.n0 + r.release.c).template tail<D::R>(); break;
    case ReleaseKind::Locked: r.angAcc.setZero(); break;
  }
}

// Backward sweep (000 Eq. 33, method.md §3.6).
template <class D>
void RiccatiSolver<D>::backwardBody(int i, SolverOutput& out) {
  const RiccatiBodyData<D>& b = m_bodies[static_cast<std::size_t>(i)];
  const CompiledBody& cb = m_model->body(i);
  // x = T22^-1 (z_bO - f_b): r''_I1 = r''_O + r_IO x Omega' - E_2.
  const TVec accInput = b.accOutput + D::crossTR(b.rIO) * b.angAcc - b.e2;
  for (int l = cb.firstChild; l < cb.lastChild; ++l) {
    const RiccatiLinkData<D>& ld = m_links[static_cast<std::size_t>(l)];
    const TVec accJoint = accInput - D::crossTR(ld.r) * b.angAcc + ld.e2;  // geometric Eq. 14
    passMotionToChild(m_model->links()[static_cast<std::size_t>(l)].child, accJoint, b.angAcc, out);
  }
  const auto s = static_cast<std::size_t>(i);
  out.angularAcceleration[s] = D::toVec3R(b.angAcc);
  out.comAcceleration[s] = D::toVec3T(accInput - D::crossTR(b.rIC) * b.angAcc + D::centripetal(b.omega, b.rIC));
}

template <class D>
void RiccatiSolver<D>::passMotionToChild(int child, const TVec& accJoint, const RVec& angAccRoot, SolverOutput& out) {
  RiccatiBodyData<D>& c = m_bodies[static_cast<std::size_t>(child)];
  Eigen::Matrix<double, D::B, 1> zRoot;
  zRoot << accJoint, angAccRoot;
  c.accOutput = accJoint;
  switch (m_releaseKind[static_cast<std::size_t>(child)]) {
    case ReleaseKind::RotationFree: c.angAcc = c.release.K * accJoint + c.release.k; break;
    case ReleaseKind::SingleAxis: {
      const double nu = c.release.N.dot(zRoot) + c.release.n0;
      const Eigen::Matrix<double, D::B, 1> z = zRoot + c.release.h * nu + c.release.c;
      c.accOutput = z.template head<D::T>();
      c.angAcc = z.template tail<D::R>();
      break;
    }
    case ReleaseKind::Locked: c.angAcc = angAccRoot; break;
  }
  const Eigen::Matrix<double, D::B, 1> load = c.released.S * zRoot + c.released.e;
  out.hingeForce[static_cast<std::size_t>(child)] = D::toVec3T(load.template tail<D::T>());
  out.hingeMoment[static_cast<std::size_t>(child)] = -D::toVec3R(load.template head<D::R>());
}

template <class D>
void RiccatiSolver<D>::throwSingular(int body, double condition) const {
  const CompiledHinge& h = m_model->hinge(body);
  const CompiledBody& b = m_model->body(body);
  const std::string rootSide = b.parent < 0 ? "the ground" : "body '" + m_model->body(b.parent).name + "'";
  throw Error(ErrorKind::Solver,
              "hinge '" + h.name + "' (between body '" + b.name + "' and " + rootSide + "): release matrix is " +
                  (std::isfinite(condition) ? "ill-conditioned (condition estimate " + formatNumber(condition) + ")"
                                            : std::string("singular")) +
                  "; the tip-side bodies have no rotational inertia about this hinge",
              {ErrorSubject::Kind::Hinge, h.specIndex});
}

template class RiccatiSolver<PlanarDim>;
template class RiccatiSolver<SpatialDim>;

}  // namespace mstmm
