#include "core/loads/compiled_loads.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

/// The spring, stops, actuator and motion of one coordinate.
void setElements(HingeElements& e, const HingeLoadsSpec& l) {
  e.armature = l.armature;
  if (l.spring) {
    e.spring = true;
    e.stiffness = l.spring->stiffness;
    e.damping = l.spring->damping;
    e.rest = l.spring->rest;
    const Quat r = l.spring->restOrientation.normalized();
    e.restConjugate = Quat(r[0], -r[1], -r[2], -r[3]);
    e.restIdentity = r == Quat(1.0, 0.0, 0.0, 0.0);
    if (!l.spring->characteristic.empty()) e.characteristic = Characteristic(l.spring->characteristic);
  }
  if (l.stops) {
    e.stops = true;
    if (l.stops->lower) e.lower = *l.stops->lower;
    if (l.stops->upper) e.upper = *l.stops->upper;
    e.stopStiffness = l.stops->stiffness;
    e.stopDamping = l.stops->damping;
  }
  if (l.actuator) {
    e.actuator = true;
    e.actuatorKind = l.actuator->kind;
    e.actuatorLoad = TimeCurve(l.actuator->load);
    e.reference = TimeCurve(l.actuator->reference);
    e.kp = l.actuator->kp;
    e.kd = l.actuator->kd;
    if (l.actuator->maxLoad) e.maxLoad = *l.actuator->maxLoad;
  }
  if (l.motion) {
    e.prescribed = true;
    e.motion = TimeCurve(*l.motion);
  }
}

HingeElements compileHingeElements(const HingeSpec& h, int body, const Model& model) {
  HingeElements e;
  e.body = body;
  e.parent = model.body(body).parent;
  e.name = h.name;
  const CompiledHinge& ch = model.hinge(body);
  const JointShape& shape = jointModel(h.type).in(model.kind());
  e.coordinate = shape.coordinate;
  if (shape.release == JointRelease::MultiAxis) e.column = 0;  // a screw: released in the general form, its one column
  e.axis = ch.axisInParent;
  e.slider = ch.slider;
  setElements(e, h.loads);
  return e;
}

// Coordinate k of a hinge with several (hingeCoordinateNames): a slide along
// its slide axis k, a universal hinge's angle, a spatial hinge's angle about
// its axis (cylindrical, planar), a planar model's angle, or a ball's rotation.
HingeElements compileCoordinateElements(const HingeSpec& h, const CoordinateLoadsSpec& c, int body, const Model& model) {
  HingeElements e;
  e.body = body;
  e.parent = model.body(body).parent;
  e.name = h.name + "." + c.coordinate;
  const CompiledHinge& ch = model.hinge(body);
  const int k = hingeCoordinateIndex(h.type, model.kind(), c.coordinate);
  e.column = k;
  e.axis = ch.axisInParent;
  if (k < ch.slides) {
    e.coordinate = HingeElements::Coordinate::Slide;
    e.slider = ch.slider + k;
    e.axis = ch.slideAxes[static_cast<std::size_t>(k)];
  } else if (model.kind() == ModelKind::Planar) {
    e.coordinate = HingeElements::Coordinate::PlanarAngle;
  } else if (c.coordinate == "rotation") {
    e.coordinate = HingeElements::Coordinate::Rotation;
  } else if (h.type == HingeType::Universal) {
    e.coordinate = HingeElements::Coordinate::UniversalAngle;
    e.axis2 = ch.axis2InTip;
  } else {
    e.coordinate = HingeElements::Coordinate::AxisAngle;
  }
  setElements(e, c.loads);
  return e;
}

bool anyArmature(const HingeSpec& h) {
  if (h.loads.armature != 0.0) return true;
  for (const CoordinateLoadsSpec& c : h.coordinateLoads)
    if (c.loads.armature != 0.0) return true;
  return false;
}

// A cut hinge's coordinate is the one it would have in the tree: the tip
// side relative to the root side about the hinge's axis in the root side.
HingeElements compileCutElements(const HingeSpec& h, int cut, const Model& model) {
  const CompiledCut& c = model.cuts()[static_cast<std::size_t>(cut)];
  HingeElements e = compileHingeElements(h, c.tip.body, model);
  e.parent = c.root.body;
  e.axis = c.axisInRoot;
  e.slider = -1;
  e.cut = cut;
  return e;
}

}  // namespace

HingeLaw::HingeLaw(const HingeElements& e)
    : body(e.body), parent(e.parent), slider(e.slider), coordinate(e.coordinate), spring(e.spring), linear(e.characteristic.empty()),
      restIdentity(e.restIdentity), prescribed(e.prescribed), stopsOrActuator(e.stops || e.actuator), count(static_cast<unsigned char>(e.count)),
      stiffness(e.stiffness),
      damping(e.damping), rest(e.rest), axis(e.axis), restConjugate(e.restConjugate) {}

CompiledLoads compileLoads(const ModelSpec& spec, const Model& model) {
  CompiledLoads out;
  std::vector<int> bodyOfHinge(spec.hinges.size(), -1), cutOfHinge(spec.hinges.size(), -1);
  for (int i = 0; i < model.bodyCount(); ++i) bodyOfHinge[static_cast<std::size_t>(model.hinge(i).specIndex)] = i;
  for (std::size_t c = 0; c < model.cuts().size(); ++c) cutOfHinge[static_cast<std::size_t>(model.cuts()[c].specIndex)] = static_cast<int>(c);
  for (std::size_t h = 0; h < spec.hinges.size(); ++h) {
    const HingeSpec& hinge = spec.hinges[h];
    if (!hinge.hasLoads()) continue;
    const int body = bodyOfHinge[h];
    if (body < 0) {
      // A cut hinge's loads act as given wrenches on its two bodies; armature
      // would couple the loop's accelerations, which the cut does not release.
      if (anyArmature(hinge))
        throw Error(ErrorKind::Input, "hinge " + quoted(hinge.name) + ": it is cut to close a loop, and a cut hinge does not take armature; move the armature to a hinge of the tree or choose another hinge to cut",
                    {ErrorSubject::Kind::Hinge, static_cast<int>(h)});
      out.cutElements.push_back(static_cast<int>(out.hinges.size()));
      out.hinges.push_back(compileCutElements(hinge, cutOfHinge[h], model));
      continue;
    }
    if (out.elementsOfBody.empty()) out.elementsOfBody.assign(static_cast<std::size_t>(model.bodyCount()), -1);
    const std::size_t first = out.hinges.size();
    out.elementsOfBody[static_cast<std::size_t>(body)] = static_cast<int>(first);
    if (hinge.coordinateLoads.empty()) {
      out.hinges.push_back(compileHingeElements(hinge, body, model));
      continue;
    }
    for (const std::string& name : hingeCoordinateNames(hinge.type, model.kind()))
      for (const CoordinateLoadsSpec& c : hinge.coordinateLoads)
        if (c.coordinate == name && !c.loads.empty()) out.hinges.push_back(compileCoordinateElements(hinge, c, body, model));
    out.hinges[first].count = static_cast<int>(out.hinges.size() - first);
  }
  // Driven tree hinges in processing order, so the numbering is the
  // solvers' too, then the driven cut hinges in cut order.
  auto addDriven = [&out](int k) {
    HingeElements& e = out.hinges[static_cast<std::size_t>(k)];
    if (!e.prescribed) return;
    e.driven = out.drivenCount();
    out.drivenElements.push_back(k);
  };
  for (int i = 0; i < model.bodyCount() && !out.elementsOfBody.empty(); ++i)
    if (const int k = out.elementsOfBody[static_cast<std::size_t>(i)]; k >= 0)
      for (int j = k; j < k + out.hinges[static_cast<std::size_t>(k)].count; ++j) addDriven(j);
  for (int k : out.cutElements) addDriven(k);
  for (std::size_t b = 0; b < spec.bodies.size(); ++b) {
    const BodySpec& body = spec.bodies[b];
    const int i = model.compiledIndexOfSpecBody(static_cast<int>(b));
    for (const BodyLoadSpec& l : body.loads) {
      CompiledBodyLoad c;
      c.name = l.name;
      c.body = i;
      c.point = l.point - body.inputs.front();
      c.bodyAxes = l.bodyAxes;
      for (int k = 0; k < 3; ++k) {
        c.force[k] = TimeCurve(l.force[k]);
        c.moment[k] = TimeCurve(l.moment[k]);
      }
      out.bodyLoads.push_back(std::move(c));
    }
  }
  out.laws.reserve(out.hinges.size());
  for (const HingeElements& e : out.hinges) out.laws.emplace_back(e);
  for (const SpringDamperSpec& s : spec.springs) {
    CompiledSpringDamper c;
    c.name = s.name;
    c.bodyA = model.bodyByName(s.bodyA);
    c.pointA = model.fromInputEnd(c.bodyA, s.pointA);
    c.bodyB = s.groundB() ? -1 : model.bodyByName(s.bodyB);
    c.pointB = s.groundB() ? s.pointB : model.fromInputEnd(c.bodyB, s.pointB);
    c.stiffness = s.stiffness;
    c.damping = s.damping;
    c.restLength = s.restLength;
    c.preload = s.preload;
    out.springs.push_back(std::move(c));
  }
  for (const BearingSpec& s : spec.bearings) {
    CompiledBearing c;
    c.name = s.name;
    c.body = model.bodyByName(s.body);
    c.point = model.fromInputEnd(c.body, s.point);
    c.housing = s.groundHousing() ? -1 : model.bodyByName(s.housing);
    c.housingPoint = s.groundHousing() ? s.housingPoint : model.fromInputEnd(c.housing, s.housingPoint);
    c.axes = bearingAxes(s);
    c.speeds = s.speeds;
    c.coefficients = s.coefficients;
    out.bearings.push_back(std::move(c));
  }
  for (const ContactSpec& s : spec.contacts) {
    CompiledContact c;
    c.law = s;
    c.body = model.bodyByName(s.body);
    c.point = model.fromInputEnd(c.body, s.point);
    out.contacts.push_back(std::move(c));
  }
  out.ground = Ground(spec.ground);
  for (const BodyContactSpec& s : spec.bodyContacts) {
    CompiledBodyContact c;
    c.law = lawOf(s);
    auto place = [&](const ContactShape& shape, int& body, Vec3& centre, Mat3& axes) {
      body = shape.onGround() ? -1 : model.bodyByName(shape.body);
      centre = shape.onGround() ? shape.centre
                                : model.fromInputEnd(body, shape.centre);
      axes = rotationFromQuaternion(shape.orientation.normalized());
    };
    place(s.first, c.bodyFirst, c.centreFirst, c.axesFirst);
    place(s.second, c.bodySecond, c.centreSecond, c.axesSecond);
    c.reach = boundingRadius(s.first) + boundingRadius(s.second);
    out.bodyContacts.push_back(std::move(c));
  }
  out.shapeQuery = makeShapeQuery(spec.bodyContacts);
  return out;
}

}  // namespace mstmm
