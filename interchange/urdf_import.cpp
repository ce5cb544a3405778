#include "interchange/urdf_import.hpp"

#include <console_bridge/console.h>
#include <tinyxml.h>
#include <urdf_parser/urdf_parser.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <sstream>

#include "core/error.hpp"
#include "core/io/input_bounds.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "interchange/import_contacts.hpp"
#include "interchange/import_stops.hpp"

namespace mstmm {

namespace fs = std::filesystem;

namespace {

/// urdfdom reports through console_bridge; while it parses, its messages
/// are collected here rather than printed, so they reach the user's message.
class MessageCollector : public console_bridge::OutputHandler {
 public:
  MessageCollector() { console_bridge::useOutputHandler(this); }
  ~MessageCollector() override { console_bridge::restorePreviousOutputHandler(); }
  MessageCollector(const MessageCollector&) = delete;
  MessageCollector& operator=(const MessageCollector&) = delete;
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR ? errors : warnings).push_back(text);
  }
  std::vector<std::string> errors, warnings;
};

/// A rigid placement: x_world = rotation x_local + position.
struct Placement {
  Mat3 rotation = Mat3::Identity();
  Vec3 position = Vec3::Zero();
  Placement operator*(const Placement& inner) const { return {rotation * inner.rotation, rotation * inner.position + position}; }
};

Placement placement(const urdf::Pose& pose) {
  const urdf::Rotation& q = pose.rotation;
  return {rotationFromQuaternion(Quat(q.w, q.x, q.y, q.z).normalized()), Vec3(pose.position.x, pose.position.y, pose.position.z)};
}
Vec3 vec3(const urdf::Vector3& v) { return Vec3(v.x, v.y, v.z); }

const char* jointTypeName(int type) {
  switch (type) {
    case urdf::Joint::REVOLUTE: return "revolute";
    case urdf::Joint::CONTINUOUS: return "continuous";
    case urdf::Joint::PRISMATIC: return "prismatic";
    case urdf::Joint::FLOATING: return "floating";
    case urdf::Joint::PLANAR: return "planar";
    case urdf::Joint::FIXED: return "fixed";
    default: return "unknown";
  }
}

bool massless(const urdf::Link& link) { return !link.inertial || !(link.inertial->mass > 0.0); }

/// Elements of the file urdfdom reads but this importer does not take,
/// named with their lines (tinyxml keeps them; urdfdom's model does not).
void noteUntakenElements(const TiXmlElement& robot, bool floatingBase, std::vector<std::string>& notes) {
  auto at = [](const TiXmlElement& e) { return "line " + std::to_string(e.Row()) + ": "; };
  auto nameOf = [](const TiXmlElement& e) {
    const char* n = e.Attribute("name");
    return n ? std::string(" '") + n + "'" : std::string();
  };
  for (const TiXmlElement* e = robot.FirstChildElement(); e; e = e->NextSiblingElement()) {
    const std::string tag = e->ValueStr();
    if (tag == "transmission") notes.push_back(at(*e) + "transmission" + nameOf(*e) + ": transmissions are not imported (actuators come from the joints' effort limits)");
    else if (tag == "gazebo") notes.push_back(at(*e) + "gazebo extension: not imported");
    else if (tag == "link") {
      for (const TiXmlElement* c = e->FirstChildElement("collision"); c && !floatingBase; c = c->NextSiblingElement("collision"))
        notes.push_back(at(*c) + "link" + nameOf(*e) + ": collision geometry is not imported (a fixed base has no ground to touch; with a floating base it presses on the plane z = 0)");
    } else if (tag == "joint") {
      for (const char* child : {"mimic", "safety_controller", "calibration"})
        if (const TiXmlElement* c = e->FirstChildElement(child))
          notes.push_back(at(*c) + "joint" + nameOf(*e) + ": <" + child + "> is not taken" + (std::string(child) == "mimic" ? " (the joint moves on its own)" : ""));
    } else if (tag != "material" && tag != "mujoco") {
      notes.push_back(at(*e) + "<" + tag + ">" + nameOf(*e) + ": not imported");
    }
  }
}

std::string readFile(const std::string& path) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) throw Error(ErrorKind::Input, "'" + path + "': cannot be read (" + ec.message() + ")");
  if (size > kMaxInputFileBytes) throw Error(ErrorKind::Input, "'" + path + "': the file is larger than " + std::to_string(kMaxInputFileBytes >> 20) + " MiB");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw Error(ErrorKind::Input, "'" + path + "': cannot be read");
  return text.str();
}

// Points around each rim of a collision cylinder, and URDF's friction
// coefficient, which the file does not give (MuJoCo's default, 1).
constexpr int kRimPoints = 16;
constexpr double kUrdfFriction = 1.0;

/// Builds the ModelSpec from urdfdom's model, link by link from the root.
class UrdfReader {
 public:
  UrdfReader(const std::string& path, const UrdfOptions& options, ImportResult& out) : m_dir(fs::path(path).parent_path()), m_options(options), m_out(out) {}

  void run(const urdf::ModelInterface& robot) {
    ModelSpec& spec = m_out.spec;
    spec.kind = ModelKind::Spatial;
    spec.gravity = Vec3(0.0, 0.0, -9.81);
    const urdf::Link& root = *robot.getRoot();
    const FixedPath base = massless(root) && m_options.floatingBase ? firstMassiveThroughFixedJoints(root) : FixedPath{};
    if (base.link) {
      addFloatingBase(root, base);
    } else if (massless(root)) {
      m_owner[root.name] = Owner{-1, Placement{}};
      if (!root.visual_array.empty()) note("link '" + root.name + "': has no mass, so it is the ground; its visuals are not shown");
      if (m_options.floatingBase)
        note("link '" + root.name + "': has no mass and no link with mass is fixed to it, so it is the ground, and the floating base does not apply (give the floating link a floating joint from it)");
    } else {
      addBody(root, Placement{});
      const BodyId id = spec.bodies.back().id;
      HingeSpec& h = spec.addHinge(root.name + " to ground", m_options.floatingBase ? HingeType::Free : HingeType::Weld, id, std::nullopt);
      h.anchor = Vec3::Zero();
      if (!m_options.floatingBase) note("link '" + root.name + "': the root link is fixed to the ground (import with a floating base to let it fly)");
    }
    addSubtrees(root);
    summarise();
  }

 private:
  /// The body a link's frame belongs to (-1: the ground) and the link's
  /// placement in the world at the zero configuration.
  struct Owner {
    int body = -1;
    Placement world;
  };

  /// Every link below `root`, parents before children, depth first in the
  /// file's order; with a stack of its own, since a chain may be longer
  /// than the call stack is deep.
  void addSubtrees(const urdf::Link& root) {
    std::vector<const urdf::Link*> pending;
    for (auto it = root.child_links.rbegin(); it != root.child_links.rend(); ++it) pending.push_back(it->get());
    while (!pending.empty()) {
      const urdf::Link& link = *pending.back();
      pending.pop_back();
      addLink(link);
      for (auto it = link.child_links.rbegin(); it != link.child_links.rend(); ++it) pending.push_back(it->get());
    }
  }

  /// The first link with mass that fixed joints hold to `root` through
  /// massless links only (the ROS pattern: a massless base fixed to the
  /// trunk), its placement and the last fixed joint's name; none: null.
  struct FixedPath {
    const urdf::Link* link = nullptr;
    Placement world;
    std::string joint;
  };
  static FixedPath firstMassiveThroughFixedJoints(const urdf::Link& root) {
    std::vector<std::pair<const urdf::Link*, Placement>> pending{{&root, Placement{}}};
    while (!pending.empty()) {
      const auto [link, world] = pending.front();
      pending.erase(pending.begin());
      for (const auto& child : link->child_links) {
        const urdf::Joint& joint = *child->parent_joint;
        if (joint.type != urdf::Joint::FIXED) continue;
        const Placement at = world * placement(joint.parent_to_joint_origin_transform);
        if (!massless(*child)) return {child.get(), at, joint.name};
        pending.emplace_back(child.get(), at);
      }
    }
    return {};
  }

  // A floating base through a massless root: the fixed chain to the first
  // link with mass is merged, so that link floats with a free hinge named
  // after the last fixed joint, and the root and the massless links on the
  // way ride on it (their children hang from it).
  void addFloatingBase(const urdf::Link& root, const FixedPath& base) {
    addBody(*base.link, base.world);
    const int body = static_cast<int>(m_out.spec.bodies.size()) - 1;
    HingeSpec& h = m_out.spec.addHinge(base.joint, HingeType::Free, m_out.spec.bodies.back().id, std::nullopt);
    h.anchor = Vec3::Zero();
    h.translation = base.world.position;  // a floating root: its slides are where its output end is
    m_floating = base.link;
    m_owner[root.name] = Owner{body, Placement{}};
    addVisuals(root, m_owner[root.name]);
    addCollisions(root, m_owner[root.name]);
    note("link '" + root.name + "': has no mass; link '" + base.link->name + "', fixed to it through joint '" + base.joint +
         "', is the floating base, and the massless links between them ride on it");
  }

  void addLink(const urdf::Link& link) {
    if (&link == m_floating) return;  // addFloatingBase made it
    const urdf::Joint& joint = *link.parent_joint;
    const Owner& parent = m_owner.at(joint.parent_link_name);
    const Placement world = parent.world * placement(joint.parent_to_joint_origin_transform);
    if (massless(link) && joint.type != urdf::Joint::FIXED) {
      // A massless frame (equations.md §3.9), the URDF way of putting
      // several joints between two links; the model check names one that
      // carries nothing with mass.
      addBody(link, world);
      addHinge(joint, parent, world);
    } else if (massless(link)) {
      m_owner[link.name] = Owner{parent.body, world};
      addVisuals(link, m_owner[link.name]);
      addCollisions(link, m_owner[link.name]);
      note("link '" + link.name + "': has no mass, so it is fused with '" + joint.parent_link_name + "' through its fixed joint '" + joint.name + "'");
    } else {
      addBody(link, world);
      addHinge(joint, parent, world);
    }
  }

  // Mass properties in a frame parallel to the world with its origin at the
  // link's; the joint is at that origin (URDF's joint frame is the link frame).
  void addBody(const urdf::Link& link, const Placement& world) {
    BodySpec& body = m_out.spec.addBody(link.name);
    body.output = Vec3::Zero();
    body.inputs.clear();  // one per child joint (addHinge)
    m_owner[link.name] = Owner{static_cast<int>(m_out.spec.bodies.size()) - 1, world};
    addVisuals(link, m_owner[link.name]);
    addCollisions(link, m_owner[link.name]);
    body.shape.type = ShapeType::Custom;
    if (massless(link)) {
      body.shape.mass = 0.0;
      body.shape.inertia = Mat3::Zero();
      return;
    }
    const urdf::Inertial& in = *link.inertial;
    const Placement inertial = Placement{world.rotation, Vec3::Zero()} * placement(in.origin);
    Mat3 local;
    local << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
    body.shape.mass = in.mass;
    body.shape.com = inertial.position;
    body.shape.inertia = inertial.rotation * local * inertial.rotation.transpose();
    body.shape.inertiaAbout = InertiaReference::CentreOfMass;
  }

  void addHinge(const urdf::Joint& joint, const Owner& parent, const Placement& world) {
    ModelSpec& spec = m_out.spec;
    const BodyId child = spec.bodies.back().id;
    std::optional<BodyId> root;
    int input = 0;
    if (parent.body >= 0) {
      BodySpec& p = spec.bodies[static_cast<std::size_t>(parent.body)];
      root = p.id;
      input = static_cast<int>(p.inputs.size());
      p.inputs.push_back(world.position - m_owner.at(p.name).world.position);
    }
    HingeSpec& h = spec.addHinge(joint.name, HingeType::Weld, child, root, input);
    if (!root) h.anchor = world.position;
    const Vec3 axis = (world.rotation * vec3(joint.axis)).normalized();
    switch (joint.type) {
      case urdf::Joint::REVOLUTE:
      case urdf::Joint::CONTINUOUS: h.type = HingeType::Revolute; h.axis = axis; break;
      case urdf::Joint::PRISMATIC: h.type = HingeType::Slider; h.axis = axis; break;
      case urdf::Joint::FLOATING:
        h.type = HingeType::Free;
        if (!root) h.translation = world.position;  // a floating root: its slides are where its output end is
        break;
      case urdf::Joint::PLANAR: {
        h.type = HingeType::Planar;
        h.axis = axis;
        Vec3 t1, t2;
        normalPlane(axis, t1, t2);
        h.axis2 = t1;
        note("joint '" + joint.name + "': planar; its slides s1, s2 are along " + text(t1) + " and " + text(axis.cross(t1)) + " (world, at the zero configuration)");
        break;
      }
      case urdf::Joint::FIXED: break;
      default: throw Error(ErrorKind::Input, "joint '" + joint.name + "': its type is unknown");
    }
    addJointLoads(joint, h);
  }

  // <dynamics damping> as a damper; <limit lower upper> as stops, its effort
  // as the limit of an actuator (load 0 until the user gives one).
  void addJointLoads(const urdf::Joint& joint, HingeSpec& h) {
    const std::string name = "joint '" + joint.name + "'";
    const bool oneCoordinate = h.type == HingeType::Revolute || h.type == HingeType::Slider;
    if (joint.dynamics && joint.dynamics->damping != 0.0) {
      if (oneCoordinate) h.loads.spring = HingeSpringSpec::linear(0.0, joint.dynamics->damping);
      else note(name + ": the damping of a " + jointTypeName(joint.type) + " joint is not taken");
    }
    if (joint.dynamics && joint.dynamics->friction != 0.0)
      note(name + ": friction " + formatNumber(joint.dynamics->friction) + " is not taken (hinges have no dry friction yet)");
    if (!joint.limits || !oneCoordinate) return;
    const urdf::JointLimits& limits = *joint.limits;
    if (joint.type != urdf::Joint::CONTINUOUS && limits.lower < limits.upper) h.loads.stops = HingeStopsSpec{limits.lower, limits.upper};
    if (limits.effort > 0.0) {
      HingeActuatorSpec actuator = HingeActuatorSpec::force(TimeFunction::constant(0.0));
      actuator.maxLoad = limits.effort;
      h.loads.actuator = actuator;
      m_out.actuators.push_back({joint.name, static_cast<int>(m_out.spec.hinges.size()) - 1, "", 1.0});
    }
    if (limits.velocity > 0.0) ++m_velocityLimits;
  }

  // Visuals go to the body the link belongs to (a fused link's to its
  // owner), placed in that body's world-parallel frame.
  void addVisuals(const urdf::Link& link, const Owner& owner) {
    if (owner.body < 0) {
      if (!link.visual_array.empty()) note("link '" + link.name + "': fixed to the ground; its visuals are not shown");
      return;
    }
    BodySpec& body = m_out.spec.bodies[static_cast<std::size_t>(owner.body)];
    const Vec3 origin = m_owner.at(body.name).world.position;
    for (const urdf::VisualSharedPtr& visual : link.visual_array) {
      if (!visual || !visual->geometry) continue;
      const Placement world = owner.world * placement(visual->origin);
      VisualSpec v;
      v.position = world.position - origin;
      v.orientation = quaternionFromRotation(world.rotation);
      if (visual->material) v.colour = Vec3(visual->material->color.r, visual->material->color.g, visual->material->color.b);
      if (!setGeometry(link, *visual->geometry, v)) continue;
      body.visuals.push_back(std::move(v));
    }
  }

  bool setGeometry(const urdf::Link& link, const urdf::Geometry& g, VisualSpec& v) {
    switch (g.type) {
      case urdf::Geometry::BOX: {
        const auto& box = static_cast<const urdf::Box&>(g);
        v.type = VisualType::Box;
        v.size = vec3(box.dim);
        return true;
      }
      case urdf::Geometry::CYLINDER: {
        const auto& c = static_cast<const urdf::Cylinder&>(g);
        v.type = VisualType::Cylinder;
        v.radius = c.radius;
        v.length = c.length;
        return true;
      }
      case urdf::Geometry::SPHERE:
        v.type = VisualType::Sphere;
        v.radius = static_cast<const urdf::Sphere&>(g).radius;
        return true;
      case urdf::Geometry::MESH: {
        const auto& mesh = static_cast<const urdf::Mesh&>(g);
        v.type = VisualType::Mesh;
        v.scale = vec3(mesh.scale);
        return resolveMesh(link, mesh.filename, v.mesh);
      }
      default: return false;
    }
  }

  /// A mesh file name as an absolute path: package://NAME/rest under the
  /// package root (or a folder NAME above the URDF file), file:// as given,
  /// anything else relative to the URDF file. Formats VTK reads only.
  bool resolveMesh(const urdf::Link& link, const std::string& name, std::string& path) {
    const std::string what = "link '" + link.name + "': mesh '" + name + "'";
    fs::path file;
    if (name.rfind("package://", 0) == 0) {
      const std::string rest = name.substr(10);
      const std::string package = rest.substr(0, rest.find('/'));
      const std::string inside = rest.find('/') == std::string::npos ? std::string() : rest.substr(rest.find('/') + 1);
      if (!m_options.packageRoot.empty()) file = fs::path(m_options.packageRoot) / package / inside;
      for (fs::path up = fs::absolute(m_dir); file.empty() && !up.empty(); up = up.parent_path()) {
        if (up.filename() == package) file = up / inside;
        if (up == up.parent_path()) break;
      }
      if (file.empty()) return note(what + ": package '" + package + "' not found (give the package root); not shown"), false;
    } else if (name.rfind("file://", 0) == 0) {
      file = name.substr(7);
    } else {
      file = m_dir / name;
    }
    file = fs::absolute(file).lexically_normal();
    std::string extension = file.extension().string();
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (extension != ".stl" && extension != ".obj") return note(what + ": " + extension + " meshes are not shown (STL and OBJ are)"), false;
    if (!fs::exists(file)) return note(what + ": '" + file.string() + "' does not exist; not shown"), false;
    path = file.string();
    return true;
  }

  // Collision elements of a floating robot press on the ground plane z = 0
  // (docs/interchange.md I10): a sphere as a contact sphere, a box at its
  // corners, a cylinder at points around its two rims. Sized in summarise().
  void addCollisions(const urdf::Link& link, const Owner& owner) {
    if (!m_options.floatingBase || link.collision_array.empty()) return;
    if (owner.body < 0) return note("link '" + link.name + "': fixed to the ground; its collision geometry is not taken");
    const std::string& body = m_out.spec.bodies[static_cast<std::size_t>(owner.body)].name;
    const Vec3 origin = m_owner.at(body).world.position;
    int index = 0;
    for (const urdf::CollisionSharedPtr& collision : link.collision_array) {
      if (!collision || !collision->geometry) continue;
      const Placement world = owner.world * placement(collision->origin);
      auto add = [&](const Vec3& local, double radius) {
        ContactSpec c;
        c.name = link.name + " " + std::to_string(++index);
        c.body = body;
        c.point = world.position + world.rotation * local - origin;
        c.radius = radius;
        m_out.spec.contacts.push_back(std::move(c));
      };
      const urdf::Geometry& g = *collision->geometry;
      switch (g.type) {
        case urdf::Geometry::SPHERE: add(Vec3::Zero(), static_cast<const urdf::Sphere&>(g).radius); break;
        case urdf::Geometry::BOX: {
          const Vec3 half = 0.5 * vec3(static_cast<const urdf::Box&>(g).dim);
          for (int k = 0; k < 8; ++k) add(Vec3((k & 1) ? half.x() : -half.x(), (k & 2) ? half.y() : -half.y(), (k & 4) ? half.z() : -half.z()), 0.0);
          break;
        }
        case urdf::Geometry::CYLINDER: {
          const auto& c = static_cast<const urdf::Cylinder&>(g);
          for (int end = -1; end <= 1; end += 2)
            for (int k = 0; k < kRimPoints; ++k) {
              const double a = 2.0 * std::numbers::pi * k / kRimPoints;
              add(Vec3(c.radius * std::cos(a), c.radius * std::sin(a), 0.5 * end * c.length), 0.0);
            }
          ++m_cylinders;
          break;
        }
        default: note("link '" + link.name + "': mesh collision geometry is not taken (only spheres, boxes and cylinders press on the ground)");
      }
    }
  }

  void summarise() {
    if (!m_out.spec.contacts.empty()) note(sizeGroundContacts(m_out.spec, kUrdfFriction));
    if (m_cylinders > 0)
      note(std::to_string(m_cylinders) + " collision cylinders press on the ground at " + std::to_string(kRimPoints) +
           " points around each rim (a wheel rolls on them as on a polygon)");
    if (const std::string stops = sizeImportedStops(m_out.spec); !stops.empty()) note(stops);
    if (!m_out.actuators.empty())
      note(std::to_string(m_out.actuators.size()) + " joints with an effort limit get an actuator limited to it, with load 0: give each its load as a function of time");
    if (m_velocityLimits > 0) note(std::to_string(m_velocityLimits) + " joint velocity limits are not taken");
  }

  static std::string text(const Vec3& v) {
    std::string out = "(";
    out.append(formatNumber(v.x())).append(", ").append(formatNumber(v.y())).append(", ").append(formatNumber(v.z())).append(")");
    return out;
  }
  void note(std::string what) { m_out.notTaken.push_back(std::move(what)); }

  fs::path m_dir;
  const UrdfOptions& m_options;
  ImportResult& m_out;
  std::map<std::string, Owner> m_owner;  // per link name
  const urdf::Link* m_floating = nullptr;  // the floating base addFloatingBase made, if any
  int m_velocityLimits = 0;
  int m_cylinders = 0;
};

}  // namespace

ImportResult importUrdf(const std::string& path, const UrdfOptions& options) { return importUrdfText(readFile(path), path, options); }

ImportResult importUrdfText(const std::string& text, const std::string& path, const UrdfOptions& options) {
  // tinyxml 2.6.2 steps over a UTF-8 character's whole length as its lead
  // byte gives it, so a lead byte just before the end made it read past the
  // terminating NUL (found by the urdf fuzz target): a few more NULs keep
  // every such step inside the text. Parsing stops at the first one.
  const std::string xml = text + std::string(8, '\0');
  TiXmlDocument document;
  document.Parse(xml.c_str(), nullptr, TIXML_ENCODING_UTF8);
  if (document.Error())
    throw Error(ErrorKind::Input, "'" + path + "': line " + std::to_string(document.ErrorRow()) + ", column " + std::to_string(document.ErrorCol()) + ": " +
                                      document.ErrorDesc());
  const TiXmlElement* robot = document.RootElement();
  if (!robot || robot->ValueStr() != "robot")
    throw Error(ErrorKind::Input, "'" + path + "': not a URDF file (its root element is <" + (robot ? robot->ValueStr() : std::string()) + ">, not <robot>)");
  ImportResult out;
  urdf::ModelInterfaceSharedPtr model;
  {
    MessageCollector messages;
    try {
      model = urdf::parseURDF(xml);
    } catch (const std::exception& e) {
      messages.errors.push_back(e.what());
    }
    if (!model) {
      std::string all;
      for (const std::string& m : messages.errors) all += (all.empty() ? "" : "; ") + m;
      throw Error(ErrorKind::Input, "'" + path + "': urdfdom could not read it: " + (all.empty() ? std::string("no reason given") : all));
    }
    for (const std::string& w : messages.warnings) out.notTaken.push_back("urdfdom: " + w);
  }
  out.spec.name = model->getName().empty() ? fs::path(path).stem().string() : model->getName();
  noteUntakenElements(*robot, options.floatingBase, out.notTaken);
  UrdfReader(path, options, out).run(*model);
  for (BodySpec& b : out.spec.bodies)
    if (b.inputs.empty()) b.inputs.push_back(Vec3::Zero());
  return out;
}

}  // namespace mstmm
