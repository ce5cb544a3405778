#include "core/analysis/linear_io.hpp"

#include <array>

#include "core/analysis/hinge_load_output.hpp"
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
Eigen::Matrix<double, 6, 1> bodyWrench(const Linearisation& lin, int body, int component) {
  std::vector<BodyPose> poses;
  computePoses(lin.chart().model(), lin.chart().reference(), poses);
  const Vec3 e = Vec3::Unit(component % 3), c = poses[static_cast<std::size_t>(body)].com;
  Eigen::Matrix<double, 6, 1> w;
  if (component < 3) w << c.cross(e), e;
  else w << e, Vec3::Zero();
  return w;
}

/// The ground's direction for "ground.x|y|z" or "road" (the contact plane's
/// normal), or zero for another name.
Vec3 groundDirection(const Model& model, const std::string& name) {
  static const std::array<const char*, 3> kAxes = {"ground.x", "ground.y", "ground.z"};
  for (int a = 0; a < 3; ++a)
    if (name == kAxes[static_cast<std::size_t>(a)]) {
      if (a == 2 && model.spec().kind == ModelKind::Planar)
        throw Error(ErrorKind::Input, "input 'ground.z': a planar model moves in the x-y plane only; give ground.x or ground.y");
      return Vec3::Unit(a);
    }
  if (name != "road") return Vec3::Zero();
  if (model.spec().contacts.empty())
    throw Error(ErrorKind::Input, std::string("input 'road': the model has no contacts, so no road; give ") +
                                      (model.spec().kind == ModelKind::Planar ? "ground.x or ground.y" : "ground.x, ground.y or ground.z"));
  return model.spec().ground.normal.normalized();
}

/// G e = sum over bodies of m_b V_b^T e: the generalised load of a unit
/// acceleration of every body along e, in one walk from the tips (O(N)).
/// The ground's acceleration a e acts on the relative motion as gravity
/// -a e would (equations.md §10.8).
Eigen::VectorXd groundLoad(const Linearisation& lin, const Vec3& e) {
  const JointChart& chart = lin.chart();
  const Model& model = chart.model();
  std::vector<BodyPose> poses;
  computePoses(model, chart.reference(), poses);
  std::vector<Eigen::Matrix<double, 6, 1>> wrench(static_cast<std::size_t>(model.bodyCount()), Eigen::Matrix<double, 6, 1>::Zero());
  Eigen::VectorXd q(chart.coordinates());
  for (int b = 0; b < model.bodyCount(); ++b) {  // tips first
    const auto s = static_cast<std::size_t>(b);
    const Vec3 f = model.body(b).mass * e;
    wrench[s].head<3>() += poses[s].com.cross(f);
    wrench[s].tail<3>() += f;
    q.segment(chart.firstOf(b), model.hinge(b).dof) = chart.motionSubspace(b, poses).transpose() * wrench[s];
    if (model.body(b).parent >= 0) wrench[static_cast<std::size_t>(model.body(b).parent)] += wrench[s];
  }
  return lin.toMinimal(q);
}

/// The body whose output hinge is HINGE in "HINGE.fx" .. "HINGE.mz", and the component, or -1.
int hingeLoadComponent(const Model& model, const std::string& name, int& body) {
  static const std::array<const char*, 6> kLoads = {"fx", "fy", "fz", "mx", "my", "mz"};
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos) return -1;
  body = -1;
  for (int b = 0; b < model.bodyCount() && body < 0; ++b)
    if (model.hinge(b).name == name.substr(0, dot)) body = b;
  if (body < 0) return -1;
  for (int c = 0; c < 6; ++c)
    if (name.substr(dot + 1) == kLoads[static_cast<std::size_t>(c)]) return c;
  return -1;
}

}  // namespace

LinearChannel linearInput(const Linearisation& lin, const std::string& name) {
  static const std::array<const char*, 6> kLoads = {"fx", "fy", "fz", "mx", "my", "mz"};
  LinearChannel out;
  out.name = name;
  const bool groundName = name == "road" || name == "ground.x" || name == "ground.y" || name == "ground.z";
  if (groundName && hingeCoordinate(lin, name) >= 0)
    throw Error(ErrorKind::Input, "'" + name + "' names both the ground's motion and a hinge coordinate: write hinge:" + name + " for the hinge");
  if (const Vec3 e = groundName ? groundDirection(lin.chart().model(), name) : Vec3::Zero(); e.squaredNorm() > 0.0) {
    out.unit = "m";
    out.ground = e;
    out.vector = groundLoad(lin, e);
    return out;
  }
  const Parsed p = parse(name);
  const int k = p.forced == 2 ? -1 : hingeCoordinate(lin, p.element);
  int body = -1;
  const int c = p.forced == 1 ? -1 : bodyComponent(lin.chart().model(), p.element, kLoads, body);
  if (k >= 0 && c >= 0) throwAmbiguous(p.element);
  if (k >= 0) {
    out.unit = lin.chart().isSlide(k) ? "N" : "N m";
    out.vector = lin.toMinimal(Eigen::VectorXd::Unit(lin.chart().coordinates(), k));  // T^T e_k
    return out;
  }
  if (c < 0)
    throwUnknown("input", name,
                 "a hinge name (HINGE, or HINGE.COORD for a hinge with several coordinates), BODY.fx, .fy, .fz, .mx, .my, .mz, or ground.x, "
                 ".y, .z or road (base excitation)");
  // A load's generalised force is the transpose of the velocity Jacobian of
  // where it acts (the virtual work f . dr_C + m . dphi).
  out.unit = c < 3 ? "N" : "N m";
  out.body = body;
  out.wrench = bodyWrench(lin, body, c);
  out.vector = bodyVector(lin, body, out.wrench);
  return out;
}

LinearChannel linearOutput(Linearisation& lin, const std::string& name) {
  static const std::array<const char*, 6> kMotions = {"x", "y", "z", "rx", "ry", "rz"};
  const Model& model = lin.chart().model();
  const Parsed p = parse(name);
  const int k = p.forced == 2 ? -1 : hingeCoordinate(lin, p.element);
  int body = -1, hinge = -1;
  const int c = p.forced == 1 ? -1 : bodyComponent(model, p.element, kMotions, body);
  const int load = p.forced == 2 ? -1 : hingeLoadComponent(model, p.element, hinge);
  if ((k >= 0 || load >= 0) && c >= 0) throwAmbiguous(p.element);
  LinearChannel out;
  out.name = name;
  if (k >= 0) {
    out.unit = lin.chart().isSlide(k) ? "m" : "rad";
    out.vector = lin.toMinimal(Eigen::VectorXd::Unit(lin.chart().coordinates(), k));  // q_k = T_k z, the row of T
    return out;
  }
  if (load >= 0) {
    out.unit = load < 3 ? "N" : "N m";
    out.read = [reader = std::make_shared<HingeLoadOutput>(lin, hinge, load)](const Eigen::VectorXcd& x, double w, const LinearChannel& input) {
      return (*reader)(x, w, input);
    };
    return out;
  }
  if (c < 0)
    throwUnknown("output", name,
                 "a hinge name (HINGE, or HINGE.COORD), BODY.x, .y, .z (centre of mass), BODY.rx, .ry, .rz, or HINGE.fx, .fy, .fz, .mx, .my, .mz "
                 "(hinge load)");
  out.unit = c < 3 ? "m" : "rad";
  out.vector = bodyVector(lin, body, bodyWrench(lin, body, c));  // a displacement moves like a velocity
  if (c < 3) out.translation = Vec3::Unit(c);
  return out;
}

std::vector<std::string> linearChannelNames(const ModelSpec& spec, bool input) {
  const bool planar = spec.kind == ModelKind::Planar;
  // In the plane: x, y and the turn about z (components 0, 1 and 5).
  const std::vector<int> components = planar ? std::vector<int>{0, 1, 5} : std::vector<int>{0, 1, 2, 3, 4, 5};
  static const std::array<const char*, 6> kLoads = {"fx", "fy", "fz", "mx", "my", "mz"};
  static const std::array<const char*, 6> kMotions = {"x", "y", "z", "rx", "ry", "rz"};
  std::vector<std::string> names;
  for (const HingeSpec& h : spec.hinges) {
    // As JointChart::coordinateSuffix names them: a ball's (a free
    // rotation's) three small rotations about the world axes.
    std::vector<std::string> coordinates = hingeCoordinateNames(h.type, spec.kind);
    if (h.type == HingeType::Ball && !planar) coordinates = {"rotation"};
    if (coordinates.empty() && h.type != HingeType::Weld) names.push_back(h.name);
    for (const std::string& c : coordinates)
      if (c == "rotation")
        for (const char* r : {"rx", "ry", "rz"}) names.push_back(h.name + "." + r);
      else
        names.push_back(h.name + "." + c);
  }
  if (input) {
    for (const char* axis : planar ? std::vector<const char*>{"x", "y"} : std::vector<const char*>{"x", "y", "z"}) names.push_back(std::string("ground.") + axis);
    if (!spec.contacts.empty()) names.push_back("road");
  }
  for (const BodySpec& b : spec.bodies)
    for (int c : components) names.push_back(b.name + "." + (input ? kLoads : kMotions)[static_cast<std::size_t>(c)]);
  if (!input)
    for (const HingeSpec& h : spec.hinges)
      for (int c : components) names.push_back(h.name + "." + kLoads[static_cast<std::size_t>(c)]);
  return names;
}

Eigen::VectorXcd inputLoad(const LinearChannel& input, double w) {
  const double scale = input.ground.squaredNorm() > 0.0 ? w * w : 1.0;
  return (scale * input.vector).cast<std::complex<double>>();
}

std::complex<double> outputValue(const LinearChannel& output, const LinearChannel& input, const Eigen::VectorXcd& x, double w) {
  if (output.read) return output.read(x, w, input);
  // c^T x without conjugation, and the ground's own motion for an absolute displacement.
  return (output.vector.cast<std::complex<double>>().array() * x.array()).sum() + output.translation.dot(input.ground);
}

}  // namespace mstmm
