#include "core/analysis/move_within_joints.hpp"

#include <Eigen/Cholesky>
#include <string>
#include <vector>

#include "core/analysis/joint_chart.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/message_text.hpp"

namespace mstmm {

namespace {

void checkMoveArguments(const Model& model, const Eigen::VectorXd& y, int body, const Vec3& point, const Vec3& target) {
  if (model.hasLoops())
    throw Error(ErrorKind::Input, "model '" + model.name() + "' has closed loops: its bodies cannot be moved by hand one hinge at a time while paused; pull them (Ctrl+drag while it runs)");
  if (body < 0 || body >= model.bodyCount()) throw Error(ErrorKind::Input, "moving by hand: there is no body " + std::to_string(body));
  if (y.size() != stateSize(model) || !y.allFinite()) throw Error(ErrorKind::Input, "moving by hand: the state does not fit model '" + model.name() + "' or is not finite");
  if (!point.allFinite() || !target.allFinite()) throw Error(ErrorKind::Input, "moving by hand: the grabbed point or the target is not finite");
}

/// The hinges from `body` to the ground that may move: not prescribed.
std::vector<int> movableHinges(const Model& model, int body) {
  std::vector<int> path;
  for (int b = body; b >= 0; b = model.body(b).parent) {
    const HingeElements* e = model.loads().atBody(b);
    if (model.hinge(b).dof == 0 || (e && e->prescribed)) continue;
    path.push_back(b);
  }
  return path;
}

}  // namespace

namespace {

/// Where the grabbed point is in state y.
Vec3 grabbedPoint(const Model& model, const Eigen::VectorXd& y, int body, const Vec3& point, std::vector<BodyPose>& poses) {
  computePoses(model, y, poses);
  return poses[static_cast<std::size_t>(body)].point(point);
}

/// The state after the step dq = J^T (J J^T + lambda^2 I)^-1 e on the
/// chart's coordinates `columns`.
Eigen::VectorXd steppedByLeastSquares(const JointChart& chart, const Eigen::Matrix<double, 3, Eigen::Dynamic>& jacobian, const std::vector<int>& columns, const Vec3& error,
                        double lambda) {
  const Mat3 normal = jacobian * jacobian.transpose() + lambda * lambda * Mat3::Identity();
  const Eigen::VectorXd dq = jacobian.transpose() * normal.ldlt().solve(error);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(chart.coordinates()), u = Eigen::VectorXd::Zero(chart.coordinates());
  for (std::size_t c = 0; c < columns.size(); ++c) q[columns[c]] = dq[static_cast<Eigen::Index>(c)];
  Eigen::VectorXd next(chart.reference().size());
  chart.state(q, u, next);
  return next;
}

}  // namespace

// Levenberg-Marquardt on the damping: a step that does not bring the point
// nearer is taken again with four times the damping (shorter, and turned
// toward the gradient); one that does halves it for the next.
JointMove moveWithinJoints(const Model& model, const Eigen::VectorXd& y, int body, const Vec3& point, const Vec3& target, int iterations) {
  checkMoveArguments(model, y, body, point, target);
  const std::vector<int> path = movableHinges(model, body);
  JointMove move;
  move.state = y;
  std::vector<BodyPose> poses;
  const double reach = std::max(1e-3, (target - point).norm());
  double lambda = 0.1;  // m: about a tenth of a typical link
  Vec3 p = grabbedPoint(model, move.state, body, point, poses);
  move.distance = (target - p).norm();
  for (move.iterations = 0; move.iterations < iterations && move.distance > 1e-10 * reach && !path.empty(); ++move.iterations) {
    const JointChart chart(model, move.state);
    std::vector<int> columns;  // chart coordinates, one per Jacobian column
    Eigen::Matrix<double, 3, Eigen::Dynamic> jacobian(3, 0);
    for (int b : path) {
      const Eigen::Matrix<double, 6, Eigen::Dynamic> s = chart.motionSubspace(b, poses);
      for (int j = 0; j < s.cols(); ++j) {
        jacobian.conservativeResize(3, jacobian.cols() + 1);
        jacobian.col(jacobian.cols() - 1) = s.col(j).tail<3>() + s.col(j).head<3>().cross(p);
        columns.push_back(chart.firstOf(b) + j);
      }
    }
    bool better = false;
    for (int attempt = 0; attempt < 20 && !better; ++attempt, lambda *= 4.0) {
      Eigen::VectorXd next = steppedByLeastSquares(chart, jacobian, columns, target - p, lambda * std::min(1.0, move.distance));
      std::vector<BodyPose> nextPoses;
      const Vec3 q = grabbedPoint(model, next, body, point, nextPoses);
      if ((target - q).norm() < move.distance) {
        better = true;
        move.state = std::move(next);
        poses = std::move(nextPoses);
        p = q;
        move.distance = (target - q).norm();
      }
    }
    if (!better) break;  // as near as the hinges allow
    lambda = std::max(1e-6, lambda / 8.0);  // the loop multiplied it once more
  }
  // At rest where it was put.
  const JointChart rest(model, move.state);
  rest.setRates(Eigen::VectorXd::Zero(rest.coordinates()), move.state);
  return move;
}

}  // namespace mstmm
