#include "interchange/mjcf_contacts.hpp"

#include <cmath>
#include <algorithm>
#include <map>

#include "core/model/validation.hpp"

namespace mstmm {

namespace {

// Each contact as stiff as the file's time step resolves for the mass it
// carries, as imported stops are (docs/interchange.md I8): omega dt = 0.3
// with omega^2 = k / m, m the geom's body and all that hangs from it, and
// damped at 0.7 of critical. MuJoCo's own contact is a soft constraint
// (solref, solimp), another law.
constexpr double kContactOmegaDt = 0.3;
constexpr double kContactDampingRatio = 0.7;

Vec3 axisOfFrame(const mjtNum* m, int k) { return Vec3(m[k], m[3 + k], m[6 + k]); }
Vec3 pointAt(const mjtNum* v) { return Vec3(v[0], v[1], v[2]); }

bool mayCollide(const mjModel* m, int a, int b) {
  return (m->geom_contype[a] & m->geom_conaffinity[b]) != 0 || (m->geom_contype[b] & m->geom_conaffinity[a]) != 0;
}

std::string contactGeomName(const mjModel* m, int g) {
  const char* n = mj_id2name(m, mjOBJ_GEOM, g);
  return n && *n ? std::string(n) : "geom " + std::to_string(g);
}

/// The first plane on the world body, or -1.
int groundPlaneGeom(const mjModel* m) {
  for (int g = 0; g < m->ngeom; ++g)
    if (m->geom_bodyid[g] == 0 && m->geom_type[g] == mjGEOM_PLANE) return g;
  return -1;
}

class ContactReader {
 public:
  ContactReader(const mjModel* m, const mjData* d, ModelSpec& spec, std::vector<std::string>& notes) : m_m(m), m_d(d), m_spec(spec), m_notes(notes) {}

  void run() {
    if (m_m->opt.disableflags & mjDSBL_CONTACT) {
      m_notes.push_back("option: flag contact=\"disable\": the geoms make no contacts");
      return;
    }
    const int plane = groundPlaneGeom(m_m);
    if (plane < 0) {
      if (m_m->ngeom > 0) m_notes.push_back("no plane geom on the world body: the geoms make no ground contacts (MSTMM Studio's contacts press on a ground plane)");
      return;
    }
    const mjtNum* r = m_d->geom_xmat + 9 * plane;
    m_spec.ground.point = pointAt(m_d->geom_xpos + 3 * plane);
    m_spec.ground.normal = axisOfFrame(r, 2);
    m_spec.ground.direction = axisOfFrame(r, 0);
    for (int g = 0; g < m_m->ngeom; ++g)
      if (m_m->geom_bodyid[g] > 0 && mayCollide(m_m, g, plane)) addGeom(g);
    for (int p = 0; p < m_m->ngeom; ++p)
      if (p != plane && m_m->geom_bodyid[p] == 0 && m_m->geom_type[p] != mjGEOM_PLANE) m_notes.push_back("geom '" + contactGeomName(m_m, p) + "' on the world: only a plane is a ground; it is drawn only");
    if (m_contacts > 0)
      m_notes.push_back(std::to_string(m_contacts) + " ground contacts from the geoms: each as stiff as the time step resolves for its body and what hangs from it, damped at 0.7 of critical, "
                        "with the geom's sliding friction (MuJoCo's soft contact, its solref and solimp, is another law)");
  }

 private:
  void addGeom(int g) {
    const int b = m_m->geom_bodyid[g];
    const mjtNum* size = m_m->geom_size + 3 * g;
    const mjtNum* r = m_d->geom_xmat + 9 * g;
    const Vec3 centre = pointAt(m_d->geom_xpos + 3 * g);
    switch (m_m->geom_type[g]) {
      case mjGEOM_SPHERE: add(g, centre, size[0]); break;
      case mjGEOM_CAPSULE:  // its distance to a plane is least at one end of its segment
        add(g, centre - axisOfFrame(r, 2) * size[1], size[0]);
        add(g, centre + axisOfFrame(r, 2) * size[1], size[0]);
        break;
      case mjGEOM_BOX:  // and a box's at a corner
        for (int k = 0; k < 8; ++k)
          add(g, centre + axisOfFrame(r, 0) * ((k & 1) ? size[0] : -size[0]) + axisOfFrame(r, 1) * ((k & 2) ? size[1] : -size[1]) + axisOfFrame(r, 2) * ((k & 4) ? size[2] : -size[2]), 0.0);
        break;
      default:
        m_notes.push_back("geom '" + contactGeomName(m_m, g) + "' of body '" + m_spec.bodies[static_cast<std::size_t>(b - 1)].name +
                          "': only spheres, capsules and boxes make contacts; this one is drawn only");
        return;
    }
  }

  void add(int g, const Vec3& world, double radius) {
    const int b = m_m->geom_bodyid[g];
    const double mass = m_m->body_subtreemass[b];
    const double omega = kContactOmegaDt / m_spec.simulation.timeStep;
    ContactSpec c;
    c.name = contactGeomName(m_m, g) + " " + std::to_string(++m_perGeom[g]);
    c.body = m_spec.bodies[static_cast<std::size_t>(b - 1)].name;
    c.point = world - pointAt(m_d->xpos + 3 * b);
    c.radius = radius;
    c.stiffness = mass * omega * omega;
    c.damping = 2.0 * kContactDampingRatio * mass * omega;
    c.staticFriction = c.dynamicFriction = m_m->geom_friction[3 * g];
    // Friction's regularised slope mu N / v_r no steeper than the contact's
    // own rate m omega, even when the whole system of mass M rests on it
    // (N = M g): v_r = mu g (M / m) / omega. Below v_r friction is viscous.
    const double gravity = std::sqrt(m_m->opt.gravity[0] * m_m->opt.gravity[0] + m_m->opt.gravity[1] * m_m->opt.gravity[1] + m_m->opt.gravity[2] * m_m->opt.gravity[2]);
    const double system = m_m->body_subtreemass[m_m->body_rootid[b]];
    c.slipVelocity = std::max(1e-3, c.staticFriction * gravity * (system / mass) / omega);
    m_spec.contacts.push_back(c);
    ++m_contacts;
  }

  const mjModel* m_m;
  const mjData* m_d;
  ModelSpec& m_spec;
  std::vector<std::string>& m_notes;
  std::map<int, int> m_perGeom;
  int m_contacts = 0;
};

}  // namespace

void readGroundContacts(const mjModel* m, const mjData* d, ModelSpec& spec, std::vector<std::string>& notes) { ContactReader(m, d, spec, notes).run(); }

}  // namespace mstmm
