// The model file's contacts: sphere–ground, the ground itself and
// shape–shape contacts between bodies, read and written.
#include "core/io/model_json_elements.hpp"

namespace mstmm::model_file {

/// The compliant law's keys (docs/contact.md C6), shared by ground and body
/// contacts, whose specs name these fields alike.
template <class Contact>
void readContactLaw(const ObjectReader& r, Contact& c) {
  c.law = parseEnum<ContactLaw>(r, "law", {{"linear", ContactLaw::Linear}, {"hunt-crossley", ContactLaw::HuntCrossley}}, ContactLaw::Linear);
  c.stiffness = r.number("stiffness", c.stiffness);
  c.damping = r.number("damping", c.damping);
  c.exponent = r.number("exponent", c.exponent);
  c.staticFriction = r.number("static_friction", 0.0);
  c.dynamicFriction = r.number("dynamic_friction", c.staticFriction);
  c.slipVelocity = r.number("slip_velocity", c.slipVelocity);
}

std::vector<ContactSpec> readContacts(const ObjectReader& top) {
  return readNamedList<ContactSpec>(top, "contacts", "contact", [](const ObjectReader& r, const std::string&) {
    r.allowOnly({"name", "body", "point", "radius", "law", "stiffness", "damping", "exponent", "static_friction", "dynamic_friction", "slip_velocity", "rolling"});
    ContactSpec c;
    c.name = r.string("name");
    c.body = r.string("body");
    c.point = r.vec3("point", Vec3::Zero());
    c.radius = r.number("radius", 0.0);
    readContactLaw(r, c);
    c.rolling = r.number("rolling", 0.0);
    return c;
  });
}

ContactShape readContactShape(const Json& j, const std::string& where) {
  const ObjectReader r(j, where);
  r.allowOnly({"body", "type", "centre", "orientation", "radius", "length", "half_size"});
  ContactShape s;
  s.body = r.has("body") ? r.string("body") : std::string();
  s.kind = parseEnum<ContactShapeKind>(r, "type", {{"sphere", ContactShapeKind::Sphere}, {"capsule", ContactShapeKind::Capsule},
                                                  {"box", ContactShapeKind::Box}, {"cylinder", ContactShapeKind::Cylinder}}, ContactShapeKind::Sphere);
  s.centre = r.vec3("centre", Vec3::Zero());
  if (r.has("orientation")) {
    const Json& q = r.at("orientation");
    if (!q.is_array() || q.size() != 4) fail(where, "'orientation' must be a quaternion [w, x, y, z]");
    for (int i = 0; i < 4; ++i) s.orientation[i] = r.toNumber(q[static_cast<std::size_t>(i)], "orientation");
  }
  s.radius = r.number("radius", 0.0);
  s.length = r.number("length", 0.0);
  s.halfSize = r.vec3("half_size", Vec3::Zero());
  return s;
}

// docs/contact.md C8.
std::vector<BodyContactSpec> readBodyContacts(const ObjectReader& top) {
  return readNamedList<BodyContactSpec>(top, "body_contacts", "body contact", [](const ObjectReader& r, const std::string& where) {
    r.allowOnly({"name", "shapes", "law", "stiffness", "damping", "exponent", "static_friction", "dynamic_friction", "slip_velocity"});
    BodyContactSpec c;
    c.name = r.string("name");
    const Json& shapes = r.at("shapes");
    if (!shapes.is_array() || shapes.size() != 2) fail(where, "'shapes' must be an array of two shapes");
    c.first = readContactShape(shapes[0], where + ", first shape");
    c.second = readContactShape(shapes[1], where + ", second shape");
    readContactLaw(r, c);
    return c;
  });
}

GroundSpec readGround(const ObjectReader& top) {
  GroundSpec g;
  if (!top.has("ground")) return g;
  const ObjectReader r(top.at("ground"), "ground");
  r.allowOnly({"point", "normal", "direction", "road"});
  g.point = r.vec3("point", g.point);
  g.normal = r.vec3("normal", g.normal);
  g.direction = r.vec3("direction", g.direction);
  if (r.has("road")) {
    const ObjectReader road(r.at("road"), "ground: road");
    RoadProfile& p = g.road;
    p.kind = parseEnum<RoadKind>(road, "type", {{"flat", RoadKind::Flat}, {"bump", RoadKind::Bump}, {"step", RoadKind::Step}, {"table", RoadKind::Table}}, RoadKind::Flat);
    switch (p.kind) {
      case RoadKind::Flat: road.allowOnly({"type"}); break;
      case RoadKind::Bump:
      case RoadKind::Step:
        road.allowOnly({"type", "start", "length", "height"});
        p.start = road.number("start", 0.0);
        p.length = road.number("length");
        p.height = road.number("height");
        break;
      case RoadKind::Table:
        road.allowOnly({"type", "points"});
        p.points = readPairs(road, "points");
        break;
    }
  }
  return g;
}

template <class Contact>
void writeContactLaw(const Contact& c, Json& j) {
  j["law"] = c.law == ContactLaw::Linear ? "linear" : "hunt-crossley";
  j["stiffness"] = c.stiffness;
  j["damping"] = c.damping;
  if (c.law == ContactLaw::HuntCrossley) j["exponent"] = c.exponent;
  j["static_friction"] = c.staticFriction;
  j["dynamic_friction"] = c.dynamicFriction;
  j["slip_velocity"] = c.slipVelocity;
}

Json writeContacts(const std::vector<ContactSpec>& contacts) {
  Json list = Json::array();
  for (const ContactSpec& c : contacts) {
    Json j = {{"name", c.name}, {"body", c.body}, {"point", vec(c.point)}, {"radius", c.radius}};
    writeContactLaw(c, j);
    if (c.rolling != 0.0) j["rolling"] = c.rolling;
    list.push_back(std::move(j));
  }
  return list;
}

Json writeContactShape(const ContactShape& s) {
  static const char* const kinds[] = {"sphere", "capsule", "box", "cylinder"};
  Json j;
  if (!s.onGround()) j["body"] = s.body;
  j["type"] = kinds[static_cast<int>(s.kind)];
  j["centre"] = vec(s.centre);
  if (s.orientation != Quat(1.0, 0.0, 0.0, 0.0)) j["orientation"] = Json::array({s.orientation[0], s.orientation[1], s.orientation[2], s.orientation[3]});
  if (s.kind == ContactShapeKind::Box) j["half_size"] = vec(s.halfSize);
  else j["radius"] = s.radius;
  if (s.kind == ContactShapeKind::Capsule || s.kind == ContactShapeKind::Cylinder) j["length"] = s.length;
  return j;
}

Json writeBodyContacts(const std::vector<BodyContactSpec>& contacts) {
  Json list = Json::array();
  for (const BodyContactSpec& c : contacts) {
    Json j = {{"name", c.name}, {"shapes", Json::array({writeContactShape(c.first), writeContactShape(c.second)})}};
    writeContactLaw(c, j);
    list.push_back(std::move(j));
  }
  return list;
}

Json writeGround(const GroundSpec& g) {
  Json j = {{"point", vec(g.point)}, {"normal", vec(g.normal)}, {"direction", vec(g.direction)}};
  const RoadProfile& p = g.road;
  switch (p.kind) {
    case RoadKind::Flat: break;
    case RoadKind::Bump:
    case RoadKind::Step: j["road"] = {{"type", p.kind == RoadKind::Bump ? "bump" : "step"}, {"start", p.start}, {"length", p.length}, {"height", p.height}}; break;
    case RoadKind::Table: {
      Json points = Json::array();
      for (const auto& [s, h] : p.points) points.push_back(Json::array({s, h}));
      j["road"] = {{"type", "table"}, {"points", points}};
      break;
    }
  }
  return j;
}

}  // namespace mstmm::model_file
