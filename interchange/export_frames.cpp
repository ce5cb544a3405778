#include "interchange/export_frames.hpp"

#include <cmath>
#include <cstdio>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

Mat3 ExportFrames::relative(int body) const {
  const int p = parent[static_cast<std::size_t>(body)];
  const Mat3& a = rotation[static_cast<std::size_t>(body)];
  return p < 0 ? a : Mat3(rotation[static_cast<std::size_t>(p)].transpose() * a);
}

double ExportFrames::initialAngle(int body) const {
  if (model->planar()) {  // theta_tip - theta_root as it is, not folded into (-pi, pi]: a pin's spring acts on it so
    const std::vector<BodySpec>& bodies = model->spec().bodies;
    const int p = parent[static_cast<std::size_t>(body)];
    return bodies[static_cast<std::size_t>(body)].theta - (p < 0 ? 0.0 : bodies[static_cast<std::size_t>(p)].theta);
  }
  Quat rel = quaternionFromRotation(relative(body));
  if (rel[0] < 0.0) rel = -rel;
  return 2.0 * std::atan2(rel.tail<3>().dot(axisOf(body)), rel[0]);
}

Vec3 ExportFrames::axisOf(int body) const {
  const HingeSpec& h = model->spec().hinges[static_cast<std::size_t>(hinge[static_cast<std::size_t>(body)])];
  return h.type == HingeType::Pin || (model->planar() && h.type != HingeType::Slider) ? Vec3::UnitZ() : Vec3(h.axis.normalized());
}

ExportFrames exportFrames(const ModelSpec& spec, const std::string& format) {
  for (const Diagnostic& d : validate(spec))
    if (d.severity == Severity::Error) throw Error(ErrorKind::Input, "export to " + format + ": the model has errors; the first: " + d.message);
  ExportFrames f;
  f.model = compile(spec);
  const Model& m = *f.model;
  const Eigen::VectorXd y = initialState(m);
  std::vector<BodyPose> poses;
  computePoses(m, y, poses);
  const std::size_t n = spec.bodies.size();
  f.rotation.resize(n);
  f.origin.resize(n);
  f.output.resize(n);
  f.parent.assign(n, -1);
  f.hinge.assign(n, -1);
  f.children.resize(n);
  for (int i = m.bodyCount() - 1; i >= 0; --i) {  // processing order ends with the roots: walk it backwards, parents first
    const CompiledBody& b = m.body(i);
    const auto s = static_cast<std::size_t>(b.specIndex);
    f.rotation[s] = bodyRotation(m, y, i);
    f.origin[s] = specPointToWorld(m, poses, b.specIndex, Vec3::Zero());
    f.output[s] = poses[static_cast<std::size_t>(i)].output;
    f.hinge[s] = m.hinge(i).specIndex;
    if (b.parent >= 0) {
      f.parent[s] = m.body(b.parent).specIndex;
      f.children[static_cast<std::size_t>(f.parent[s])].push_back(b.specIndex);
    } else {
      f.roots.push_back(b.specIndex);
    }
  }
  for (const CompiledCut& c : m.cuts()) f.cuts.push_back(c.specIndex);
  return f;
}

std::string exactNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value == 0.0 ? 0.0 : value);  // no "-0"
  return text;
}

std::string exactTriple(const Vec3& v) { return exactNumber(v.x()) + " " + exactNumber(v.y()) + " " + exactNumber(v.z()); }

}  // namespace mstmm
