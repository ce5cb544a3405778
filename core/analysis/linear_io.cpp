#include "core/analysis/linear_io.hpp"

#include <array>

#include "core/dynamics/kinematics.hpp"
#include "core/error.hpp"

namespace mstmm {

namespace {

/// A name as a message shows it: at most 80 characters, control characters as '?'.
std::string clippedForMessage(const std::string& name) {
  std::string out = name.substr(0, 80);
  for (char& ch : out)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = '?';
  return name.size() > 80 ? out + "..." : out;
}

struct Parsed {
  std::string element;      // hinge or body name
  std::string component;    // after the last '.', or empty
  int forced = 0;           // 1: "hinge:", 2: "body:"
};

Parsed parse(std::string name) {
  Parsed p;
  if (name.rfind("hinge:", 0) == 0) { p.forced = 1; name = name.substr(6); }
  else if (name.rfind("body:", 0) == 0) { p.forced = 2; name = name.substr(5); }
  p.element = name;
  return p;
}

/// The tree coordinate of "HINGE" or "HINGE.COORD", or -1.
int hingeCoordinate(const Linearisation& lin, const std::string& name) {
  const JointChart& chart = lin.chart();
  const Model& model = chart.model();
  for (int k = 0; k < chart.coordinates(); ++k) {
    const CompiledHinge& h = model.hinge(chart.bodyOf(k));
    if ((h.dof == 1 && name == h.name) || name == h.name + "." + chart.coordinateSuffix(k)) return k;
  }
  return -1;
}

/// A body name and one of the components given, or -1.
int bodyComponent(const Model& model, const std::string& name, const std::array<const char*, 6>& components, int& body) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos) return -1;
  body = model.bodyByName(name.substr(0, dot));
  if (body < 0) return -1;
  for (int c = 0; c < 6; ++c)
    if (name.substr(dot + 1) == components[static_cast<std::size_t>(c)]) return c;
  return -1;
}

[[noreturn]] void throwUnknown(const char* what, const std::string& name, const char* forms) {
  throw Error(ErrorKind::Input, std::string("unknown ") + what + " '" + clippedForMessage(name) + "': give " + forms);
}

[[noreturn]] void throwAmbiguous(const std::string& name) {
  throw Error(ErrorKind::Input, "'" + clippedForMessage(name) + "' names both a hinge coordinate and a body quantity: write hinge:" +
                                    clippedForMessage(name) + " or body:" + clippedForMessage(name));
}

/// The generalised load of a wrench w on `body` (world Plucker at the origin),
/// which is also the row that reads the matching motion of the body from z
/// (reciprocity): S_a^T w for every hinge a between the body and the ground,
/// O(depth), no Jacobian matrices.
Eigen::VectorXd bodyVector(const Linearisation& lin, int body, const Eigen::Matrix<double, 6, 1>& w) {
  const JointChart& chart = lin.chart();
  const Model& model = chart.model();
  std::vector<BodyPose> poses;
  computePoses(model, chart.reference(), poses);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(chart.coordinates());
  for (int a = body; a >= 0; a = model.body(a).parent) q.segment(chart.firstOf(a), model.hinge(a).dof) = chart.motionSubspace(a, poses).transpose() * w;
  return lin.toMinimal(q);
}

/// A force (or displacement) along world axis `component` at the centre of
/// mass, [c x e; e], or a moment (or small rotation) about it, [e; 0].
Eigen::VectorXd bodyChannel(const Linearisation& lin, int body, int component) {
  std::vector<BodyPose> poses;
  computePoses(lin.chart().model(), lin.chart().reference(), poses);
  const Vec3 e = Vec3::Unit(component % 3), c = poses[static_cast<std::size_t>(body)].com;
  Eigen::Matrix<double, 6, 1> w;
  if (component < 3) w << c.cross(e), e;
  else w << e, Vec3::Zero();
  return bodyVector(lin, body, w);
}

}  // namespace

LinearChannel linearInput(const Linearisation& lin, const std::string& name) {
  static const std::array<const char*, 6> kLoads = {"fx", "fy", "fz", "mx", "my", "mz"};
  const Parsed p = parse(name);
  const int k = p.forced == 2 ? -1 : hingeCoordinate(lin, p.element);
  int body = -1;
  const int c = p.forced == 1 ? -1 : bodyComponent(lin.chart().model(), p.element, kLoads, body);
  if (k >= 0 && c >= 0) throwAmbiguous(p.element);
  LinearChannel out;
  out.name = name;
  if (k >= 0) {
    out.unit = lin.chart().isSlide(k) ? "N" : "N m";
    out.vector = lin.toMinimal(Eigen::VectorXd::Unit(lin.chart().coordinates(), k));  // T^T e_k
    return out;
  }
  if (c < 0) throwUnknown("input", name, "a hinge name (HINGE, or HINGE.COORD for a hinge with several coordinates) or BODY.fx, .fy, .fz, .mx, .my, .mz");
  // A load's generalised force is the transpose of the velocity Jacobian of
  // where it acts (the virtual work f . dr_C + m . dphi).
  out.unit = c < 3 ? "N" : "N m";
  out.vector = bodyChannel(lin, body, c);
  return out;
}

LinearChannel linearOutput(const Linearisation& lin, const std::string& name) {
  static const std::array<const char*, 6> kMotions = {"x", "y", "z", "rx", "ry", "rz"};
  const Parsed p = parse(name);
  const int k = p.forced == 2 ? -1 : hingeCoordinate(lin, p.element);
  int body = -1;
  const int c = p.forced == 1 ? -1 : bodyComponent(lin.chart().model(), p.element, kMotions, body);
  if (k >= 0 && c >= 0) throwAmbiguous(p.element);
  LinearChannel out;
  out.name = name;
  if (k >= 0) {
    out.unit = lin.chart().isSlide(k) ? "m" : "rad";
    out.vector = lin.toMinimal(Eigen::VectorXd::Unit(lin.chart().coordinates(), k));  // q_k = T_k z, the row of T
    return out;
  }
  if (c < 0) throwUnknown("output", name, "a hinge name (HINGE, or HINGE.COORD) or BODY.x, .y, .z (centre of mass) or BODY.rx, .ry, .rz");
  out.unit = c < 3 ? "m" : "rad";
  out.vector = bodyChannel(lin, body, c);  // a displacement moves like a velocity
  return out;
}

}  // namespace mstmm
