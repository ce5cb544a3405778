#include "core/analysis/rotor/unbalance_response.hpp"

#include <Eigen/LU>
#include <cmath>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/message_text.hpp"

namespace mstmm {

namespace {

// Rows of d r_P / d z for a point P of body b: V_b - (P - C)~ W_b.
Eigen::Matrix3Xd pointJacobian(const Eigen::Matrix3Xd& linear, const Eigen::Matrix3Xd& angular, const Vec3& offset) {
  Mat3 cross;
  cross << 0.0, -offset.z(), offset.y(), offset.z(), 0.0, -offset.x(), -offset.y(), offset.x(), 0.0;
  return linear - cross * angular;
}

struct Placed {
  int body = -1;
  Vec3 point = Vec3::Zero();  // relative to I_1
};
Placed place(const Model& model, const std::string& body, const Vec3& point, const std::string& what) {
  Placed p;
  p.body = model.bodyByName(body);
  if (p.body < 0) refuseRotorInput(what + ": body " + quoted(body) + " does not exist (a beam's point: name the piece, e.g. " + quoted(body + "[0]") + ")");
  p.point = point - model.spec().bodies[static_cast<std::size_t>(model.body(p.body).specIndex)].inputs.front();
  return p;
}

}  // namespace

std::vector<OrbitPoint> bearingPoints(const ModelSpec& spec) {
  std::vector<OrbitPoint> out;
  for (const BearingSpec& b : spec.bearings) out.push_back({b.body, b.point, "bearing " + quoted(b.name)});
  return out;
}

UnbalanceResponse unbalanceResponse(const RotorAtSpeed& rotor, const std::vector<double>& speeds, const std::vector<OrbitPoint>& points,
                                    const std::atomic<bool>* cancel) {
  if (rotor.unbalances().empty()) refuseRotorInput("unbalance response: model " + quoted(rotor.spec().name) + " has no unbalance");
  if (points.empty()) refuseRotorInput("unbalance response: name at least one point whose orbit is wanted");
  for (double s : speeds)
    if (!std::isfinite(s) || s < 0.0) refuseRotorInput("unbalance response: speed " + formatNumber(s) + " rad/s: speeds must be finite and >= 0");
  UnbalanceResponse out;
  out.speeds = speeds;
  out.points = points;
  std::tie(out.e1, out.e2) = spinPlane(rotor.axis());
  out.orbits.assign(points.size(), {});
  const std::complex<double> i(0.0, 1.0);
  for (double omega : speeds) {
    checkCancelled(cancel);
    const std::shared_ptr<const Model> model = rotor.at(omega);
    LinearisationOptions options;
    options.cancel = cancel;
    const Eigen::VectorXd y = initialState(*model);
    Linearisation lin(model, y, options);
    const LinearSystem s = lin.linearise();
    std::vector<Eigen::Matrix3Xd> linear, angular;
    lin.velocityJacobians(linear, angular);
    std::vector<BodyPose> poses;
    computePoses(*model, y, poses);
    auto jacobianAt = [&](const Placed& p) {
      const BodyPose& pose = poses[static_cast<std::size_t>(p.body)];
      return pointJacobian(linear[static_cast<std::size_t>(p.body)], angular[static_cast<std::size_t>(p.body)], pose.point(p.point) - pose.com);
    };
    // Each unbalance's force m e w^2 r(t) turns with its body at the body's
    // spin w about its axis: r = cos(wt) r0 + sin(wt) a x r0 = Re((r0 - i a x r0) e^{iwt}).
    Eigen::VectorXcd q = Eigen::VectorXcd::Zero(s.size());
    for (const UnbalanceSpec& u : rotor.unbalances()) {
      const Placed p = place(*model, u.body, unbalancePosition(u), "unbalance " + quoted(u.name));
      const BodyPose& pose = poses[static_cast<std::size_t>(p.body)];
      const Vec3 a = pose.rotation * u.axis.normalized();
      const Vec3 r0 = pose.rotation * (unbalancePosition(u) - u.centre).normalized();
      const double spin = a.dot(pose.omega);
      const Eigen::Vector3cd force = u.mass * u.eccentricity * spin * spin * (r0.cast<std::complex<double>>() - i * a.cross(r0).cast<std::complex<double>>());
      q += jacobianAt(p).transpose().cast<std::complex<double>>() * force;
    }
    const Eigen::MatrixXcd dynamic = s.stiffness.cast<std::complex<double>>() - omega * omega * s.mass.cast<std::complex<double>>() + i * omega * s.damping.cast<std::complex<double>>();
    const Eigen::VectorXcd z = dynamic.partialPivLu().solve(q);
    for (std::size_t k = 0; k < points.size(); ++k) {
      const Placed p = place(*model, points[k].body, points[k].point, points[k].label.empty() ? "orbit point" : points[k].label);
      const Eigen::Vector3cd u = jacobianAt(p).cast<std::complex<double>>() * z;
      out.orbits[k].push_back(orbitOf(out.e1.cast<std::complex<double>>().dot(u), out.e2.cast<std::complex<double>>().dot(u)));
    }
  }
  return out;
}

}  // namespace mstmm
