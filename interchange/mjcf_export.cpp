// MJCF export (interchange/model_export.hpp, docs/interchange.md I6).

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <sstream>

#include "core/error.hpp"
#include "core/io/xml_text.hpp"
#include "core/message_text.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/massless_frames.hpp"
#include "core/model/validation.hpp"
#include "interchange/export_frames.hpp"
#include "interchange/export_notes.hpp"
#include "interchange/model_export.hpp"

namespace mstmm {

namespace {

std::string quatText(const Mat3& r) {
  const Quat q = quaternionFromRotation(r);
  return exactNumber(q[0]) + " " + exactNumber(q[1]) + " " + exactNumber(q[2]) + " " + exactNumber(q[3]);
}

class MjcfWriter {
 public:
  MjcfWriter(const ExportFrames& frames, ExportResult& out) : m_f(frames), m_spec(frames.model->spec()), m_out(out) {}

  void run() {
    std::ostringstream head;
    head << "<mujoco model=\"" << xmlEscaped(m_spec.name) << "\">\n"
         << "  <!-- Written by MSTMM Studio (docs/interchange.md). Angles in radians; inertias from <inertial>, not from the geoms,\n"
         << "       which are for display only and do not collide. Each joint's ref is its coordinate at the model's initial state. -->\n"
         << "  <compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n"
         << "  <option gravity=\"" << exactTriple(m_spec.gravity) << "\" timestep=\"" << exactNumber(m_spec.simulation.timeStep) << "\" integrator=\"RK4\"/>\n";
    m_body << "  <worldbody>\n";
    findFolded();
    for (int root : m_f.roots) writeTree(root);
    m_body << "  </worldbody>\n";
    writeCuts();
    m_text << head.str();
    if (!m_assets.str().empty()) m_text << "  <asset>\n" << m_assets.str() << "  </asset>\n";
    m_text << m_body.str();
    if (!m_equality.str().empty()) m_text << "  <equality>\n" << m_equality.str() << "  </equality>\n";
    if (!m_actuators.str().empty()) m_text << "  <actuator>\n" << m_actuators.str() << "  </actuator>\n";
    m_text << "</mujoco>\n";
    m_out.text = m_text.str();
    noteModelLevelLosses(m_spec, "MJCF", m_out.notWritten);
  }

 private:
  // Indentation shows the nesting up to a depth a reader can follow; deeper
  // it stays put, so a long chain's file grows with N, not N^2.
  static std::string pad(int depth) { return std::string(static_cast<std::size_t>(2 * std::min(depth, 24)), ' '); }
  void note(std::string what) { m_out.notWritten.push_back(std::move(what)); }

  /// The bodies nested along the tree, with a stack of its own (a chain
  /// may be longer than the call stack is deep): a negative entry closes
  /// body -1 - entry.
  void writeTree(int root) {
    std::vector<std::pair<int, int>> pending{{root, 2}};  // body (or closing), depth
    while (!pending.empty()) {
      const auto [b, depth] = pending.back();
      pending.pop_back();
      if (b < 0) {
        m_body << pad(depth) << "</body>\n";
        continue;
      }
      const std::vector<int>& children = m_f.children[static_cast<std::size_t>(b)];
      if (folded(b)) {  // its joint goes into its child's body (foldedChain)
        pending.emplace_back(children.front(), depth);
        continue;
      }
      openBody(b, depth);
      pending.emplace_back(-1 - b, depth);
      for (auto it = children.rbegin(); it != children.rend(); ++it) pending.emplace_back(*it, depth + 1);
    }
  }

  // A massless frame between two joints (equations.md §3.9) is not a body
  // in MJCF: MuJoCo refuses moving bodies without mass, and applies several
  // joints of one body in order, which is what the frame stands for. One
  // with a single child, no visuals, no body loads and no loop is folded:
  // its joint is written into the child's body, before the child's own.
  // Decided once per body (findFolded), read for each body and its chain.
  bool folded(int b) const { return m_folded[static_cast<std::size_t>(b)]; }

  void findFolded() {
    std::vector<bool> inLoop(m_spec.bodies.size(), false);
    for (int k : m_f.cuts) {
      const HingeSpec& cut = m_spec.hinges[static_cast<std::size_t>(k)];
      inLoop[static_cast<std::size_t>(m_spec.bodyIndex(cut.child))] = true;
      if (cut.parent) inLoop[static_cast<std::size_t>(m_spec.bodyIndex(*cut.parent))] = true;
    }
    m_folded.assign(m_spec.bodies.size(), false);
    for (std::size_t b = 0; b < m_spec.bodies.size(); ++b) {
      const BodySpec& body = m_spec.bodies[b];
      if (!isMassless(body.shape) || !body.visuals.empty() || !body.loads.empty() || m_f.children[b].size() != 1 || inLoop[b]) continue;
      const HingeType type = m_spec.hinges[static_cast<std::size_t>(m_f.hinge[b])].type;
      m_folded[b] = type == HingeType::Revolute || type == HingeType::Pin || type == HingeType::Slider || type == HingeType::Ball;
    }
  }

  /// The folded frames above body b, the first one first.
  std::vector<int> foldedChain(int b) const {
    std::vector<int> chain;
    for (int p = m_f.parent[static_cast<std::size_t>(b)]; p >= 0 && folded(p); p = m_f.parent[static_cast<std::size_t>(p)]) chain.push_back(p);
    std::reverse(chain.begin(), chain.end());
    return chain;
  }

  void openBody(int b, int depth) {
    const BodySpec& body = m_spec.bodies[static_cast<std::size_t>(b)];
    if (isMassless(body.shape))
      throw Error(ErrorKind::Input, "body '" + body.name + "': MJCF cannot hold this massless body (MuJoCo refuses moving bodies without mass); a massless frame is written into its child's joints only when it has one child, no visuals, no loads and no loop, and its hinge is a revolute, slider or ball");
    const std::vector<int> chain = foldedChain(b);
    const int p = chain.empty() ? m_f.parent[static_cast<std::size_t>(b)] : m_f.parent[static_cast<std::size_t>(chain.front())];
    const Mat3 parentRotation = p < 0 ? Mat3::Identity() : m_f.rotation[static_cast<std::size_t>(p)];
    const Vec3 parentOrigin = p < 0 ? Vec3::Zero() : m_f.origin[static_cast<std::size_t>(p)];
    const Vec3 pos = parentRotation.transpose() * (m_f.origin[static_cast<std::size_t>(b)] - parentOrigin);
    m_body << pad(depth) << "<body name=\"" << xmlEscaped(body.name) << "\" pos=\"" << exactTriple(pos) << "\" quat=\"" << quatText(parentRotation.transpose() * m_f.rotation[static_cast<std::size_t>(b)]) << "\">\n";
    writeInertial(b, depth + 1);
    checkJointOrder(chain, b);
    for (int frame : chain) writeJoints(frame, b, depth + 1);
    writeJoints(b, b, depth + 1);
    writeVisuals(body, depth + 1);
  }

  // MuJoCo takes principal moments and their axes (its own diagonalisation
  // of fullinertia is only good to about 1e-6 rad), each larger than 0.
  void writeInertial(int b, int depth) {
    const CompiledBody& c = m_f.model->body(m_f.model->compiledIndexOfSpecBody(b));
    const BodySpec& body = m_spec.bodies[static_cast<std::size_t>(b)];
    const Vec3 com = c.com + body.inputs.front();  // compiled frame (origin I_1) -> the spec frame
    Eigen::SelfAdjointEigenSolver<Mat3> eigen(c.inertiaAtCom);
    Vec3 moments = eigen.eigenvalues();
    Mat3 axes = eigen.eigenvectors();
    if (axes.determinant() < 0.0) axes.col(2) = -axes.col(2);
    const double floor = 1e-12 * std::max(moments.maxCoeff(), c.mass);
    if (moments.minCoeff() < floor) {
      note("body '" + body.name + "': a principal moment of inertia of " + formatNumber(moments.minCoeff()) + " kg m^2 is written as " + formatNumber(floor) +
           " (MuJoCo needs every one positive)");
      moments = moments.cwiseMax(floor);
    }
    m_body << pad(depth) << "<inertial pos=\"" << exactTriple(com) << "\" quat=\"" << quatText(axes) << "\" mass=\"" << exactNumber(c.mass) << "\" diaginertia=\""
           << exactTriple(moments) << "\"/>\n";
  }

  // One MJCF joint per coordinate, at the body's O, in the order the
  // import reads them back (docs/interchange.md I2): a universal hinge's
  // two hinges, a cylindrical hinge's hinge and slide, a free hinge's slides
  // then its ball. Axes in the body's frame: A^T A_parent times the
  // parent-frame axis.
  //
  // The hinge at body b's O is written into the body of `carrier` (b
  // itself, or the child a folded frame b is written into): its point and
  // axes in the carrier's frame at the initial state, MuJoCo's qpos0, where
  // MuJoCo's frames between the joints coincide with the body's.
  void writeJoints(int b, int carrier, int depth) {
    const HingeSpec& h = m_spec.hinges[static_cast<std::size_t>(m_f.hinge[static_cast<std::size_t>(b)])];
    const auto c = static_cast<std::size_t>(carrier);
    const int p = m_f.parent[static_cast<std::size_t>(b)];
    const Mat3 toBody = m_f.rotation[c].transpose() * (p < 0 ? Mat3::Identity() : m_f.rotation[static_cast<std::size_t>(p)]);
    const std::string at = exactTriple(carrier == b ? m_spec.bodies[static_cast<std::size_t>(b)].output
                                                    : Vec3(m_f.rotation[c].transpose() * (m_f.output[static_cast<std::size_t>(b)] - m_f.origin[c])));
    const std::string name = xmlEscaped(h.name);
    auto joint = [&](const std::string& jointName, const char* type, const Vec3& axis, double ref, const HingeLoadsSpec* loads, const std::string& what) {
      m_body << pad(depth) << "<joint name=\"" << jointName << "\" type=\"" << type << "\" pos=\"" << at << "\"";
      if (std::string(type) != "ball") m_body << " axis=\"" << exactTriple(axis.normalized()) << "\" ref=\"" << exactNumber(ref) << "\"";
      if (loads) writeJointLoads(*loads, jointName, what, std::string(type) == "ball");
      m_body << "/>\n";
    };
    // One MuJoCo joint for a hinge of one coordinate, asked of its joint model.
    const JointShape& shape = jointModel(h.type).in(m_spec.kind);
    const std::string what = "hinge '" + h.name + "'";
    if (shape.dof == 0) return;
    if (shape.dof == 1 && (shape.coordinate == JointCoordinate::PlanarAngle || shape.coordinate == JointCoordinate::AxisAngle))
      return joint(name, "hinge", toBody * m_f.axisOf(b), m_f.initialAngle(b), &h.loads, what);
    if (shape.dof == 1 && shape.coordinate == JointCoordinate::Slide) return joint(name, "slide", toBody * h.axis, h.slide, &h.loads, what);
    if (shape.coordinate == JointCoordinate::Rotation) return joint(name, "ball", Vec3::UnitZ(), 0.0, &h.loads, what);
    if (shape.coordinate == JointCoordinate::ScrewAngle)
      throw Error(ErrorKind::Input, what + ": MJCF has no screw joint (MuJoCo's joints turn or slide, not both); a screw cannot be exported");
    // Hinges of several coordinates as a chain of MuJoCo joints, one per coordinate.
    if (h.type == HingeType::Cylindrical) {
      joint(name + "_angle", "hinge", toBody * h.axis, m_f.initialAngle(b), loadsOf(h, "angle"), what + " angle");
      joint(name + "_slide", "slide", toBody * h.axis, h.slide, loadsOf(h, "slide"), what + " slide");
    } else if (h.type == HingeType::Universal) {
      // MuJoCo turns a body by its quat, then by each joint in turn about
      // its axis in the body's frame; with the first axis written as
      // A^T A_parent a1 this is Rot(a1, angle1) Rot(a2, angle2) for every
      // initial pair of angles.
      double angle1 = 0.0, angle2 = 0.0;
      universalAngles(quaternionFromRotation(m_f.relative(b)), h.axis.normalized(), h.axis2.normalized(), angle1, angle2);
      joint(name + "_angle1", "hinge", toBody * h.axis, angle1, loadsOf(h, "angle1"), what + " angle1");
      joint(name + "_angle2", "hinge", h.axis2, angle2, loadsOf(h, "angle2"), what + " angle2");
    } else if (h.type == HingeType::Free) {
      writeFreeJoint(h, b, depth, name, toBody, joint);
    } else {
      throw Error(ErrorKind::Input, what + ": " + toString(h.type) + " hinges are not exported to MJCF yet");
    }
  }

  // A free hinge: a freejoint for a floating root; else a slide per axis
  // and a ball (a planar model's: x, y and the angle about z).
  template <class Joint>
  void writeFreeJoint(const HingeSpec& h, int b, int depth, const std::string& name, const Mat3& toBody, const Joint& joint) {
    if (m_spec.kind == ModelKind::Planar) {  // x, y and the angle about z: two slides and a hinge
      for (int k = 0; k < 2; ++k)
        joint(name + "_" + "xy"[k], "slide", toBody * Vec3::Unit(k), h.translation[k], loadsOf(h, std::string(1, "xy"[k])), "hinge '" + h.name + "' " + "xy"[k]);
      joint(name + "_angle", "hinge", Vec3::UnitZ(), m_f.initialAngle(b), loadsOf(h, "angle"), "hinge '" + h.name + "' angle");
      return;
    }
    if (m_f.parent[static_cast<std::size_t>(b)] < 0) {
      if (h.hasLoads()) note("hinge '" + h.name + "': the loads on a free-floating root are not written");
      m_body << pad(depth) << "<freejoint name=\"" << name << "\"/>\n";
      return;
    }
    for (int k = 0; k < 3; ++k)
      joint(name + "_" + "xyz"[k], "slide", toBody * Vec3::Unit(k), h.translation[k], loadsOf(h, std::string(1, "xyz"[k])), "hinge '" + h.name + "' " + "xyz"[k]);
    joint(name + "_rotation", "ball", Vec3::UnitZ(), 0.0, loadsOf(h, "rotation"), "hinge '" + h.name + "' rotation");
  }

  // MuJoCo refuses a rotation after a ball on one body ("ball followed by
  // rotation"): a chain that needs one is named.
  void checkJointOrder(const std::vector<int>& chain, int b) const {
    std::vector<int> all = chain;
    all.push_back(b);
    const HingeSpec* ball = nullptr;
    for (int k : all) {
      const HingeSpec& h = m_spec.hinges[static_cast<std::size_t>(m_f.hinge[static_cast<std::size_t>(k)])];
      const bool turns = h.type != HingeType::Slider && h.type != HingeType::Weld;
      if (ball && turns)
        throw Error(ErrorKind::Input, "hinge '" + h.name + "': MJCF cannot hold it after ball hinge '" + ball->name + "' with only massless frames between them (MuJoCo refuses a rotation after a ball on one body); give a frame between them mass, or put the ball last");
      if (h.type == HingeType::Ball || h.type == HingeType::Free) ball = &h;
    }
  }

  static const HingeLoadsSpec* loadsOf(const HingeSpec& h, const std::string& coordinate) {
    for (const CoordinateLoadsSpec& c : h.coordinateLoads)
      if (c.coordinate == coordinate) return &c.loads;
    return nullptr;
  }

  // Stiffness about springref and damping; stops as a range (MuJoCo's
  // limits are soft constraints, not our stiff springs); a force actuator
  // as a motor of gear 1, so that MuJoCo's control is the load.
  void writeJointLoads(const HingeLoadsSpec& loads, const std::string& joint, const std::string& what, bool ball) {
    if (const auto& s = loads.spring) {
      if (ball) {
        if (s->stiffness != 0.0) note(what + ": the stiffness of a ball's spring is not written");
      } else {
        m_body << " stiffness=\"" << exactNumber(s->stiffness) << "\" springref=\"" << exactNumber(s->rest) << "\"";
      }
      m_body << " damping=\"" << exactNumber(s->damping) << "\"";
      if (!s->characteristic.empty()) note(what + ": its spring's characteristic is not written (MJCF's joint springs are linear); its linear stiffness is");
    }
    if (const auto& stops = loads.stops) {
      if (stops->lower && stops->upper) {
        m_body << " limited=\"true\" range=\"" << exactNumber(*stops->lower) << " " << exactNumber(*stops->upper) << "\"";
        note(what + ": its stops are written as a range (MuJoCo's limits are soft constraints, not stiff springs)");
      } else {
        note(what + ": a stop on one side only is not written (an MJCF range has two)");
      }
    }
    // A ball's armature acts on the rotation rate in the child's axes, as MuJoCo's (equations.md §3.8).
    if (loads.armature != 0.0) m_body << " armature=\"" << exactNumber(loads.armature) << "\"";
    if (const auto& a = loads.actuator) writeActuator(*a, joint, what);
    if (loads.motion) note(what + ": its prescribed motion is not written (MJCF drives joints through actuators)");
  }

  // A force actuator as a motor of gear 1 (MuJoCo's control is the load); a
  // servo kp (r - q) + kd (r' - q') as a general actuator with an affine
  // bias, force = ctrl - kp q - kd q', whose control is kp r + kd r'. The
  // functions of time are MuJoCo's control input, not part of the file.
  void writeActuator(const HingeActuatorSpec& a, const std::string& joint, const std::string& what) {
    const bool servo = a.kind == ActuatorKind::Servo;
    m_actuators << "    <" << (servo ? "general" : "motor") << " name=\"" << joint << " actuator\" joint=\"" << joint << "\" gear=\"1\"";
    if (servo) m_actuators << " gainprm=\"1\" biastype=\"affine\" biasprm=\"0 " << exactNumber(-a.kp) << " " << exactNumber(-a.kd) << "\"";
    if (a.maxLoad) {
      const std::string range = exactNumber(-*a.maxLoad) + " " + exactNumber(*a.maxLoad);
      m_actuators << (servo ? " forcelimited=\"true\" forcerange=\"" : " ctrllimited=\"true\" ctrlrange=\"") << range << "\"";
    }
    m_actuators << "/>\n";
    note(what + (servo ? ": its servo is written as a general actuator (kp, kd in its bias) whose control is kp r + kd r'; the reference r(t) is not written"
                       : ": its actuator is written as a motor of gear 1; its load as a function of time is not (MuJoCo's control input drives the motor)"));
  }

  void writeVisuals(const BodySpec& body, int depth) {
    for (const VisualSpec& v : body.visuals) {
      m_body << pad(depth) << "<geom contype=\"0\" conaffinity=\"0\" pos=\"" << exactTriple(v.position) << "\" quat=\"" << quatText(rotationFromQuaternion(v.orientation)) << "\"";
      switch (v.type) {
        case VisualType::Box: m_body << " type=\"box\" size=\"" << exactTriple(0.5 * v.size) << "\""; break;
        case VisualType::Cylinder: m_body << " type=\"cylinder\" size=\"" << exactNumber(v.radius) << " " << exactNumber(0.5 * v.length) << "\""; break;
        case VisualType::Sphere: m_body << " type=\"sphere\" size=\"" << exactNumber(v.radius) << "\""; break;
        case VisualType::Mesh: {
          const std::string mesh = "mesh" + std::to_string(m_meshes++);
          m_assets << "    <mesh name=\"" << mesh << "\" file=\"" << xmlEscaped(v.mesh) << "\" scale=\"" << exactTriple(v.scale) << "\"/>\n";
          m_body << " type=\"mesh\" mesh=\"" << mesh << "\"";
          break;
        }
      }
      if (v.colour) m_body << " rgba=\"" << exactTriple(*v.colour) << " 1\"";
      m_body << "/>\n";
    }
  }

  // A ball hinge that closes a loop is a connect constraint at its tip-side
  // point; a weld, a weld constraint. Both are soft in MuJoCo.
  void writeCuts() {
    for (int k : m_f.cuts) {
      const HingeSpec& h = m_spec.hinges[static_cast<std::size_t>(k)];
      const BodySpec& tip = m_spec.bodies[static_cast<std::size_t>(m_spec.bodyIndex(h.child))];
      const Vec3 point = h.atChildOutput() ? tip.output : tip.inputs[static_cast<std::size_t>(h.childEnd)];
      const std::string other = h.parent ? " body2=\"" + xmlEscaped(m_spec.bodies[static_cast<std::size_t>(m_spec.bodyIndex(*h.parent))].name) + "\"" : std::string();
      if (h.type == HingeType::Ball) {
        m_equality << "    <connect name=\"" << xmlEscaped(h.name) << "\" body1=\"" << xmlEscaped(tip.name) << "\"" << other << " anchor=\"" << exactTriple(point) << "\"/>\n";
        note("hinge '" + h.name + "': closes a loop; written as a connect constraint, which MuJoCo keeps softly");
      } else if (h.type == HingeType::Weld) {
        m_equality << "    <weld name=\"" << xmlEscaped(h.name) << "\" body1=\"" << xmlEscaped(tip.name) << "\"" << other << "/>\n";
        note("hinge '" + h.name + "': closes a loop; written as a weld constraint, which MuJoCo keeps softly");
      } else {
        note("hinge '" + h.name + "': a " + std::string(toString(h.type)) + " hinge that closes a loop is not written (MJCF closes loops with connect and weld constraints only)");
      }
      if (h.hasLoads()) note("hinge '" + h.name + "': the loads of a hinge that closes a loop are not written");
    }
  }

  const ExportFrames& m_f;
  const ModelSpec& m_spec;
  ExportResult& m_out;
  std::ostringstream m_text, m_body, m_assets, m_equality, m_actuators;
  std::vector<bool> m_folded;  // per spec body: a massless frame written into its child's body
  int m_meshes = 0;
};

}  // namespace

ExportResult exportMjcf(const ModelSpec& spec) {
  const ExportFrames frames = exportFrames(spec, "MJCF");
  ExportResult out;
  MjcfWriter(frames, out).run();
  return out;
}

}  // namespace mstmm
