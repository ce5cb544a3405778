#include "interchange/mjcf_body_contacts.hpp"

#include "interchange/import_contacts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

namespace mstmm {

namespace {

// As stiff as the file's time step resolves for the pair's reduced mass
// (each body's least effective mass at its geom, leastMassAt), damped at
// 0.7 of critical: the rule of the ground contacts (mjcf_contacts.cpp,
// docs/interchange.md I9).
constexpr double kPairOmegaDt = 0.3;
constexpr double kPairDampingRatio = 0.7;

std::string geomName(const mjModel* m, int g) {
  const char* n = mj_id2name(m, mjOBJ_GEOM, g);
  return n && *n ? std::string(n) : "geom " + std::to_string(g);
}

bool shapeKind(int type, ContactShapeKind& kind) {
  switch (type) {
    case mjGEOM_SPHERE: kind = ContactShapeKind::Sphere; return true;
    case mjGEOM_CAPSULE: kind = ContactShapeKind::Capsule; return true;
    case mjGEOM_BOX: kind = ContactShapeKind::Box; return true;
    case mjGEOM_CYLINDER: kind = ContactShapeKind::Cylinder; return true;
    default: return false;
  }
}

class PairReader {
 public:
  PairReader(const mjModel* m, const mjData* d, ModelSpec& spec, std::vector<std::string>& notes) : m_m(m), m_d(d), m_spec(spec), m_notes(notes) {}

  void run() {
    if (m_m->opt.disableflags & mjDSBL_CONTACT) return;  // the ground contacts' reader names it
    std::set<std::pair<int, int>> pairs;
    for (int a = 0; a < m_m->ngeom; ++a)
      for (int b = a + 1; b < m_m->ngeom; ++b)
        if (mayTouch(a, b)) pairs.insert({a, b});
    for (int p = 0; p < m_m->npair; ++p)  // the file's explicit pairs, whatever the rules above say
      pairs.insert(std::minmax(m_m->pair_geom1[p], m_m->pair_geom2[p]));
    std::set<int> untaken;
    std::vector<std::pair<int, int>> taken;
    for (const auto& [a, b] : pairs) {
      ContactShapeKind k;
      const bool ok = shapeKind(m_m->geom_type[a], k) && shapeKind(m_m->geom_type[b], k);
      if (ok) taken.push_back({a, b});
      else for (int g : {a, b}) if (!shapeKind(m_m->geom_type[g], k) && m_m->geom_type[g] != mjGEOM_PLANE) untaken.insert(g);
    }
    for (int g : untaken) m_notes.push_back("geom '" + geomName(m_m, g) + "': only spheres, capsules, boxes and cylinders touch other bodies; this one does not");
    if (taken.empty()) return;
    if (static_cast<int>(taken.size()) > kMostImportedGeomPairs) {
      m_notes.push_back("the file lets " + std::to_string(taken.size()) + " geom pairs touch, more than the " + std::to_string(kMostImportedGeomPairs) +
                        " that MSTMM Studio tests one by one: no contacts between bodies are imported");
      return;
    }
    for (const auto& [a, b] : taken) add(a, b);
    m_notes.push_back(std::to_string(taken.size()) + " contacts between bodies from the geom pairs MuJoCo would test: each as stiff as the time step resolves "
                      "for the pair's reduced mass (each body's least effective mass at its geom), damped at 0.7 of critical, with the larger sliding friction of the two geoms");
  }

 private:
  // MuJoCo's rules for the pairs it tests without an explicit <pair>.
  bool mayTouch(int a, int b) const {
    const int ba = m_m->geom_bodyid[a], bb = m_m->geom_bodyid[b];
    if (m_m->geom_type[a] == mjGEOM_PLANE || m_m->geom_type[b] == mjGEOM_PLANE) return false;  // the ground: mjcf_contacts.cpp
    if (!((m_m->geom_contype[a] & m_m->geom_conaffinity[b]) || (m_m->geom_contype[b] & m_m->geom_conaffinity[a]))) return false;
    const int wa = m_m->body_weldid[ba], wb = m_m->body_weldid[bb];
    if (wa == wb) return false;  // one rigid piece, or both on the world
    if (!(m_m->opt.disableflags & mjDSBL_FILTERPARENT) && wa && wb) {
      const int pa = m_m->body_weldid[m_m->body_parentid[wa]], pb = m_m->body_weldid[m_m->body_parentid[wb]];
      if (wa == pb || wb == pa) return false;
    }
    const int lo = std::min(ba, bb), hi = std::max(ba, bb), signature = ((lo + 1) << 16) + hi + 1;
    for (int e = 0; e < m_m->nexclude; ++e)
      if (m_m->exclude_signature[e] == signature) return false;
    return true;
  }

  ContactShape shapeOf(int g) const {
    ContactShape s;
    shapeKind(m_m->geom_type[g], s.kind);
    const int b = m_m->geom_bodyid[g];
    const mjtNum* size = m_m->geom_size + 3 * g;
    const mjtNum* r = m_d->geom_xmat + 9 * g;
    Mat3 axes;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) axes(i, j) = r[3 * i + j];
    const Vec3 centre(m_d->geom_xpos[3 * g], m_d->geom_xpos[3 * g + 1], m_d->geom_xpos[3 * g + 2]);
    if (b > 0) s.body = m_spec.bodies[static_cast<std::size_t>(b - 1)].name;
    s.centre = b > 0 ? Vec3(centre - Vec3(m_d->xpos[3 * b], m_d->xpos[3 * b + 1], m_d->xpos[3 * b + 2])) : centre;
    s.orientation = quaternionFromRotation(axes);
    if (s.kind == ContactShapeKind::Box) s.halfSize = Vec3(size[0], size[1], size[2]);
    else s.radius = size[0];
    if (s.kind == ContactShapeKind::Capsule || s.kind == ContactShapeKind::Cylinder) s.length = 2.0 * size[1];
    return s;
  }

  /// leastEffectiveMass() of geom g's body at the farthest the geom reaches
  /// from the body's centre of mass (a limb's tip is far softer than the
  /// limb's mass says). The world: no bound (infinite).
  double leastMassAt(int g) const {
    const int b = m_m->geom_bodyid[g];
    if (b == 0) return std::numeric_limits<double>::infinity();
    const mjtNum* size = m_m->geom_size + 3 * g;
    double reach = 0.0;
    switch (m_m->geom_type[g]) {
      case mjGEOM_SPHERE: reach = size[0]; break;
      case mjGEOM_CAPSULE: reach = size[0] + size[1]; break;
      case mjGEOM_CYLINDER: reach = std::hypot(size[0], size[1]); break;
      default: reach = std::sqrt(size[0] * size[0] + size[1] * size[1] + size[2] * size[2]);
    }
    const double r = std::sqrt(std::pow(m_d->geom_xpos[3 * g] - m_d->xipos[3 * b], 2) + std::pow(m_d->geom_xpos[3 * g + 1] - m_d->xipos[3 * b + 1], 2) +
                               std::pow(m_d->geom_xpos[3 * g + 2] - m_d->xipos[3 * b + 2], 2)) + reach;
    return leastEffectiveMass(m_m->body_mass[b], std::min({m_m->body_inertia[3 * b], m_m->body_inertia[3 * b + 1], m_m->body_inertia[3 * b + 2]}), r);
  }

  void add(int a, int b) {
    BodyContactSpec c;
    c.name = geomName(m_m, a) + " - " + geomName(m_m, b);
    c.first = shapeOf(a);
    c.second = shapeOf(b);
    const double ma = leastMassAt(a), mb = leastMassAt(b);
    const double reduced = std::max(std::isinf(ma) ? mb : std::isinf(mb) ? ma : ma * mb / (ma + mb), 1e-9);
    const double omega = kPairOmegaDt / m_spec.simulation.timeStep;
    c.stiffness = reduced * omega * omega;
    c.damping = 2.0 * kPairDampingRatio * reduced * omega;
    c.staticFriction = c.dynamicFriction = std::max(m_m->geom_friction[3 * a], m_m->geom_friction[3 * b]);
    c.slipVelocity = std::max(1e-3, c.staticFriction * 9.81 / omega);
    m_spec.bodyContacts.push_back(std::move(c));
  }

  const mjModel* m_m;
  const mjData* m_d;
  ModelSpec& m_spec;
  std::vector<std::string>& m_notes;
};

}  // namespace

void readBodyContacts(const mjModel* m, const mjData* d, ModelSpec& spec, std::vector<std::string>& notes) { PairReader(m, d, spec, notes).run(); }

}  // namespace mstmm
