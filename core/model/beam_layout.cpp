#include "core/model/beam_layout.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/error.hpp"
#include "core/model/beam_coordinates.hpp"
#include "core/message_text.hpp"

namespace mstmm {

int pieceAt(const BeamSpec& beam, double x) {
  const double h = beam.length / beam.segments;
  return std::clamp(static_cast<int>(std::floor(x / h + 0.5)), 0, beam.segments);
}

bool hasBeams(const ModelSpec& spec) {
  return std::any_of(spec.bodies.begin(), spec.bodies.end(), [](const BodySpec& b) { return b.beam.has_value(); });
}

int beamCoordinates(const ModelSpec& spec) {
  int n = 0;
  for (const BodySpec& b : spec.bodies)
    if (b.beam) n += std::max(b.beam->segments, 0) * ((spec.kind == ModelKind::Planar ? 1 : 3) + (b.beam->axial ? 1 : 0));
  return n;
}

namespace {

std::string pieceName(const std::string& beam, int k) { return beam + "[" + std::to_string(k) + "]"; }
std::string jointName(const std::string& beam, int j) { return beam + "[" + std::to_string(j) + "-" + std::to_string(j + 1) + "]"; }

/// Where the ends of a user's body went: its output, and each input's body
/// and index there. The identity for a rigid body.
struct EndMap {
  BodyId output;
  std::vector<BodyId> inputBody;
  std::vector<int> inputIndex;
};

/// A piece's mass properties: its span's mass rho A l at the middle of the
/// span, the rotary inertia of the sections rho I l (Rayleigh's correction,
/// vanishing for a slender beam) and the span's own m l^2 / 12 crosswise.
ShapeSpec pieceShape(const BeamSpec& b, const SectionProperties& s, double begin, double end) {
  ShapeSpec shape;
  shape.type = ShapeType::Custom;
  const double l = end - begin, m = b.density * s.area * l;
  shape.mass = m;
  shape.com = Vec3(0.5 * (begin + end), 0.0, 0.0);
  const double crosswise = m * l * l / 12.0;
  shape.inertia = Vec3(b.density * s.polar() * l, b.density * s.iy * l + crosswise, b.density * s.iz * l + crosswise).asDiagonal();
  shape.inertiaAbout = InertiaReference::CentreOfMass;
  return shape;
}

class Expander {
 public:
  explicit Expander(const ModelSpec& spec) : m_in(spec) {
    m_out.spec = spec;
    m_out.spec.bodies.clear();
    m_out.spec.hinges.clear();
    m_nextBody = spec.nextBodyId().value;
    m_nextHinge = spec.nextHingeId().value;
    for (const BodySpec& b : spec.bodies) m_names.insert(b.name);
    for (const HingeSpec& h : spec.hinges) m_names.insert(h.name);
  }

  BeamExpansion run() {
    m_ends.resize(m_in.bodies.size());
    for (std::size_t b = 0; b < m_in.bodies.size(); ++b) {
      if (m_in.bodies[b].beam) layOut(static_cast<int>(b));
      else keep(static_cast<int>(b));
    }
    for (const HingeSpec& h : m_in.hinges) m_out.spec.hinges.push_back(remapped(h));
    for (HingeSpec& h : m_joints) m_out.spec.hinges.push_back(std::move(h));
    for (SpringDamperSpec& s : m_out.spec.springs) {
      s.bodyA = pieceOf(s.bodyA, s.pointA);
      if (!s.groundB()) s.bodyB = pieceOf(s.bodyB, s.pointB);
    }
    for (ContactSpec& c : m_out.spec.contacts) c.body = pieceOf(c.body, c.point);
    for (BearingSpec& b : m_out.spec.bearings) {
      b.body = pieceOf(b.body, b.point);
      if (!b.groundHousing()) b.housing = pieceOf(b.housing, b.housingPoint);
    }
    for (UnbalanceSpec& u : m_out.spec.unbalances) u.body = pieceOf(u.body, u.centre);
    for (MeasureSpec& m : m_out.spec.measures) {
      m.body = pieceOf(m.body, m.point);
      if (!m.groundReference()) m.relativeTo = pieceOf(m.relativeTo, m.relativePoint);
    }
    for (BodyContactSpec& c : m_out.spec.bodyContacts) {
      if (!c.first.onGround()) c.first.body = pieceOf(c.first.body, c.first.centre);
      if (!c.second.onGround()) c.second.body = pieceOf(c.second.body, c.second.centre);
    }
    return std::move(m_out);
  }

 private:
  void keep(int b) {
    const BodySpec& body = m_in.bodies[static_cast<std::size_t>(b)];
    EndMap& e = m_ends[static_cast<std::size_t>(b)];
    e.output = body.id;
    for (std::size_t k = 0; k < body.inputs.size(); ++k) {
      e.inputBody.push_back(body.id);
      e.inputIndex.push_back(static_cast<int>(k));
    }
    m_out.spec.bodies.push_back(body);
  }

  std::string freshName(const std::string& name, const BodySpec& beam) {
    if (!m_names.insert(name).second)
      throw Error(ErrorKind::Validation, "body " + quoted(beam.name) + ": the name " + quoted(name) + " that its beam's pieces and joints take is already used; rename one of them");
    return name;
  }

  void layOut(int b) {
    const BodySpec& body = m_in.bodies[static_cast<std::size_t>(b)];
    BeamLayout layout;
    layout.name = body.name;
    layout.specBody = b;
    layout.beam = *body.beam;
    layout.section = sectionProperties(layout.beam.section);
    const BeamSpec& beam = layout.beam;
    const int n = beam.segments;
    const double h = beam.length / n;
    layout.rootPiece = pieceAt(beam, body.output.x());
    const int r = layout.rootPiece;
    std::vector<BodySpec> pieces(static_cast<std::size_t>(n + 1));
    for (int k = 0; k <= n; ++k) {
      BodySpec& p = pieces[static_cast<std::size_t>(k)];
      p.id = k == r ? body.id : BodyId{m_nextBody++};
      p.name = freshName(pieceName(body.name, k), body);
      layout.pieces.push_back(p.name);
      p.shape = pieceShape(beam, layout.section, k == 0 ? 0.0 : (k - 0.5) * h, k == n ? beam.length : (k + 0.5) * h);
      p.theta = body.theta;
      p.thetaDot = body.thetaDot;
      p.orientation = body.orientation;
      p.angularVelocity = body.angularVelocity;
      p.inputs.clear();
      p.output = k == r ? body.output : Vec3(layout.jointStation(k > r ? k - 1 : k), 0.0, 0.0);
    }
    deform(layout, body.deformation, pieces);
    // The chain's own joints come first among each piece's inputs.
    std::vector<int> chainInput(static_cast<std::size_t>(n), -1);  // per joint: its input index on the root side
    for (int j = 0; j < n; ++j) {
      const int root = layout.rootSidePiece(j);
      BodySpec& rootPiece = pieces[static_cast<std::size_t>(root)];
      chainInput[static_cast<std::size_t>(j)] = static_cast<int>(rootPiece.inputs.size());
      rootPiece.inputs.push_back(Vec3(layout.jointStation(j), 0.0, 0.0));
    }
    EndMap& e = m_ends[static_cast<std::size_t>(b)];
    e.output = body.id;
    for (const Vec3& input : body.inputs) {
      BodySpec& p = pieces[static_cast<std::size_t>(pieceAt(beam, input.x()))];
      e.inputBody.push_back(p.id);
      e.inputIndex.push_back(static_cast<int>(p.inputs.size()));
      p.inputs.push_back(input);
    }
    for (const BodyLoadSpec& l : body.loads) pieces[static_cast<std::size_t>(pieceAt(beam, l.point.x()))].loads.push_back(l);
    for (BodySpec& p : pieces) {
      if (p.inputs.empty()) p.inputs.push_back(p.shape.com);  // the frame's reference point I_1, on a piece that carries nothing
      m_idOf[p.name] = p.id;
      m_pieceOf[body.name].push_back(p.name);
      m_out.spec.bodies.push_back(std::move(p));
    }
    for (int j = 0; j < n; ++j) addJoint(layout, body, j, chainInput[static_cast<std::size_t>(j)]);
    m_beamOf[body.name] = beam;
    m_out.beams.push_back(std::move(layout));
  }

  /// Each piece's initial state from the beam's deformation, joint by joint
  /// outward from the root piece (beam_deformation.hpp). A list left empty is zero.
  void deform(const BeamLayout& layout, const BeamDeformation& d, std::vector<BodySpec>& pieces) const {
    auto at = [](const auto& list, int j, auto zero) { return list.empty() ? zero : list[static_cast<std::size_t>(j)]; };
    auto step = [&](int j) {
      const BodySpec& root = pieces[static_cast<std::size_t>(layout.rootSidePiece(j))];
      BodySpec& tip = pieces[static_cast<std::size_t>(layout.tipPiece(j))];
      if (m_in.kind == ModelKind::Planar) {
        tip.theta = root.theta + at(d.angle, j, 0.0);
        tip.thetaDot = root.thetaDot + at(d.angleRate, j, 0.0);
      } else {
        tip.orientation = quaternionProduct(root.orientation, at(d.rotation, j, Quat(1.0, 0.0, 0.0, 0.0)).normalized());
        tip.angularVelocity = root.angularVelocity + rotationFromQuaternion(root.orientation.normalized()) * at(d.rate, j, Vec3::Zero());
      }
    };
    if (d.angle.empty() && d.angleRate.empty() && d.rotation.empty() && d.rate.empty()) return;
    for (int j = layout.rootPiece; j < layout.beam.segments; ++j) step(j);
    for (int j = layout.rootPiece - 1; j >= 0; --j) step(j);
  }

  /// Joint j: a ball (spatial) or pin (planar), or a point-on-line along the
  /// beam's axis when it stretches; its springs are the segment's
  /// flexibility (equations.md §11.1). A spatial beam's bending and torsion
  /// are the beam-joint element's (beam_joint.hpp), not the hinge's.
  void addJoint(const BeamLayout& layout, const BodySpec& body, int j, int parentInput) {
    const BeamSpec& beam = layout.beam;
    const SectionProperties& s = layout.section;
    const double h = layout.segment();
    const bool planar = m_in.kind == ModelKind::Planar;
    const int tip = layout.tipPiece(j), root = layout.rootSidePiece(j);
    HingeSpec hinge;
    hinge.id = HingeId{m_nextHinge++};
    hinge.name = freshName(jointName(body.name, j), body);
    hinge.type = beam.axial ? HingeType::PointOnLine : (planar ? HingeType::Pin : HingeType::Ball);
    hinge.child = idOfPiece(layout, tip);
    hinge.parent = idOfPiece(layout, root);
    hinge.parentInput = parentInput;
    hinge.axis = Vec3::UnitX();
    hinge.cut = CutChoice::Keep;
    const double bending = beam.youngsModulus * s.iz / h, stretch = beam.youngsModulus * s.area / h;
    const HingeSpringSpec bend = HingeSpringSpec::linear(bending, beam.dampingBeta * bending);
    if (beam.axial) {
      const BeamDeformation& d = body.deformation;
      if (!d.stretch.empty()) hinge.slide = d.stretch[static_cast<std::size_t>(j)];
      if (!d.stretchRate.empty()) hinge.slideRate = d.stretchRate[static_cast<std::size_t>(j)];
      hinge.loadsOn("s", m_in.kind).spring = HingeSpringSpec::linear(stretch, beam.dampingBeta * stretch);
      if (planar) hinge.loadsOn("angle", m_in.kind).spring = bend;
    } else if (planar) {
      hinge.loads.spring = bend;
    }
    m_joints.push_back(std::move(hinge));
  }

  BodyId idOfPiece(const BeamLayout& layout, int k) const { return m_idOf.at(layout.pieces[static_cast<std::size_t>(k)]); }

  HingeSpec remapped(HingeSpec h) const {
    const int child = m_in.bodyIndex(h.child);
    const EndMap& c = m_ends[static_cast<std::size_t>(child)];
    if (h.atChildOutput()) {
      h.child = c.output;
    } else {
      h.child = c.inputBody[static_cast<std::size_t>(h.childEnd)];
      h.childEnd = c.inputIndex[static_cast<std::size_t>(h.childEnd)];
    }
    if (h.parent) {
      const EndMap& p = m_ends[static_cast<std::size_t>(m_in.bodyIndex(*h.parent))];
      h.parent = p.inputBody[static_cast<std::size_t>(h.parentInput)];
      h.parentInput = p.inputIndex[static_cast<std::size_t>(h.parentInput)];
    }
    return h;
  }

  /// The piece of beam `body` that holds `point` (the body's own name otherwise).
  std::string pieceOf(const std::string& body, const Vec3& point) const {
    auto it = m_beamOf.find(body);
    if (it == m_beamOf.end()) return body;
    return m_pieceOf.at(body)[static_cast<std::size_t>(pieceAt(it->second, point.x()))];
  }

  const ModelSpec& m_in;
  BeamExpansion m_out;
  std::vector<EndMap> m_ends;
  std::vector<HingeSpec> m_joints;
  std::map<std::string, BeamSpec> m_beamOf;
  std::map<std::string, std::vector<std::string>> m_pieceOf;
  std::map<std::string, BodyId> m_idOf;
  std::set<std::string> m_names;
  std::uint32_t m_nextBody = 0, m_nextHinge = 0;
};

}  // namespace

BeamExpansion expandBeams(const ModelSpec& spec) {
  if (!hasBeams(spec)) return {spec, {}};
  return Expander(spec).run();
}

}  // namespace mstmm
