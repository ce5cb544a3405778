// URDF export (interchange/model_export.hpp, docs/interchange.md I6).

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
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

/// URDF's roll, pitch, yaw of a rotation R = Rz(yaw) Ry(pitch) Rx(roll).
Vec3 rollPitchYaw(const Mat3& r) {
  const double pitch = std::asin(std::clamp(-r(2, 0), -1.0, 1.0));
  if (std::abs(r(2, 0)) > 1.0 - 1e-12) return Vec3(0.0, pitch, std::atan2(-r(0, 1), r(1, 1)));  // gimbal lock: roll folded into yaw
  return Vec3(std::atan2(r(2, 1), r(2, 2)), pitch, std::atan2(r(1, 0), r(0, 0)));
}

std::string origin(const Vec3& xyz, const Mat3& rotation) {
  return "<origin xyz=\"" + exactTriple(xyz) + "\" rpy=\"" + exactTriple(rollPitchYaw(rotation)) + "\"/>";
}

constexpr const char* kWorld = "world";
constexpr double kNoLimit = 1e9;  // URDF's prismatic joints need limits

class UrdfWriter {
 public:
  UrdfWriter(const ExportFrames& frames, ExportResult& out) : m_f(frames), m_spec(frames.model->spec()), m_out(out) {}

  void run() {
    for (const BodySpec& b : m_spec.bodies)
      if (b.name == kWorld) throw Error(ErrorKind::Input, "body 'world': the name is URDF's ground link here; rename the body to export");
    m_text << "<robot name=\"" << xmlEscaped(m_spec.name) << "\">\n"
           << "  <!-- Written by MSTMM Studio (docs/interchange.md). Each link's frame is at its body's output end O; the model's initial\n"
           << "       configuration is URDF's zero configuration. Gravity (" << exactTriple(m_spec.gravity) << ") is not part of URDF. -->\n"
           << "  <link name=\"" << kWorld << "\"/>\n";
    for (int root : m_f.roots) writeSubtree(root);
    for (int k : m_f.cuts)
      note("hinge '" + m_spec.hinges[static_cast<std::size_t>(k)].name + "': closes a loop and is not written (URDF describes trees only)");
    m_text << "</robot>\n";
    m_out.text = m_text.str();
    if (m_spec.gravity != Vec3(0.0, 0.0, -9.81))
      note("gravity (" + formatNumber(m_spec.gravity.x()) + ", " + formatNumber(m_spec.gravity.y()) + ", " + formatNumber(m_spec.gravity.z()) +
           ") m/s^2 is not written: URDF holds none, and its readers take 9.81 m/s^2 along -z");
    noteModelLevelLosses(m_spec, "URDF", m_out.notWritten);
  }

 private:
  void note(std::string what) { m_out.notWritten.push_back(std::move(what)); }
  const Vec3& outputOf(int b) const { return m_spec.bodies[static_cast<std::size_t>(b)].output; }

  /// Parents before children, with a stack of its own (a chain may be
  /// longer than the call stack is deep).
  void writeSubtree(int root) {
    std::vector<int> pending{root};
    while (!pending.empty()) {
      const int b = pending.back();
      pending.pop_back();
      writeLink(b);
      writeJoint(b);
      const std::vector<int>& children = m_f.children[static_cast<std::size_t>(b)];
      pending.insert(pending.end(), children.rbegin(), children.rend());
    }
  }

  // Mass properties about the centre of mass in the link's axes (the
  // body's), so no rotation: URDF takes the full tensor.
  void writeLink(int b) {
    const BodySpec& body = m_spec.bodies[static_cast<std::size_t>(b)];
    const CompiledBody& c = m_f.model->body(m_f.model->compiledIndexOfSpecBody(b));
    m_text << "  <link name=\"" << xmlEscaped(body.name) << "\">\n";
    if (!isMassless(body.shape)) {  // a massless frame (equations.md §3.9) is a link without <inertial>, as URDF writes them
      const Vec3 com = c.com + body.inputs.front() - body.output;
      const Mat3 j = positiveInertia(body.name, c.inertiaAtCom, c.mass);
      m_text << "    <inertial>" << origin(com, Mat3::Identity()) << "<mass value=\"" << exactNumber(c.mass) << "\"/>"
             << "<inertia ixx=\"" << exactNumber(j(0, 0)) << "\" ixy=\"" << exactNumber(j(0, 1)) << "\" ixz=\"" << exactNumber(j(0, 2)) << "\" iyy=\"" << exactNumber(j(1, 1))
             << "\" iyz=\"" << exactNumber(j(1, 2)) << "\" izz=\"" << exactNumber(j(2, 2)) << "\"/></inertial>\n";
    }
    for (const VisualSpec& v : body.visuals) {
      m_text << "    <visual>" << origin(v.position - body.output, rotationFromQuaternion(v.orientation)) << "<geometry>";
      switch (v.type) {
        case VisualType::Box: m_text << "<box size=\"" << exactTriple(v.size) << "\"/>"; break;
        case VisualType::Cylinder: m_text << "<cylinder radius=\"" << exactNumber(v.radius) << "\" length=\"" << exactNumber(v.length) << "\"/>"; break;
        case VisualType::Sphere: m_text << "<sphere radius=\"" << exactNumber(v.radius) << "\"/>"; break;
        case VisualType::Mesh: m_text << "<mesh filename=\"" << xmlEscaped(v.mesh) << "\" scale=\"" << exactTriple(v.scale) << "\"/>"; break;
      }
      m_text << "</geometry>";
      if (v.colour) m_text << "<material name=\"" << xmlEscaped(body.name) << " " << m_materials++ << "\"><color rgba=\"" << exactTriple(*v.colour) << " 1\"/></material>";
      m_text << "</visual>\n";
    }
    m_text << "  </link>\n";
  }

  /// A zero principal moment (a planar model's slender rod) raised to 1e-12
  /// of the largest: readers of URDF need the tensor positive definite.
  Mat3 positiveInertia(const std::string& body, const Mat3& j, double mass) {
    Eigen::SelfAdjointEigenSolver<Mat3> eigen(j);
    const double floor = 1e-12 * std::max(eigen.eigenvalues().maxCoeff(), mass);
    if (eigen.eigenvalues().minCoeff() >= floor) return j;
    note("body '" + body + "': a principal moment of inertia of " + formatNumber(eigen.eigenvalues().minCoeff()) + " kg m^2 is written as " + formatNumber(floor) +
         " (URDF's readers need every one positive)");
    const Vec3 raised = eigen.eigenvalues().cwiseMax(floor);
    return eigen.eigenvectors() * raised.asDiagonal() * eigen.eigenvectors().transpose();
  }

  void writeJoint(int b) {
    const HingeSpec& h = m_spec.hinges[static_cast<std::size_t>(m_f.hinge[static_cast<std::size_t>(b)])];
    const int p = m_f.parent[static_cast<std::size_t>(b)];
    const Mat3 parentRotation = p < 0 ? Mat3::Identity() : m_f.rotation[static_cast<std::size_t>(p)];
    const Vec3 parentFrame = p < 0 ? Vec3::Zero() : m_f.output[static_cast<std::size_t>(p)];
    const Vec3 xyz = parentRotation.transpose() * (m_f.output[static_cast<std::size_t>(b)] - parentFrame);
    const Vec3 axis = m_f.relative(b).transpose() * m_f.axisOf(b);  // the parent-frame axis in the link's frame
    const char* type = nullptr;
    double q0 = 0.0;
    // URDF's joints are one axis or none: asked of the hinge's joint model.
    const JointShape& shape = jointModel(h.type).in(m_spec.kind);
    const bool turns = shape.dof == 1 && (shape.coordinate == JointCoordinate::PlanarAngle || shape.coordinate == JointCoordinate::AxisAngle);
    if (turns) {
      q0 = m_f.initialAngle(b);
      type = h.loads.stops && h.loads.stops->lower && h.loads.stops->upper ? "revolute" : "continuous";
    } else if (shape.dof == 1 && shape.coordinate == JointCoordinate::Slide) {
      q0 = h.slide;
      type = "prismatic";
    } else if (shape.dof == 0) {
      type = "fixed";
    } else if (h.type == HingeType::Free) {
      type = m_spec.kind == ModelKind::Planar ? "planar" : "floating";  // a planar model's free hinge moves in its plane
      if (h.hasLoads()) note("hinge '" + h.name + "': the loads of a free hinge are not written (URDF's " + type + " joints have none)");
    } else if (shape.coordinate == JointCoordinate::ScrewAngle) {
      throw Error(ErrorKind::Input, "hinge '" + h.name + "': URDF has no screw joint, and neither has MJCF (MuJoCo's joints turn or slide, not both); a screw cannot be exported");
    } else {
      throw Error(ErrorKind::Input, "hinge '" + h.name + "': URDF has no " + std::string(toString(h.type)) +
                                        " joint (it has revolute, continuous, prismatic, fixed and floating ones); export this model to MJCF instead");
    }
    m_text << "  <joint name=\"" << xmlEscaped(h.name) << "\" type=\"" << type << "\">\n"
           << "    <parent link=\"" << xmlEscaped(p < 0 ? std::string(kWorld) : m_spec.bodies[static_cast<std::size_t>(p)].name) << "\"/><child link=\""
           << xmlEscaped(m_spec.bodies[static_cast<std::size_t>(b)].name) << "\"/>\n"
           << "    " << origin(xyz, m_f.relative(b)) << "\n";
    if (turns || std::string(type) == "prismatic") {
      m_text << "    <axis xyz=\"" << exactTriple(axis) << "\"/>\n";
      writeLoads(h, q0);
      if (std::abs(q0) > 0.0)
        note("hinge '" + h.name + "': starts at " + formatNumber(q0) + (std::string(type) == "prismatic" ? " m" : " rad") +
             ", URDF's zero; its limits and spring rest are written less that");
    }
    if (std::string(type) == "planar") m_text << "    <axis xyz=\"0 0 1\"/>\n";
    m_text << "  </joint>\n";
  }

  // Stops as <limit lower upper>, an actuator's limit as its effort, the
  // damper as <dynamics damping>. All relative to the initial coordinate q0.
  void writeLoads(const HingeSpec& h, double q0) {
    const HingeLoadsSpec& loads = h.loads;
    const std::string what = "hinge '" + h.name + "'";
    const double effort = loads.actuator && loads.actuator->maxLoad ? *loads.actuator->maxLoad : 0.0;
    if (loads.actuator) note(what + ": its actuator is written as the joint's effort limit " + formatNumber(effort) + " only (URDF has no actuators)");
    double lower = -kNoLimit, upper = kNoLimit;
    if (loads.stops) {
      if (loads.stops->lower && loads.stops->upper) {
        lower = *loads.stops->lower - q0;
        upper = *loads.stops->upper - q0;
      } else {
        note(what + ": a stop on one side only is not written (URDF's limits have two)");
      }
    } else if (h.type == HingeType::Slider) {
      note(what + ": has no stops; written with limits of +-" + formatNumber(kNoLimit) + " m (URDF's prismatic joints need them)");
    }
    m_text << "    <limit lower=\"" << exactNumber(lower) << "\" upper=\"" << exactNumber(upper) << "\" effort=\"" << exactNumber(effort) << "\" velocity=\"0\"/>\n";
    if (loads.spring) {
      m_text << "    <dynamics damping=\"" << exactNumber(loads.spring->damping) << "\"/>\n";
      if (loads.spring->stiffness != 0.0) note(what + ": its spring (stiffness " + formatNumber(loads.spring->stiffness) + ") is not written (URDF has no joint springs); its damper is");
    }
    if (loads.motion) note(what + ": its prescribed motion is not written");
    if (loads.armature != 0.0) note(what + ": its armature " + formatNumber(loads.armature) + " is not written (URDF has no rotor inertia)");
  }

  const ExportFrames& m_f;
  const ModelSpec& m_spec;
  ExportResult& m_out;
  std::ostringstream m_text;
  int m_materials = 0;
};

}  // namespace

ExportResult exportUrdf(const ModelSpec& spec) {
  const ExportFrames frames = exportFrames(spec, "URDF");
  ExportResult out;
  UrdfWriter(frames, out).run();
  return out;
}

}  // namespace mstmm
