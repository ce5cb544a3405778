#include "core/dynamics/reference/newton_euler_solver.hpp"

#include <Eigen/Sparse>
#include <Eigen/QR>
#include <Eigen/SparseLU>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/loops/closure_constraints.hpp"
#include "core/dynamics/reference/singular_direction.hpp"
#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/model/joints/joint_model.hpp"

namespace mstmm {

/// One hinge coordinate's acceleration as a row over the body
/// accelerations: q'' = G a - extra (G sparse: a few columns of two bodies).
struct CoordinateRow {
  std::vector<std::pair<int, double>> g;
  double extra = 0.0;
  template <class Block>
  void put(int col, const Block& block) {
    for (int c = 0; c < block.cols(); ++c)
      if (block(0, c) != 0.0) g.emplace_back(col + c, block(0, c));
  }
  double acceleration(const Eigen::VectorXd& x) const {
    double q = -extra;
    for (const auto& [col, v] : g) q += v * x[col];
    return q;
  }
};

namespace {

using Triplets = std::vector<Eigen::Triplet<double>>;

template <class Block>
void addBlock(Triplets& t, int row, int col, const Block& block) {
  for (int r = 0; r < block.rows(); ++r)
    for (int c = 0; c < block.cols(); ++c)
      if (block(r, c) != 0.0) t.emplace_back(row + r, col + c, block(r, c));
}

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

/// A revolute or slide axis in world axes: fixed in the root-side body.
template <class D>
Vec3 hingeAxis(const Model& model, const std::vector<BodyFrame<D>>& frames, int i) {
  const int parent = model.body(i).parent;
  const Mat3 rotation = parent >= 0 ? frames[static_cast<std::size_t>(parent)].rotation : Mat3::Identity();
  return rotation * model.hinge(i).axisInParent;
}

/// A slide direction of the hinge at body i's output in world axes: fixed in the root-side body.
template <class D>
Vec3 slideAxis(const Model& model, const std::vector<BodyFrame<D>>& frames, int i, int j) {
  const int parent = model.body(i).parent;
  const Mat3 rotation = parent >= 0 ? frames[static_cast<std::size_t>(parent)].rotation : Mat3::Identity();
  return rotation * model.hinge(i).slideAxes[static_cast<std::size_t>(j)];
}

/// The directions in which a hinge at body i's output holds the two points
/// together: all (T x T identity), or the complement of its slide directions
/// ((T - slides) x T), along which it carries force.
template <class D>
Eigen::MatrixXd heldDirections(const Model& model, const std::vector<BodyFrame<D>>& frames, int i) {
  const int slides = model.hinge(i).slides;
  if (slides == 0) return Eigen::MatrixXd::Identity(D::T, D::T);
  Eigen::MatrixXd n(D::T - slides, D::T);
  if (slides == D::T) return n;
  const Vec3 u = slideAxis<D>(model, frames, i, 0);
  if constexpr (D::T == 2) {
    n << -u.y(), u.x();
  } else if (slides == 2) {
    n.row(0) = u.cross(slideAxis<D>(model, frames, i, 1)).normalized().transpose();
  } else {
    Vec3 t1, t2;
    normalPlane(u, t1, t2);
    n.row(0) = t1.transpose();
    n.row(1) = t2.transpose();
  }
  return n;
}

/// Rotational constraint rows of a hinge (its joint model's): none where
/// rotation is free, two normal to a single axis, one for a universal hinge,
/// all for a weld or slider.
int rotationalRows(HingeType type, ModelKind kind) { return jointModel(type).in(kind).heldRotations; }

}  // namespace

template <class D>
NewtonEulerSolver<D>::NewtonEulerSolver(std::shared_ptr<const Model> model, const SupplementTarget& target)
    : DynamicsSolver(std::move(model)), m_target(target) {
  const int n = m_model->bodyCount();
  m_rowOffset.resize(static_cast<std::size_t>(n));
  const CompiledLoads& loads = m_model->loads();
  m_driveRow.assign(loads.hinges.size(), -1);
  m_rows = D::B * n;
  for (int i = 0; i < n; ++i) {
    m_rowOffset[static_cast<std::size_t>(i)] = m_rows;
    m_rows += constraintRows(i);
    const HingeElements* e = loads.atBody(i);
    for (int k = e ? static_cast<int>(e - loads.hinges.data()) : 0, end = e ? k + e->count : 0; k < end; ++k)
      if (loads.hinges[static_cast<std::size_t>(k)].prescribed) m_driveRow[static_cast<std::size_t>(k)] = m_rows++;
  }
  if (m_model->hasLoads()) m_applied = std::make_unique<AppliedLoads>(*m_model);
  m_cutRowOffset = m_rows;
  m_rows += m_model->cutRows();
}

template <class D>
int NewtonEulerSolver<D>::constraintRows(int body) const {
  const CompiledHinge& hinge = m_model->hinge(body);
  // Held translations and rotations, and one row that ties a screw's slide to its turn.
  return D::T - hinge.slides + rotationalRows(hinge.type, m_model->kind()) + (hinge.pitch != 0.0 ? 1 : 0);
}

namespace {

/// Assembles the augmented system of 004 Eq. 2.24 for one state.
template <class D>
class KktAssembler {
 public:
  static constexpr int T = D::T, R = D::R, B = D::B;
  using TVec = typename D::TVec;

  KktAssembler(const Model& model, const Eigen::VectorXd& y, const std::vector<BodyFrame<D>>& frames, int rows, const AppliedLoads* loads)
      : m_model(model), m_y(y), m_frames(frames), m_rhs(Eigen::VectorXd::Zero(rows)), m_rows(rows), m_loads(loads) {}

  /// Newton and Euler about C: m r''_C = m g + ..., J_C Omega' + Omega x J_C Omega = ...
  void addBody(int i) {
    const CompiledBody& b = m_model.body(i);
    const BodyFrame<D>& f = m_frames[static_cast<std::size_t>(i)];
    addBlock(m_t, B * i, B * i, (b.mass * D::TT::Identity()).eval());
    addBlock(m_t, B * i + T, B * i + T, f.inertia);
    m_rhs.template segment<T>(B * i) = b.mass * D::translational(m_model.gravity());
    if constexpr (R == 3) m_rhs.template segment<R>(B * i + T) = -f.omega.cross(f.inertia * f.omega);
    if (m_loads && m_loads->hasBodyLoads()) addWrench(i, m_loads->bodyForce(i), m_loads->bodyMoment(i), Vec3::Zero());
  }

  /// The loads of the hinge at body i's output: (F, M) on the child at the
  /// joint, the opposite on the parent at the same point.
  void addHingeElements(int i, const HingeElementLoads& e) {
    const CompiledBody& b = m_model.body(i);
    addWrench(i, e.force, e.moment, m_frames[static_cast<std::size_t>(i)].rotation * (b.output - b.com));
    if (b.parent >= 0)
      addWrench(b.parent, -e.force, -e.moment, m_frames[static_cast<std::size_t>(b.parent)].rotation * (attachment(i) - m_model.body(b.parent).com));
  }

  /// A prescribed hinge: axis . (relative acceleration) = q''(t). Rotation:
  /// n . (Omega'_c - Omega'_p) = q'' (n turns with the parent, n . (Omega_p x n) = 0);
  /// slide: u . (r''_O(child) - r''_P(parent)) = s'' (readSlideAccelerations).
  void addDriveRow(int i, int row, const HingeElementLoads& e, const HingeElements& element) {
    const CoordinateRow c = coordinateRow(i, e, element);
    for (const auto& [col, v] : c.g) m_t.emplace_back(row, col, v);
    m_rhs[row] = e.motion.acceleration + c.extra;
  }

  /// A coordinate's armature J (equations.md §3.8): the load -J q'' on it,
  /// as body wrenches G^T (-J q'') = -J G^T (G a - extra), moves into the
  /// mass rows as + J G^T G and onto the right-hand side as + J G^T extra.
  /// A ball's or free rotation's J acts on each component of the rate of
  /// Omega_c - Omega_p in the child's axes, in world axes
  /// Omega'_c - Omega'_p - Omega_p x Omega_c.
  /// Returns the rows, from which the coordinates' accelerations are read.
  std::vector<CoordinateRow> addArmature(int i, const HingeElementLoads& e, const HingeElements& element) {
    std::vector<CoordinateRow> rows;
    if (element.coordinate == HingeElements::Coordinate::Rotation) {
      const int parent = m_model.body(i).parent;
      const Vec3 turn = parent >= 0 ? Vec3(frameOmega(parent).cross(frameOmega(i))) : Vec3::Zero();
      for (int k = 0; k < R; ++k) {
        CoordinateRow c;
        c.extra = turn[k];
        c.g.emplace_back(B * i + T + k, 1.0);
        if (m_model.body(i).parent >= 0) c.g.emplace_back(B * m_model.body(i).parent + T + k, -1.0);
        rows.push_back(std::move(c));
      }
    } else {
      rows.push_back(coordinateRow(i, e, element));
    }
    for (const CoordinateRow& c : rows) {
      for (const auto& [c1, v1] : c.g) {
        for (const auto& [c2, v2] : c.g) m_t.emplace_back(c1, c2, element.armature * v1 * v2);
        m_rhs[c1] += element.armature * v1 * c.extra;
      }
    }
    return rows;
  }

  /// A one-column coordinate's acceleration: rotation n . (Omega'_c - Omega'_p)
  /// (n turns with the parent, n . (Omega_p x n) = 0); slide
  /// u . (r''_O(child) - r''_P(parent)) less the Coriolis term (readSlideAccelerations).
  CoordinateRow coordinateRow(int i, const HingeElementLoads& e, const HingeElements& element) {
    if (element.coordinate == HingeElements::Coordinate::UniversalAngle) {
      if constexpr (R == 3) return universalRow(i, element.column);
    }
    CoordinateRow row;
    const CompiledBody& b = m_model.body(i);
    const bool slide = element.coordinate == HingeElements::Coordinate::Slide;
    const int j = slide && element.column >= 0 ? element.column : 0;
    const Vec3 n = slide ? slideAxis<D>(m_model, m_frames, i, j) : e.coordinate.axis;
    // Several slides: s_j'' = u_j . (r''_O - r''_P - 2 Omega_p x v_rel) (readSlideAccelerations).
    row.extra = slide && b.parent >= 0 ? n.dot(2.0 * frameOmega(b.parent).cross(slideVelocity(i))) : 0.0;
    for (const int body : {i, b.parent}) {
      if (body < 0) continue;
      const double sign = body == i ? 1.0 : -1.0;
      if (!slide) {
        row.put(B * body + T, (sign * D::rotational(n)).transpose().eval());
        continue;
      }
      const Vec3 rho = m_frames[static_cast<std::size_t>(body)].rotation * ((body == i ? b.output : attachment(i)) - m_model.body(body).com);
      const Vec3 omega = frameOmega(body);
      row.put(B * body, (sign * D::translational(n)).transpose().eval());
      row.put(B * body + T, (sign * D::rotational(rho.cross(n))).transpose().eval());
      row.extra -= sign * n.dot(omega.cross(omega.cross(rho)));
    }
    return row;
  }

  /// An angle of a universal hinge: from Omega_c - Omega_p = n1 a1' + n2 a2',
  /// Omega'_c - Omega'_p = n1 a1'' + n2 a2'' + (Omega_p x n1) a1' + (Omega_c x n2) a2',
  /// so with the dual vector d_k (d_k . n_j = delta_kj):
  /// d_k . (Omega'_c - Omega'_p) = a_k'' + d_k . ((Omega_p x n1) a1' + (Omega_c x n2) a2').
  CoordinateRow universalRow(int i, int k) {
    CoordinateRow row;
    const int parent = m_model.body(i).parent;
    const Vec3 n1 = hingeAxis<D>(m_model, m_frames, i);
    const Vec3 n2 = m_frames[static_cast<std::size_t>(i)].rotation * m_model.hinge(i).axis2InTip;
    const Vec3 omegaParent = parent >= 0 ? frameOmega(parent) : Vec3::Zero(), omegaChild = frameOmega(i), rel = omegaChild - omegaParent;
    Vec3 d1, d2;
    dualAxes(n1, n2, d1, d2);
    const Vec3 d = k == 0 ? d1 : d2;
    row.put(B * i + T, d.transpose());
    if (parent >= 0) row.put(B * parent + T, (-d.transpose()).eval());
    row.extra = d.dot(omegaParent.cross(n1) * d1.dot(rel) + omegaChild.cross(n2) * d2.dot(rel));
    return row;
  }

  /// The slide velocity sum_j s'_j u_j of the hinge at body i's output (world).
  Vec3 slideVelocity(int i) const {
    const CompiledHinge& hinge = m_model.hinge(i);
    Vec3 v = Vec3::Zero();
    for (int j = 0; j < hinge.slides; ++j) v += slideRate(m_model, m_y, hinge.slider + j) * slideAxis<D>(m_model, m_frames, i, j);
    return v;
  }

  /// The constraint rows of the hinge at the output of body i, from `row` on.
  void addHinge(int i, int row) {
    const CompiledBody& b = m_model.body(i);
    const BodyFrame<D>& fc = m_frames[static_cast<std::size_t>(i)];
    const CompiledHinge& hinge = m_model.hinge(i);
    // Translational: n . (r''_O(child) - r''_P(parent)) = n . 2 s' Omega_p x u along the
    // held directions n, where P is the parent's point at the hinge (for a
    // slider the one at p'_0 + s u', which moves along the rail).
    const Eigen::MatrixXd held = heldDirections<D>(m_model, m_frames, i);
    const TVec dc = D::translational(fc.rotation * (b.output - b.com));
    addBlock(m_t, row, B * i, held);
    addBlock(m_t, row, B * i + T, (held * -D::crossTR(dc)).eval());
    TVec gamma = -D::centripetal(fc.omega, dc);
    typename D::RVec omegaParent = D::RVec::Zero();
    if (b.parent >= 0) {
      const CompiledBody& p = m_model.body(b.parent);
      const BodyFrame<D>& fp = m_frames[static_cast<std::size_t>(b.parent)];
      const TVec dp = D::translational(fp.rotation * (attachment(i) - p.com));
      addBlock(m_t, row, B * b.parent, (-held).eval());
      addBlock(m_t, row, B * b.parent + T, (held * D::crossTR(dp)).eval());
      gamma += D::centripetal(fp.omega, dp);
      omegaParent = fp.omega;
    }
    for (int j = 0; j < hinge.slides; ++j)
      gamma -= 2.0 * slideRate(m_model, m_y, hinge.slider + j) * D::crossTRv(D::translational(slideAxis<D>(m_model, m_frames, i, j)), omegaParent);
    const int heldRows = static_cast<int>(held.rows());
    if (heldRows > 0) m_rhs.segment(row, heldRows) = held * gamma;
    const int rotRow = row + heldRows;
    if (hinge.type == HingeType::Weld || hinge.type == HingeType::Slider) addWeldRows(i, rotRow, omegaParent);
    if constexpr (R == 3) {
      if (rotationalRows(hinge.type, m_model.kind()) == 2) addRevoluteRows(i, rotRow, omegaParent);
      if (hinge.type == HingeType::Universal) addUniversalRow(i, rotRow, omegaParent);
      if (hinge.pitch != 0.0) addPitchRow(i, rotRow + rotationalRows(hinge.type, m_model.kind()));
    }
  }

  /// A screw's slide moves with its turn: s'' = p theta'', with
  /// s'' = u . (r''_O(child) - r''_P(parent)) (the Coriolis term is normal to
  /// u) and theta'' = n . (Omega'_c - Omega'_p) (n = u turns with the parent,
  /// the relative rate is along it). With r''_O = a_c + Omega'_c x d_c +
  /// Omega_c x (Omega_c x d_c) and u . (Omega' x d) = Omega' . (d x u):
  ///   u.a_c + (d_c x u - p n).Omega'_c - u.a_p - (d_p x u - p n).Omega'_p
  ///     = -u.(Omega_c x (Omega_c x d_c)) + u.(Omega_p x (Omega_p x d_p)).
  void addPitchRow(int i, int row) {
    const CompiledBody& b = m_model.body(i);
    const double pitch = m_model.hinge(i).pitch;
    const Vec3 u = slideAxis<D>(m_model, m_frames, i, 0);
    const BodyFrame<D>& fc = m_frames[static_cast<std::size_t>(i)];
    const Vec3 dc = fc.rotation * (b.output - b.com), omegaC = frameOmega(i);
    m_t.emplace_back(row, B * i, u.x());
    m_t.emplace_back(row, B * i + 1, u.y());
    m_t.emplace_back(row, B * i + 2, u.z());
    const Vec3 angularC = dc.cross(u) - pitch * u;
    for (int k = 0; k < 3; ++k) m_t.emplace_back(row, B * i + T + k, angularC[k]);
    double rhs = -u.dot(omegaC.cross(omegaC.cross(dc)));
    if (b.parent >= 0) {
      const BodyFrame<D>& fp = m_frames[static_cast<std::size_t>(b.parent)];
      const Vec3 dp = fp.rotation * (attachment(i) - m_model.body(b.parent).com), omegaP = frameOmega(b.parent);
      for (int k = 0; k < 3; ++k) m_t.emplace_back(row, B * b.parent + k, -u[k]);
      const Vec3 angularP = -(dp.cross(u) - pitch * u);
      for (int k = 0; k < 3; ++k) m_t.emplace_back(row, B * b.parent + T + k, angularP[k]);
      rhs += u.dot(omegaP.cross(omegaP.cross(dp)));
    }
    m_rhs[row] = rhs;
  }

  /// Where body i hangs on its parent, in the parent's frame (relative to I_1).
  Vec3 attachment(int i) const {
    const CompiledBody& b = m_model.body(i);
    const CompiledHinge& hinge = m_model.hinge(i);
    Vec3 p = m_model.body(b.parent).inputs[static_cast<std::size_t>(b.parentInput)];
    for (int j = 0; j < hinge.slides; ++j) p += slidePosition(m_model, m_y, hinge.slider + j) * hinge.slideAxes[static_cast<std::size_t>(j)];
    return p;
  }

  /// The rows of one supplement equation of a cut (row.direction e or t):
  /// e . (r''_A - r''_B) = b, with r''_P = r''_C + Omega' x rho + Omega x (Omega x rho), or
  /// t . (Omega'_A - Omega'_B) = (Omega_B x t) . (Omega_B - Omega_A) + b (t turns with B).
  void addCutRow(const CompiledCut& cut, const ClosureRow& row, int r, double target) {
    double bias = 0.0;
    const Vec3 omegaB = cut.root.ground() ? Vec3::Zero() : frameOmega(cut.root.body);
    for (const CutEnd* end : {&cut.tip, &cut.root}) {
      if (end->ground()) continue;
      const double sign = end == &cut.tip ? 1.0 : -1.0;
      const int b = end->body;
      const BodyFrame<D>& f = m_frames[static_cast<std::size_t>(b)];
      if (row.rotational) {
        addBlock(m_t, r, B * b + T, (sign * D::rotational(row.direction)).transpose().eval());
        continue;
      }
      const Vec3 rho = f.rotation * (end->point - m_model.body(b).com);
      const Vec3 omega = frameOmega(b);
      addBlock(m_t, r, B * b, (sign * D::translational(row.direction)).transpose().eval());
      addBlock(m_t, r, B * b + T, (sign * D::rotational(rho.cross(row.direction))).transpose().eval());
      bias -= sign * row.direction.dot(omega.cross(omega.cross(rho)));
    }
    if (row.rotational) {
      const Vec3 omegaA = frameOmega(cut.tip.body);
      bias = omegaB.cross(row.direction).dot(omegaB - omegaA);
    }
    m_rhs[r] = bias + target;
  }

  /// A cut row that repeats the others: its multiplier is set to zero
  /// (lambda_r = 0), which leaves the accelerations as they are.
  void dropCutRow(int r) {
    m_dropped.push_back(r);
    m_rhs[r] = 0.0;
  }

  /// The mass rows see -G^T lambda: mirror every constraint entry.
  Eigen::SparseMatrix<double> matrix() {
    const int massRows = B * m_model.bodyCount();
    const std::size_t entries = m_t.size();
    for (std::size_t k = 0; k < entries; ++k)
      if (m_t[k].row() >= massRows) m_t.emplace_back(m_t[k].col(), m_t[k].row(), -m_t[k].value());
    for (int r : m_dropped) m_t.emplace_back(r, r, 1.0);
    Eigen::SparseMatrix<double> kkt(m_rows, m_rows);
    kkt.setFromTriplets(m_t.begin(), m_t.end());
    return kkt;
  }
  const Eigen::VectorXd& rhs() const { return m_rhs; }

 private:
  std::vector<int> m_dropped;
  // Omega'_child - Omega'_parent = Omega_p x Omega_c.
  void addWeldRows(int i, int row, const typename D::RVec& omegaParent) {
    const typename D::RR eyeR = D::RR::Identity();
    addBlock(m_t, row, B * i + T, eyeR);
    if (m_model.body(i).parent >= 0) addBlock(m_t, row, B * m_model.body(i).parent + T, (-eyeR).eval());
    if constexpr (R == 3) m_rhs.template segment<R>(row) = omegaParent.cross(m_frames[static_cast<std::size_t>(i)].omega);
  }
  // t_k . (Omega'_child - Omega'_parent) = t_k . (Omega_p x Omega_c) for t_k normal to the axis.
  void addRevoluteRows(int i, int row, const Vec3& omegaParent) {
    const int parent = m_model.body(i).parent;
    Vec3 t1, t2;
    normalPlane(hingeAxis<D>(m_model, m_frames, i), t1, t2);
    const Vec3 bias = omegaParent.cross(m_frames[static_cast<std::size_t>(i)].omega);
    for (int k = 0; k < 2; ++k) {
      const Vec3 tk = k == 0 ? t1 : t2;
      addBlock(m_t, row + k, B * i + T, tk.transpose());
      if (parent >= 0) addBlock(m_t, row + k, B * parent + T, (-tk.transpose()).eval());
      m_rhs[row + k] = tk.dot(bias);
    }
  }

  // A universal hinge keeps n1 . n2 constant (n1 turns with the parent, n2
  // with the child): w . (Omega_c - Omega_p) = 0 with w = n1 x n2, whose time
  // derivative gives w . (Omega'_c - Omega'_p) = -w' . (Omega_c - Omega_p),
  // w' = (Omega_p x n1) x n2 + n1 x (Omega_c x n2).
  void addUniversalRow(int i, int row, const Vec3& omegaParent) {
    const int parent = m_model.body(i).parent;
    const Vec3 n1 = hingeAxis<D>(m_model, m_frames, i);
    const Vec3 n2 = m_frames[static_cast<std::size_t>(i)].rotation * m_model.hinge(i).axis2InTip;
    const Vec3 omegaChild = frameOmega(i);
    const Vec3 w = n1.cross(n2);
    const Vec3 wDot = omegaParent.cross(n1).cross(n2) + n1.cross(omegaChild.cross(n2));
    addBlock(m_t, row, B * i + T, w.transpose());
    if (parent >= 0) addBlock(m_t, row, B * parent + T, (-w.transpose()).eval());
    m_rhs[row] = -wDot.dot(omegaChild - omegaParent);
  }

  Vec3 frameOmega(int b) const {
    const typename D::RVec& w = m_frames[static_cast<std::size_t>(b)].omega;
    if constexpr (R == 3) return w;
    else return Vec3(0.0, 0.0, w[0]);
  }

  // A force F through the point at `arm` from C and a moment M: Newton gets F,
  // Euler about C gets M + arm x F.
  void addWrench(int body, const Vec3& force, const Vec3& moment, const Vec3& arm) {
    m_rhs.template segment<T>(B * body) += D::translational(force);
    m_rhs.template segment<R>(B * body + T) += D::rotational(moment + arm.cross(force));
  }

  const Model& m_model;
  const Eigen::VectorXd& m_y;
  const std::vector<BodyFrame<D>>& m_frames;
  Triplets m_t;
  Eigen::VectorXd m_rhs;
  int m_rows;
  const AppliedLoads* m_loads;
};

}  // namespace

// Names what the singular system leaves undetermined (singular_direction.hpp):
// a body's acceleration (no mass or inertia where its hinge lets it move), or
// a hinge's or cut's constraint load (redundant constraints).
template <class D>
void NewtonEulerSolver<D>::throwSingular(const Eigen::SparseMatrix<double>& a, const std::string& detail) const {
  const int k = mostUndeterminedUnknown(Eigen::MatrixXd(a));
  const int n = m_model->bodyCount();
  if (k < 0) throw Error(ErrorKind::Solver, "newton-euler: the constraint system is singular (" + detail + ")");
  if (k < D::B * n) {
    const CompiledBody& b = m_model->body(k / D::B);
    throw Error(ErrorKind::Solver,
                "newton-euler: body '" + b.name + "': its acceleration is undetermined (the equations of motion are singular); it has no mass or inertia in a direction its hinge leaves free",
                {ErrorSubject::Kind::Body, b.specIndex});
  }
  if (k >= m_cutRowOffset) {
    int row = m_cutRowOffset;
    for (const CompiledCut& cut : m_model->cuts()) {
      row += cut.rows;
      if (k < row)
        throw Error(ErrorKind::Solver, "newton-euler: hinge '" + cut.name + "' (cut to close a loop): its constraint load is undetermined; the loop's constraints are redundant here",
                    {ErrorSubject::Kind::Hinge, cut.specIndex});
    }
  }
  int body = n - 1;
  while (body > 0 && m_rowOffset[static_cast<std::size_t>(body)] > k) --body;
  throw Error(ErrorKind::Solver, "newton-euler: " + describeHinge(*m_model, body) + ": its constraint load is undetermined (the constraint system is singular)",
              {ErrorSubject::Kind::Hinge, m_model->hinge(body).specIndex});
}

// Which cut rows to keep: where the rows repeat one another (a redundant
// cut, a singular position; equations.md §6.1) a column-pivoted QR of J^T
// picks an independent set, and the others are dropped. Unlike the Riccati
// solver's least-norm solve this keeps whole rows, so the two agree only
// where the accelerations are unique, which is what a reference should test.
namespace {

std::vector<bool> independentRows(const ClosureConstraints& constraints, const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows) {
  Eigen::MatrixXd j;
  constraints.jacobian(poses, rows, j);
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(j.cols(), j.rows());
  qr.setThreshold(1e-10);
  qr.compute(j.transpose());
  std::vector<bool> kept(rows.size(), qr.rank() == j.rows());
  for (Eigen::Index k = 0; k < qr.rank() && k < j.rows(); ++k) kept[static_cast<std::size_t>(qr.colsPermutation().indices()[k])] = true;
  return kept;
}

}  // namespace

template <class D>
void NewtonEulerSolver<D>::compute(const Eigen::VectorXd& y, SolverOutput& out) {
  const Model& model = *m_model;
  const int n = model.bodyCount();
  out.resize(model);
  std::vector<BodyFrame<D>> frames;
  frames.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) frames.push_back(bodyFrame<D>(model, y, i));
  if (m_applied) m_applied->evaluate(m_time, y);
  KktAssembler<D> kkt(model, y, frames, m_rows, m_applied.get());
  for (int i = 0; i < n; ++i) kkt.addBody(i);
  std::vector<std::pair<int, std::vector<CoordinateRow>>> rotors;  // element, its armature rows
  for (int i = 0; i < n; ++i) {
    kkt.addHinge(i, m_rowOffset[static_cast<std::size_t>(i)]);
    if (!m_applied) continue;
    const auto [first, count] = m_applied->elementRange(i);
    for (int k = first; k < first + count; ++k) {
      const HingeElementLoads& e = m_applied->detailOf(k);
      const HingeElements& element = model.loads().hinges[static_cast<std::size_t>(k)];
      kkt.addHingeElements(i, e);
      if (const int row = m_driveRow[static_cast<std::size_t>(k)]; row >= 0) kkt.addDriveRow(i, row, e, element);
      if (element.armature != 0.0) rotors.emplace_back(k, kkt.addArmature(i, e, element));
    }
  }
  std::vector<ClosureRow> cutRows;
  if (model.hasLoops()) {
    const ClosureConstraints constraints(model);
    std::vector<BodyPose> poses;
    computePoses(model, y, poses);
    constraints.directions(poses, cutRows);
    Eigen::VectorXd g, gDot, b;
    constraints.targets(poses, cutRows, m_time, m_target, g, gDot, b);
    const std::vector<bool> kept = independentRows(constraints, poses, cutRows);
    for (std::size_t r = 0; r < cutRows.size(); ++r) {
      const int row = m_cutRowOffset + static_cast<int>(r);
      if (kept[r]) kkt.addCutRow(model.cuts()[static_cast<std::size_t>(cutRows[r].cut)], cutRows[r], row, b[static_cast<Eigen::Index>(r)]);
      else kkt.dropCutRow(row);
    }
  }
  const Eigen::SparseMatrix<double> a = kkt.matrix();
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  lu.compute(a);
  if (lu.info() != Eigen::Success) throwSingular(a, lu.lastErrorMessage());
  const Eigen::VectorXd x = lu.solve(kkt.rhs());
  readSolution(x, frames, out);
  readSlideAccelerations(y, frames, out);
  // A cut drive row's multiplier is its driving load, as a tree drive row's.
  for (std::size_t r = 0; r < cutRows.size(); ++r)
    if (cutRows[r].drive >= 0)
      out.drivingLoad[static_cast<std::size_t>(model.loads().hinges[static_cast<std::size_t>(cutRows[r].drive)].driven)] = x[m_cutRowOffset + static_cast<Eigen::Index>(r)];
  if (m_applied) readDrives(x, out);
  for (const auto& [k, rows] : rotors) addRotorLoads(k, rows, x, out);
  // lambda of a cut row acts on the tip side along the row's direction.
  out.cutForce.assign(model.cuts().size(), Vec3::Zero());
  out.cutMoment.assign(model.cuts().size(), Vec3::Zero());
  for (std::size_t r = 0; r < cutRows.size(); ++r) {
    const double lambda = x[m_cutRowOffset + static_cast<Eigen::Index>(r)];
    auto& target = cutRows[r].rotational ? out.cutMoment : out.cutForce;
    target[static_cast<std::size_t>(cutRows[r].cut)] += lambda * cutRows[r].direction;
  }
}

// The multiplier of a drive row is the driving load (the mass rows see
// +G^T lambda: along the axis on the child). The reported hinge load, what
// the tip side exerts on the root side, includes the hinge's own elements
// and drive, as the Riccati solver's joint state does.
template <class D>
void NewtonEulerSolver<D>::readDrives(const Eigen::VectorXd& x, SolverOutput& out) const {
  for (int i = 0; i < m_model->bodyCount(); ++i) {
    const auto [first, count] = m_applied->elementRange(i);
    const auto s = static_cast<std::size_t>(i);
    for (int k = first; k < first + count; ++k) {
      const HingeElementLoads& e = m_applied->detailOf(k);
      const HingeElements& element = m_model->loads().hinges[static_cast<std::size_t>(k)];
      Vec3 force = e.force, moment = e.moment;
      if (const int row = m_driveRow[static_cast<std::size_t>(k)]; row >= 0) {
        const double drive = x[row];
        out.drivingLoad[static_cast<std::size_t>(element.driven)] = drive;
        // The row's G^T: along u_j on the child for a slide, d_k (e.coordinate.axis) or n for an angle.
        (element.rotational() ? moment : force) += drive * e.coordinate.axis;
      }
      out.hingeForce[s] -= D::toVec3T(D::translational(force));
      out.hingeMoment[s] -= D::toVec3R(D::rotational(moment));
    }
  }
  out.inputPower = m_applied->inputPower() + m_applied->drivePower(out.drivingLoad);
  out.dissipatedPower = m_applied->dissipation();
}

// A rotor's load -J q'' on the tip side along its coordinate (readDrives'
// G^T: the coordinate's axis; a free rotation's components one by one)
// belongs to the hinge load as the elements' do.
template <class D>
void NewtonEulerSolver<D>::addRotorLoads(int k, const std::vector<CoordinateRow>& rows, const Eigen::VectorXd& x, SolverOutput& out) const {
  const HingeElements& element = m_model->loads().hinges[static_cast<std::size_t>(k)];
  const auto s = static_cast<std::size_t>(element.body);
  const Vec3& axis = m_applied->detailOf(k).coordinate.axis;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Vec3 along = rows.size() == 1 ? axis : Vec3(D::toVec3R(D::RVec::Unit(static_cast<Eigen::Index>(r))));
    const Vec3 load = element.armature * rows[r].acceleration(x) * along;
    if (element.rotational()) out.hingeMoment[s] += D::toVec3R(D::rotational(load));
    else out.hingeForce[s] += D::toVec3T(D::translational(load));
  }
}

template <class D>
void NewtonEulerSolver<D>::readSolution(const Eigen::VectorXd& x, const std::vector<BodyFrame<D>>& frames, SolverOutput& out) const {
  constexpr int T = D::T, R = D::R, B = D::B;
  for (int i = 0; i < m_model->bodyCount(); ++i) {
    const auto s = static_cast<std::size_t>(i);
    const int row = m_rowOffset[s];
    out.comAcceleration[s] = D::toVec3T(x.template segment<T>(B * i));
    out.angularAcceleration[s] = D::toVec3R(x.template segment<R>(B * i + T));
    // lambda acts on the child; the tip side pushes the root side with -lambda.
    const Eigen::MatrixXd held = heldDirections<D>(*m_model, frames, i);
    const auto heldRows = static_cast<int>(held.rows());
    out.hingeForce[s] = -D::toVec3T(held.transpose() * x.segment(row, heldRows));
    out.hingeMoment[s].setZero();
    const HingeType type = m_model->hinge(i).type;
    if (type == HingeType::Weld || type == HingeType::Slider) out.hingeMoment[s] = -D::toVec3R(x.template segment<R>(row + heldRows));
    if (R == 3 && rotationalRows(type, m_model->kind()) == 2) {
      Vec3 t1, t2;
      normalPlane(hingeAxis<D>(*m_model, frames, i), t1, t2);
      out.hingeMoment[s] = -(t1 * x[row + heldRows] + t2 * x[row + heldRows + 1]);
    }
    if (R == 3 && type == HingeType::Universal) {
      const Vec3 n2 = frames[s].rotation * m_model->hinge(i).axis2InTip;
      out.hingeMoment[s] = -hingeAxis<D>(*m_model, frames, i).cross(n2) * x[row + heldRows];
    }
    if (R == 3 && m_model->hinge(i).pitch != 0.0) {  // the screw row's multiplier: force along u, moment -p u
      const double lambda = x[row + heldRows + rotationalRows(type, m_model->kind())];
      const Vec3 u = hingeAxis<D>(*m_model, frames, i);
      out.hingeForce[s] -= u * lambda;
      out.hingeMoment[s] += m_model->hinge(i).pitch * u * lambda;
    }
  }
}

// s'' = u . (r''_O(child) - r''_P(parent)): the slide is what the two points'
// accelerations differ by along the rail (the Coriolis term is normal to u).
template <class D>
void NewtonEulerSolver<D>::readSlideAccelerations(const Eigen::VectorXd& y, const std::vector<BodyFrame<D>>& frames, SolverOutput& out) const {
  const Model& model = *m_model;
  auto pointAcceleration = [&](int body, const Vec3& bodyPoint) {
    const BodyFrame<D>& f = frames[static_cast<std::size_t>(body)];
    const Vec3 rho = f.rotation * (bodyPoint - model.body(body).com);
    const Vec3 omega = bodyAngularVelocity(model, y, body);
    return Vec3(out.comAcceleration[static_cast<std::size_t>(body)] + out.angularAcceleration[static_cast<std::size_t>(body)].cross(rho) +
                omega.cross(omega.cross(rho)));
  };
  for (int k = 0; k < model.sliderCount(); ++k) {
    const int i = model.sliderBody(k);
    const CompiledBody& b = model.body(i);
    const CompiledHinge& hinge = model.hinge(i);
    Vec3 relative = pointAcceleration(i, b.output);
    Vec3 slideVelocity = Vec3::Zero();  // the Coriolis term 2 Omega_p x v_rel is normal to u for one slide, not for several
    for (int j = 0; j < hinge.slides; ++j) slideVelocity += slideRate(model, y, hinge.slider + j) * slideAxis<D>(model, frames, i, j);
    if (b.parent >= 0) {
      Vec3 p = model.body(b.parent).inputs[static_cast<std::size_t>(b.parentInput)];
      for (int j = 0; j < hinge.slides; ++j) p += slidePosition(model, y, hinge.slider + j) * hinge.slideAxes[static_cast<std::size_t>(j)];
      relative -= pointAcceleration(b.parent, p) + 2.0 * bodyAngularVelocity(model, y, b.parent).cross(slideVelocity);
    }
    out.slideAcceleration[static_cast<std::size_t>(k)] = slideAxis<D>(model, frames, i, k - hinge.slider).dot(relative);
  }
}

template class NewtonEulerSolver<PlanarDim>;
template class NewtonEulerSolver<SpatialDim>;

}  // namespace mstmm
