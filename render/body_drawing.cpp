#include "render/body_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/dynamics/state.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/model/mass_properties.hpp"

namespace mstmm::render {
namespace {

constexpr double kSteelDensity = 7850.0;  // kg/m^3, sizes point-mass spheres

Quat toQuat(const Eigen::Quaterniond& q) { return Quat(q.w(), q.x(), q.y(), q.z()); }

/// The rotation taking the glyph's x axis onto `direction`.
Quat alongDirection(const Vec3& direction) {
  if (direction.norm() < 1e-15) return Quat(1, 0, 0, 0);
  return toQuat(Eigen::Quaterniond::FromTwoVectors(Vec3::UnitX(), direction));
}

Rgb colourOfIndex(int index) {
  // Golden-ratio hues: neighbouring bodies get clearly different colours.
  const double hue = std::fmod(0.58 + 0.6180339887 * index, 1.0) * 6.0;
  const double s = 0.55, v = 0.88, c = v * s;
  const double x = c * (1.0 - std::abs(std::fmod(hue, 2.0) - 1.0));
  double r = 0, g = 0, b = 0;
  switch (static_cast<int>(hue)) {
    case 0: r = c, g = x; break;
    case 1: r = x, g = c; break;
    case 2: g = c, b = x; break;
    case 3: g = x, b = c; break;
    case 4: r = x, b = c; break;
    default: r = c, b = x; break;
  }
  const double m = v - c;
  auto byte = [m](double u) { return static_cast<std::uint8_t>(std::lround(255.0 * (u + m))); };
  return {byte(r), byte(g), byte(b)};
}

/// The part of a body that its shape occupies, in the compiled body frame:
/// a segment with a radius (rods, cylinders, boxes along x; a sphere is a
/// segment of zero length).
struct Hub {
  Vec3 a = Vec3::Zero(), b = Vec3::Zero();
  double radius = 0.0;
  Vec3 nearest(const Vec3& p) const {
    const Vec3 d = b - a;
    const double len2 = d.squaredNorm();
    const double s = len2 > 0 ? std::clamp((p - a).dot(d) / len2, 0.0, 1.0) : 0.0;
    return a + s * d;
  }
};

double bodyExtent(const CompiledBody& body) {
  double extent = body.output.norm();
  for (const Vec3& r : body.inputs) extent = std::max({extent, r.norm(), (r - body.output).norm()});
  return extent;
}

class DrawingBuilder {
 public:
  DrawingBuilder(const Model& model, BodyDrawing& out)
      : m_model(model), m_out(out), m_initial(initialState(model)), m_hingeRadius(static_cast<std::size_t>(model.bodyCount()), 0.0),
        m_beamOf(static_cast<std::size_t>(model.bodyCount()), {-1, -1}) {
    for (std::size_t b = 0; b < model.beams().size(); ++b)
      for (std::size_t k = 0; k < model.beams()[b].pieces.size(); ++k)
        m_beamOf[static_cast<std::size_t>(model.beams()[b].pieces[k])] = {static_cast<int>(b), static_cast<int>(k)};
  }

  /// The body whose index colours body i: a beam's pieces share their root piece's.
  int colourIndex(int i) const {
    const auto [beam, piece] = m_beamOf[static_cast<std::size_t>(i)];
    if (beam < 0) return m_model.body(i).specIndex;
    const CompiledBeam& b = m_model.beams()[static_cast<std::size_t>(beam)];
    return m_model.body(b.pieces[static_cast<std::size_t>(b.layout.rootPiece)]).specIndex;
  }

  void addBody(int i) {
    if (m_beamOf[static_cast<std::size_t>(i)].first >= 0) return addBeamPiece(i);
    const CompiledBody& body = m_model.body(i);
    const BodySpec& spec = m_model.spec().bodies[static_cast<std::size_t>(body.specIndex)];
    const Vec3 shift = -spec.inputs.front();  // spec frame -> compiled frame (origin I_1)
    const double extent = std::max(bodyExtent(body), 1e-3);
    m_body = i;
    const Hub hub = spec.visuals.empty() ? addShape(spec.shape, shift, body, extent) : addVisuals(spec.visuals, shift, body, extent);
    const double connector = std::max(0.35 * hub.radius, 0.004 * extent);
    auto connect = [&](const Vec3& end) {
      const Vec3 from = hub.nearest(end);
      if ((end - from).norm() > hub.radius + connector) addSegment(from, end, connector);
    };
    if (spec.visuals.empty()) {  // visuals show the body as its file draws it: no connectors
      for (const Vec3& r : body.inputs) connect(r);
      connect(body.output);
    }
    // A body whose ends coincide (a slider block) is as large as its shape.
    const double size = std::max(extent, (hub.b - hub.a).norm() + 2.0 * hub.radius);
    const double hingeRadius = std::clamp(1.6 * hub.radius, 0.012 * size, 0.08 * size);
    m_hingeRadius[static_cast<std::size_t>(i)] = hingeRadius;
    addOutputHinge(i, hingeRadius);
  }

  /// The marker of the hinge at body i's output end: a sphere, or a
  /// slider's carriage and rail; none for a free-floating root, which hangs
  /// from nothing.
  void addOutputHinge(int i, double radius) {
    const CompiledHinge& hinge = m_model.hinge(i);
    if (hinge.type == HingeType::Free && m_model.body(i).parent < 0) return;
    if (hinge.slides != 1) addHinge(m_model.body(i).output, radius, m_model.loads().atBody(i));
    else addSlider(i, radius);
  }

  /// A contact sphere (docs/contact.md) at its size, or a small marker for
  /// a point contact, in the contact colour.
  void addContact(const CompiledContact& c) {
    m_body = c.body;
    const double marker = 0.5 * m_hingeRadius[static_cast<std::size_t>(c.body)];
    push(GlyphKind::Sphere, GlyphInstance{c.body, c.point, Quat(1, 0, 0, 0), Vec3::Constant(std::max(c.law.radius, marker)), true, kContactColour});
  }

  /// The shapes of a contact between bodies (docs/contact.md C8) in the
  /// contact colour, on each body that is not drawn by visuals of its own
  /// (an imported body's visuals are its geoms, the very shapes). Shapes on
  /// the ground are not drawn.
  void addBodyContact(const CompiledBodyContact& c, const BodyContactSpec& spec) {
    addContactShape(c.bodyFirst, c.centreFirst, c.axesFirst, spec.first);
    addContactShape(c.bodySecond, c.centreSecond, c.axesSecond, spec.second);
  }

  /// The end of a cut hinge on its tip-side body gets a hinge marker too.
  void addCutEnd(const CompiledCut& cut) {
    m_body = cut.tip.body;
    const HingeElements* elements = nullptr;
    for (int k : m_model.loads().cutElements) {
      const HingeElements& e = m_model.loads().hinges[static_cast<std::size_t>(k)];
      if (m_model.cuts()[static_cast<std::size_t>(e.cut)].specIndex == cut.specIndex) elements = &e;
    }
    addHinge(cut.tip.point, m_hingeRadius[static_cast<std::size_t>(cut.tip.body)], elements);
  }

 private:
  /// A piece of a beam (equations.md §11.1): its span of the beam, with the
  /// beam's section (a box for a rectangle, a cylinder otherwise, at least a
  /// three-hundredth of the beam's length thick so that it shows), so the
  /// pieces together draw the beam bent. Joints inside the beam get no
  /// marker; the hinge at its output end does.
  void addBeamPiece(int i) {
    const auto [beamIndex, k] = m_beamOf[static_cast<std::size_t>(i)];
    const CompiledBeam& beam = m_model.beams()[static_cast<std::size_t>(beamIndex)];
    const BeamLayout& l = beam.layout;
    const CompiledBody& body = m_model.body(i);
    const BodySpec& spec = m_model.spec().bodies[static_cast<std::size_t>(body.specIndex)];
    const Vec3 shift = -spec.inputs.front();
    m_body = i;
    const double h = l.segment(), least = l.beam.length / 300.0;
    const Vec3 a = Vec3(k == 0 ? 0.0 : (k - 0.5) * h, 0, 0) + shift, b = Vec3(k == l.beam.segments ? l.beam.length : (k + 0.5) * h, 0, 0) + shift;
    const BeamSection& s = l.beam.section;
    double radius = 0.0;
    if (s.kind == BeamSectionKind::Rectangle) {
      const Vec3 size((b - a).norm(), std::max(s.width, least), std::max(s.height, least));
      push(GlyphKind::Box, GlyphInstance{m_body, 0.5 * (a + b), Quat(1, 0, 0, 0), size, false});
      radius = 0.5 * std::min(size.y(), size.z());
      m_out.pickSegments.push_back({m_body, a, b, 0.5 * std::hypot(size.y(), size.z())});
    } else {
      radius = std::max(s.kind == BeamSectionKind::Custom ? std::sqrt(l.section.area / std::numbers::pi) : s.radius, least);
      addSegment(a, b, radius);
    }
    const double hingeRadius = std::clamp(1.6 * radius, 0.012 * l.beam.length, 0.08 * l.beam.length);
    m_hingeRadius[static_cast<std::size_t>(i)] = hingeRadius;
    if (k == l.rootPiece) addOutputHinge(i, hingeRadius);
  }

  void addContactShape(int body, const Vec3& centre, const Mat3& axes, const ContactShape& s) {
    if (body < 0 || !m_model.spec().bodies[static_cast<std::size_t>(m_model.body(body).specIndex)].visuals.empty()) return;
    m_body = body;
    const Vec3 along = axes.col(2);  // a capsule's or cylinder's axis
    auto glyph = [&](GlyphKind kind, const Vec3& offset, const Quat& rotation, const Vec3& scale) {
      push(kind, GlyphInstance{body, offset, rotation, scale, true, kContactColour});
    };
    switch (s.kind) {
      case ContactShapeKind::Sphere: glyph(GlyphKind::Sphere, centre, Quat(1, 0, 0, 0), Vec3::Constant(s.radius)); break;
      case ContactShapeKind::Box: glyph(GlyphKind::Box, centre, quaternionFromRotation(axes), 2.0 * s.halfSize); break;
      case ContactShapeKind::Capsule:
        for (double end : {-0.5, 0.5}) glyph(GlyphKind::Sphere, centre + end * s.length * along, Quat(1, 0, 0, 0), Vec3::Constant(s.radius));
        [[fallthrough]];
      case ContactShapeKind::Cylinder:
        if (s.length > 0.0) glyph(GlyphKind::Cylinder, centre - 0.5 * s.length * along, alongDirection(along), Vec3(s.length, s.radius, s.radius));
        break;
    }
  }

  /// A slider's carriage (a block along the slide axis at the tip-side body's
  /// O, turning with it: the rotation is locked) and, on a root-side body,
  /// its rail through the attachment point p'_0. The ground's rail is the
  /// scene's (it moves with nothing).
  void addSlider(int i, double radius) {
    const CompiledBody& body = m_model.body(i);
    const CompiledHinge& hinge = m_model.hinge(i);
    const Mat3 parentRotation = body.parent >= 0 ? bodyRotation(m_model, m_initial, body.parent) : Mat3::Identity();
    const Vec3 uWorld = parentRotation * hinge.axisInParent;
    const Vec3 uTip = bodyRotation(m_model, m_initial, i).transpose() * uWorld;
    push(GlyphKind::Box, GlyphInstance{m_body, body.output, alongDirection(uTip), Vec3(3.0 * radius, 1.6 * radius, 1.6 * radius), true});
    if (body.parent < 0) return;
    const CompiledBody& parent = m_model.body(body.parent);
    const double s0 = slidePosition(m_model, m_initial, hinge.slider);
    const double reach = std::max(bodyExtent(parent), bodyExtent(body));
    const Vec3 p0 = parent.inputs[static_cast<std::size_t>(body.parentInput)];
    const Vec3 a = p0 + (std::min(0.0, s0) - reach) * hinge.axisInParent, b = p0 + (std::max(0.0, s0) + reach) * hinge.axisInParent;
    push(GlyphKind::Cylinder, GlyphInstance{body.parent, a, alongDirection(b - a), Vec3((b - a).norm(), 0.3 * radius, 0.3 * radius), true});
  }

  Hub addShape(const ShapeSpec& shape, const Vec3& shift, const CompiledBody& body, double extent) {
    switch (shape.type) {
      case ShapeType::Rod:
      case ShapeType::Cylinder: {
        const Vec3 c = shapeCentroid(shape) + shift;
        const Vec3 half(0.5 * shape.length, 0, 0);
        const double r = shape.type == ShapeType::Cylinder ? shape.radius : 0.02 * shape.length;
        addSegment(c - half, c + half, r);
        return {c - half, c + half, r};
      }
      case ShapeType::Box: {
        const Vec3 c = shapeCentroid(shape) + shift;
        push(GlyphKind::Box, GlyphInstance{m_body, c, Quat(1, 0, 0, 0), shape.size, false});
        const Vec3 half(0.5 * shape.size.x(), 0, 0);
        const double r = 0.5 * std::hypot(shape.size.y(), shape.size.z());
        m_out.pickSegments.push_back({m_body, c - half, c + half, r});
        return {c - half, c + half, 0.5 * std::min(shape.size.y(), shape.size.z())};
      }
      case ShapeType::PointMasses: {
        double largest = 0.0;
        for (const PointMass& p : shape.points) {
          const double r = std::max(std::cbrt(3.0 * std::max(p.mass, 0.0) / (4.0 * std::numbers::pi * kSteelDensity)), 0.02 * extent);
          addSphere(p.position + shift, r);
          largest = std::max(largest, r);
        }
        return {body.com, body.com, 0.5 * largest};
      }
      case ShapeType::Custom: break;
    }
    // The sphere with the body's mean moment of inertia (J = 2/5 m r^2).
    const double meanInertia = body.inertiaAtCom.trace() / 3.0;
    const double r = std::clamp(std::sqrt(2.5 * std::max(meanInertia, 0.0) / std::max(body.mass, 1e-12)), 0.03 * extent, 0.25 * extent);
    addSphere(body.com, r);
    return {body.com, body.com, r};
  }

  /// The body's visuals (core/spec/visual_spec.hpp). A URDF or MJCF
  /// cylinder runs along its z axis, centred on its origin; the glyph's
  /// along x from its origin. Its hub, for the hinge markers' size, is the
  /// centre of mass with the body's typical visual radius.
  Hub addVisuals(const std::vector<VisualSpec>& visuals, const Vec3& shift, const CompiledBody& body, double extent) {
    double radius = 0.0;
    for (const VisualSpec& v : visuals) {
      const Vec3 at = v.position + shift;
      const Mat3 r = rotationFromQuaternion(v.orientation);
      const std::size_t first[kGlyphKinds] = {kindSize(GlyphKind::Cylinder), kindSize(GlyphKind::Box), kindSize(GlyphKind::Sphere)};
      switch (v.type) {
        case VisualType::Box:
          push(GlyphKind::Box, GlyphInstance{m_body, at, v.orientation, v.size, false});
          m_out.pickSegments.push_back({m_body, at - r.col(0) * (0.5 * v.size.x()), at + r.col(0) * (0.5 * v.size.x()), 0.5 * v.size.tail<2>().norm()});
          radius = std::max(radius, 0.5 * v.size.minCoeff());
          break;
        case VisualType::Cylinder:
          addSegment(at - r.col(2) * (0.5 * v.length), at + r.col(2) * (0.5 * v.length), v.radius);
          radius = std::max(radius, v.radius);
          break;
        case VisualType::Sphere:
          addSphere(at, v.radius);
          radius = std::max(radius, v.radius);
          break;
        case VisualType::Mesh:
          m_out.meshes.push_back({m_body, v.mesh, at, v.orientation, v.scale, v.colour ? std::optional<Rgb>(rgb(*v.colour)) : std::nullopt});
          m_out.pickSegments.push_back({m_body, body.com, body.com, 0.2 * extent});
          radius = std::max(radius, 0.1 * extent);
          break;
      }
      if (!v.colour) continue;
      for (int k = 0; k < kGlyphKinds; ++k) {  // the glyphs this visual added take its colour
        auto& list = m_out.glyphs[static_cast<std::size_t>(k)];
        for (std::size_t g = first[k]; g < list.size(); ++g) {
          list[g].colour = rgb(*v.colour);
          list[g].ownColour = true;
        }
      }
    }
    return {body.com, body.com, std::max(radius, 0.02 * extent)};
  }
  std::size_t kindSize(GlyphKind kind) const { return m_out.glyphs[static_cast<std::size_t>(kind)].size(); }
  static Rgb rgb(const Vec3& c) {
    auto byte = [](double u) { return static_cast<std::uint8_t>(std::lround(255.0 * std::clamp(u, 0.0, 1.0))); };
    return {byte(c.x()), byte(c.y()), byte(c.z())};
  }

  void addSegment(const Vec3& a, const Vec3& b, double radius) {
    const Vec3 d = b - a;
    push(GlyphKind::Cylinder, GlyphInstance{m_body, a, alongDirection(d), Vec3(d.norm(), radius, radius), false});
    m_out.pickSegments.push_back({m_body, a, b, radius});
  }
  void addSphere(const Vec3& centre, double radius) {
    push(GlyphKind::Sphere, GlyphInstance{m_body, centre, Quat(1, 0, 0, 0), Vec3::Constant(radius), false});
    m_out.pickSegments.push_back({m_body, centre, centre, radius});
  }
  /// A hinge with elements is coloured by the strongest of them, and a
  /// driven or actuated one drawn larger, so motors stand out.
  void addHinge(const Vec3& at, double radius, const HingeElements* elements = nullptr) {
    Rgb colour = kHingeColour;
    if (elements) {
      colour = elements->prescribed ? kDrivenHingeColour : elements->actuator ? kActuatedHingeColour : kSprungHingeColour;
      if (elements->prescribed || elements->actuator) radius *= 1.35;
    }
    push(GlyphKind::Sphere, GlyphInstance{m_body, at, Quat(1, 0, 0, 0), Vec3::Constant(radius), true, colour});
  }
  void push(GlyphKind kind, const GlyphInstance& g) { m_out.glyphs[static_cast<std::size_t>(kind)].push_back(g); }

  const Model& m_model;
  BodyDrawing& m_out;
  Eigen::VectorXd m_initial;          // slider carriages keep their initial relative orientation
  std::vector<double> m_hingeRadius;  // per body, for its cut ends
  std::vector<std::pair<int, int>> m_beamOf;  // per body: its beam and piece, or -1
  int m_body = -1;
};

}  // namespace

BodyDrawing makeBodyDrawing(const Model& model) {
  BodyDrawing drawing;
  DrawingBuilder builder(model, drawing);
  std::vector<double> extents;
  for (int i = 0; i < model.bodyCount(); ++i) {
    builder.addBody(i);
    drawing.bodyColours.push_back(colourOfIndex(builder.colourIndex(i)));
    extents.push_back(bodyExtent(model.body(i)));
  }
  for (const CompiledCut& cut : model.cuts()) builder.addCutEnd(cut);
  for (const CompiledContact& c : model.loads().contacts) builder.addContact(c);
  for (std::size_t k = 0; k < model.loads().bodyContacts.size(); ++k) builder.addBodyContact(model.loads().bodyContacts[k], model.spec().bodyContacts[k]);
  if (!extents.empty()) {
    std::nth_element(extents.begin(), extents.begin() + static_cast<long>(extents.size() / 2), extents.end());
    drawing.typicalBodySize = std::max(extents[extents.size() / 2], 1e-3);
  }
  return drawing;
}

GlyphInstance grownGlyph(GlyphKind kind, const GlyphInstance& glyph, double margin) {
  GlyphInstance grown = glyph;
  switch (kind) {
    case GlyphKind::Cylinder:  // from 0 to scale.x along its x axis, radius scale.y = scale.z
      grown.scale += Vec3(2.0 * margin, margin, margin);
      grown.offset -= margin * (rotationFromQuaternion(glyph.rotation) * Vec3::UnitX());
      break;
    case GlyphKind::Box: grown.scale += Vec3::Constant(2.0 * margin); break;  // edge lengths, centred
    case GlyphKind::Sphere: grown.scale += Vec3::Constant(margin); break;     // radius
  }
  return grown;
}

double outlineMargin(GlyphKind kind, const GlyphInstance& glyph, double typicalBodySize) {
  const double across = kind == GlyphKind::Cylinder ? glyph.scale.tail<2>().minCoeff()
                        : kind == GlyphKind::Box    ? 0.5 * glyph.scale.minCoeff()
                                                    : glyph.scale.x();
  return std::max(across / 3.0, 0.005 * typicalBodySize);
}

}  // namespace mstmm::render

