#include "core/dynamics/loops/closure_constraints.hpp"

#include <cmath>
#include <numbers>
#include "core/loads/compiled_loads.hpp"

namespace mstmm {

namespace {

const Mat3& rotationOf(const std::vector<BodyPose>& poses, int body) {
  static const Mat3 identity = Mat3::Identity();
  return body < 0 ? identity : poses[static_cast<std::size_t>(body)].rotation;
}

Vec3 omegaOf(const std::vector<BodyPose>& poses, int body) {
  return body < 0 ? Vec3::Zero() : poses[static_cast<std::size_t>(body)].omega;
}

int largestEntry(const Eigen::VectorXd& v, double& value) {
  Eigen::Index at = 0;
  value = v.size() ? v.cwiseAbs().maxCoeff(&at) : 0.0;
  return static_cast<int>(at);
}

}  // namespace

ClosureReport closureReport(const std::vector<ClosureRow>& rows, const Eigen::VectorXd& g, const Eigen::VectorXd& gDot) {
  ClosureReport report;
  if (rows.empty()) return report;
  report.positionCut = rows[static_cast<std::size_t>(largestEntry(g, report.position))].cut;
  report.velocityCut = rows[static_cast<std::size_t>(largestEntry(gDot, report.velocity))].cut;
  return report;
}

ClosureConstraints::ClosureConstraints(const Model& model) : m_model(model) {
  m_firstCoordinate.resize(static_cast<std::size_t>(model.bodyCount()));
  for (int i = 0; i < model.bodyCount(); ++i) {
    m_firstCoordinate[static_cast<std::size_t>(i)] = m_jointCoordinates;
    m_jointCoordinates += model.hinge(i).dof;
  }
}

void ClosureConstraints::directions(const std::vector<BodyPose>& poses, std::vector<ClosureRow>& rows) const {
  rows.clear();
  const int t = m_model.planar() ? 2 : 3;
  for (int c = 0; c < static_cast<int>(m_model.cuts().size()); ++c) {
    const CompiledCut& cut = m_model.cuts()[static_cast<std::size_t>(c)];
    if (cut.type == HingeType::PointOnLine) {
      // The end stays on a line fixed to the ground (validation allows no
      // other root side): the line's normals are constant directions.
      if (m_model.planar()) {
        rows.push_back({c, false, Vec3(-cut.axisInRoot.y(), cut.axisInRoot.x(), 0.0)});
      } else {
        Vec3 n1, n2;
        normalPlane(cut.axisInRoot, n1, n2);
        rows.push_back({c, false, n1});
        rows.push_back({c, false, n2});
      }
    } else {
      for (int k = 0; k < t; ++k) rows.push_back({c, false, Vec3::Unit(k)});
    }
    if (cut.type == HingeType::Weld) {
      if (m_model.planar()) {
        rows.push_back({c, true, Vec3::UnitZ()});
      } else {
        const Mat3& b = rotationOf(poses, cut.root.body);
        for (int k = 0; k < 3; ++k) rows.push_back({c, true, b.col(k)});
      }
    } else if (cut.type == HingeType::Revolute && !m_model.planar()) {
      Vec3 t1, t2;
      normalPlane(rotationOf(poses, cut.root.body) * cut.axisInRoot, t1, t2);
      rows.push_back({c, true, t1});
      rows.push_back({c, true, t2});
    }
    if (cut.drive >= 0) rows.push_back({c, true, rotationOf(poses, cut.root.body) * cut.axisInRoot, cut.drive});
  }
}

Vec3 ClosureConstraints::endPosition(const std::vector<BodyPose>& poses, const CutEnd& end) const {
  return end.ground() ? end.point : poses[static_cast<std::size_t>(end.body)].point(end.point);
}

Vec3 ClosureConstraints::endVelocity(const std::vector<BodyPose>& poses, const CutEnd& end) const {
  if (end.ground()) return Vec3::Zero();
  const BodyPose& p = poses[static_cast<std::size_t>(end.body)];
  return p.inputVelocity + p.omega.cross(p.rotation * end.point);
}

// Weld: the small rotation taking the tip side from where the root side
// says it belongs (A_B R0) to where it is (A_A). Revolute: the tilt of the
// tip side's axis out of the root side's. Both vanish when the loop is closed.
double ClosureConstraints::rotationError(const std::vector<BodyPose>& poses, const CompiledCut& cut, const Vec3& t) const {
  const Mat3& a = rotationOf(poses, cut.tip.body);
  const Mat3& b = rotationOf(poses, cut.root.body);
  if (cut.type == HingeType::Weld) {
    const Mat3 error = a * (b * cut.tipInRoot).transpose();
    const Vec3 phi(error(2, 1) - error(1, 2), error(0, 2) - error(2, 0), error(1, 0) - error(0, 1));
    return 0.5 * t.dot(phi);
  }
  return t.dot((b * cut.axisInRoot).cross(a * cut.axisInTip));
}

// The angle of A_root^T A_tip about the axis (fixed in the root side), as
// the loads measure a tree hinge's (L1): for a rotation by q about a,
// vee(R - R^T) / 2 = a sin q and (tr R - 1) / 2 = cos q.
double ClosureConstraints::relativeAngle(const std::vector<BodyPose>& poses, const CompiledCut& cut) const {
  const Mat3 r = rotationOf(poses, cut.root.body).transpose() * rotationOf(poses, cut.tip.body);
  const Vec3 sine(0.5 * (r(2, 1) - r(1, 2)), 0.5 * (r(0, 2) - r(2, 0)), 0.5 * (r(1, 0) - r(0, 1)));
  return std::atan2(cut.axisInRoot.dot(sine), 0.5 * (r.trace() - 1.0));
}

void ClosureConstraints::measure(const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows, double t, Eigen::VectorXd& g, Eigen::VectorXd& gDot) const {
  g.resize(static_cast<Eigen::Index>(rows.size()));
  gDot.resize(g.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const ClosureRow& row = rows[r];
    const CompiledCut& cut = m_model.cuts()[static_cast<std::size_t>(row.cut)];
    const auto i = static_cast<Eigen::Index>(r);
    if (row.drive >= 0) {
      // The angle is known modulo a turn; the motion may run over many.
      const TimeSample q = m_model.loads().hinges[static_cast<std::size_t>(row.drive)].motion.evaluate(t);
      g[i] = std::remainder(relativeAngle(poses, cut) - q.value, 2.0 * std::numbers::pi);
      gDot[i] = row.direction.dot(omegaOf(poses, cut.tip.body) - omegaOf(poses, cut.root.body)) - q.rate;
    } else if (row.rotational) {
      g[i] = rotationError(poses, cut, row.direction);
      gDot[i] = row.direction.dot(omegaOf(poses, cut.tip.body) - omegaOf(poses, cut.root.body));
    } else {
      g[i] = row.direction.dot(endPosition(poses, cut.tip) - endPosition(poses, cut.root));
      gDot[i] = row.direction.dot(endVelocity(poses, cut.tip) - endVelocity(poses, cut.root));
    }
  }
}

void ClosureConstraints::targets(const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows, double t, const SupplementTarget& target,
                                 Eigen::VectorXd& g, Eigen::VectorXd& gDot, Eigen::VectorXd& b) const {
  b.setZero(static_cast<Eigen::Index>(rows.size()));
  if (target.baumgarte) {
    measure(poses, rows, t, g, gDot);
    b = -2.0 * target.alpha * gDot - target.beta * target.beta * g;
  }
  for (std::size_t r = 0; r < rows.size(); ++r)
    if (rows[r].drive >= 0) b[static_cast<Eigen::Index>(r)] += m_model.loads().hinges[static_cast<std::size_t>(rows[r].drive)].motion.evaluate(t).acceleration;
}

void ClosureConstraints::accelerations(const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows, const SolverOutput& out, Eigen::VectorXd& acc) const {
  auto pointAcceleration = [&](const CutEnd& end) -> Vec3 {
    if (end.ground()) return Vec3::Zero();
    const auto b = static_cast<std::size_t>(end.body);
    const BodyPose& p = poses[b];
    const Vec3 rho = p.rotation * (end.point - m_model.body(end.body).com);
    return out.comAcceleration[b] + out.angularAcceleration[b].cross(rho) + p.omega.cross(p.omega.cross(rho));
  };
  auto angularAcceleration = [&](const CutEnd& end) -> Vec3 {
    return end.ground() ? Vec3::Zero() : out.angularAcceleration[static_cast<std::size_t>(end.body)];
  };
  acc.resize(static_cast<Eigen::Index>(rows.size()));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const ClosureRow& row = rows[r];
    const CompiledCut& cut = m_model.cuts()[static_cast<std::size_t>(row.cut)];
    const auto i = static_cast<Eigen::Index>(r);
    if (!row.rotational) {
      acc[i] = row.direction.dot(pointAcceleration(cut.tip) - pointAcceleration(cut.root));
      continue;
    }
    // d/dt [t . (Omega_A - Omega_B)] with t turning with the root side.
    const Vec3 omegaB = omegaOf(poses, cut.root.body);
    acc[i] = row.direction.dot(angularAcceleration(cut.tip) - angularAcceleration(cut.root)) +
             omegaB.cross(row.direction).dot(omegaOf(poses, cut.tip.body) - omegaB);
  }
}

// Slides first (coordinates coordinateOf(i) + j are the slides j of the
// hinge, as applySlides reads them), then the rotations; a screw's one
// column slides and turns.
int ClosureConstraints::hingeColumns(const std::vector<BodyPose>& poses, int i, JointMotion& columns) const {
  const CompiledHinge& hinge = m_model.hinge(i);
  if (hinge.dof == 0) return 0;
  JointMotionInput in;
  in.rootRotation = rotationOf(poses, m_model.body(i).parent);
  in.tipRotation = poses[static_cast<std::size_t>(i)].rotation;
  jointModel(hinge.type).motion(hinge, in, columns);
  return hinge.dof;
}

// A joint rate w of a column (v, h) of the hinge at O_k moves the end P by
// (v + h x (r_P - r_Ok)) w and turns it by h w (a slide: h = 0; a turn:
// v = 0): every hinge between P's body and the ground contributes.
void ClosureConstraints::addPath(const std::vector<BodyPose>& poses, const ClosureRow& row, const CutEnd& end, double sign, int r, Eigen::MatrixXd& j) const {
  if (end.ground()) return;
  const Vec3 p = endPosition(poses, end);
  for (int k = end.body; k >= 0; k = m_model.body(k).parent) {
    JointMotion c;
    const int columns = hingeColumns(poses, k, c);
    const Vec3 arm = p - poses[static_cast<std::size_t>(k)].output;
    for (int m = 0; m < columns; ++m) {
      const Vec3& v = c.translation[static_cast<std::size_t>(m)];
      const Vec3& h = c.rotation[static_cast<std::size_t>(m)];
      const double value = row.rotational ? row.direction.dot(h) : row.direction.dot(v) + row.direction.dot(h.cross(arm));
      j(r, m_firstCoordinate[static_cast<std::size_t>(k)] + m) += sign * value;
    }
  }
}

void ClosureConstraints::jacobian(const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows, Eigen::MatrixXd& j) const {
  j.setZero(static_cast<Eigen::Index>(rows.size()), m_jointCoordinates);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const CompiledCut& cut = m_model.cuts()[static_cast<std::size_t>(rows[r].cut)];
    addPath(poses, rows[r], cut.tip, 1.0, static_cast<int>(r), j);
    addPath(poses, rows[r], cut.root, -1.0, static_cast<int>(r), j);
  }
}

void ClosureConstraints::absoluteIncrements(const std::vector<BodyPose>& poses, const Eigen::VectorXd& joint, std::vector<Vec3>& perBody) const {
  perBody.assign(static_cast<std::size_t>(m_model.bodyCount()), Vec3::Zero());
  for (int i = m_model.bodyCount() - 1; i >= 0; --i) {  // parents come after their children
    const int parent = m_model.body(i).parent;
    Vec3 increment = parent >= 0 ? perBody[static_cast<std::size_t>(parent)] : Vec3::Zero();
    JointMotion c;
    const int columns = hingeColumns(poses, i, c);
    for (int m = 0; m < columns; ++m)
      if (!c.rotation[static_cast<std::size_t>(m)].isZero(0.0)) increment += c.rotation[static_cast<std::size_t>(m)] * joint[m_firstCoordinate[static_cast<std::size_t>(i)] + m];
    perBody[static_cast<std::size_t>(i)] = increment;
  }
}

}  // namespace mstmm
