#include "core/model/validation.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <unordered_map>
#include <unordered_set>

#include "core/model/load_validation.hpp"
#include "core/message_text.hpp"
#include "core/model/beam_step.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/mass_properties.hpp"
#include "core/model/massless_frames.hpp"
#include "core/model/model_range.hpp"
#include "core/model/spanning_tree.hpp"
#include "core/model/stiffness_estimate.hpp"

namespace mstmm {

bool hasErrors(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Severity::Error) return true;
  return false;
}

namespace {

bool finite(const Vec3& v) { return v.allFinite(); }
bool finiteEntry(double v) { return std::isfinite(v); }
template <int Rows>
bool finiteEntry(const Eigen::Matrix<double, Rows, 1>& v) { return v.allFinite(); }

/// Where a walk along output hinges from a body ends up.
enum class Reach { Unknown, OnPath, Ground, Detached };

class Checker {
 public:
  explicit Checker(const ModelSpec& spec) : m_spec(spec) {
    for (std::size_t i = 0; i < spec.bodies.size(); ++i)
      m_bodyIndex.emplace(spec.bodies[i].id.value, static_cast<int>(i));
  }

  std::vector<Diagnostic> run() {
    if (m_spec.bodies.size() > kMaxBodies) {  // before anything per body: the count alone decides
      error(ErrorSubject::Kind::None, -1, "model: " + std::to_string(m_spec.bodies.size()) + " bodies, more than the " +
                                               std::to_string(kMaxBodies) + " a model may have (as many as the generators make)");
      return std::move(m_out);
    }
    checkModel();
    checkModelRange(m_spec, m_out);
    for (std::size_t i = 0; i < m_spec.bodies.size(); ++i) checkBody(static_cast<int>(i));
    checkBeamPieceCount();
    for (std::size_t i = 0; i < m_spec.hinges.size(); ++i) checkHinge(static_cast<int>(i));
    checkUniqueNames();
    checkTopology();
    validateLoads(m_spec, m_out);
    checkStiffElements();
    return std::move(m_out);
  }

 private:
  bool planar() const { return m_spec.kind == ModelKind::Planar; }

  void error(ErrorSubject::Kind kind, int index, const std::string& message) {
    m_out.push_back({Severity::Error, {kind, index}, message});
  }
  void bodyError(int b, const std::string& what) {
    error(ErrorSubject::Kind::Body, b, "body " + quoted(m_spec.bodies[static_cast<std::size_t>(b)].name) + ": " + what);
  }
  void hingeError(int h, const std::string& what) {
    error(ErrorSubject::Kind::Hinge, h, "hinge " + quoted(m_spec.hinges[static_cast<std::size_t>(h)].name) + ": " + what);
  }
  int bodyIndex(BodyId id) const {
    auto it = m_bodyIndex.find(id.value);
    return it == m_bodyIndex.end() ? -1 : it->second;
  }
  std::string bodyName(int b) const { return "'" + m_spec.bodies[static_cast<std::size_t>(b)].name + "'"; }

  void checkModel() {
    if (!finite(m_spec.gravity))
      error(ErrorSubject::Kind::None, -1, "model: gravity contains a non-finite number");
    else if (planar() && m_spec.gravity.z() != 0.0)
      error(ErrorSubject::Kind::None, -1, "model: a planar model moves in the x-y plane, so gravity must have z = 0 (got " + formatNumber(m_spec.gravity.z()) + ")");
    if (m_spec.bodies.empty()) error(ErrorSubject::Kind::None, -1, "model: there are no bodies; add one (in the studio: double-click the graph) or load a model that has some (an import whose every body is fixed to the world leaves none)");
    for (const std::string& problem : settingsProblems(m_spec.simulation)) error(ErrorSubject::Kind::None, -1, problem);
  }

  void checkBody(int b) {
    const BodySpec& body = m_spec.bodies[static_cast<std::size_t>(b)];
    if (body.name.empty()) bodyError(b, "has no name");
    if (body.inputs.empty()) bodyError(b, "needs at least one input end (I_1 is the body frame's reference point)");
    for (std::size_t k = 0; k < body.inputs.size(); ++k) checkPoint(b, body.inputs[k], "input end " + std::to_string(k + 1));
    checkPoint(b, body.output, "output end");
    if (body.beam) checkBeam(b, body), checkDeformation(b, body);
    else checkShape(b, body.shape);
    if (!body.beam && !body.deformation.empty()) bodyError(b, "initial: a deformation is for beams only; remove it or give the body a beam");
    checkInitialState(b, body);
    for (std::size_t k = 0; k < body.visuals.size(); ++k) checkVisual(b, body.visuals[k], "visual " + std::to_string(k + 1));
  }

  void checkBeamPieceCount() {
    double pieces = 0.0;
    for (const BodySpec& b : m_spec.bodies) pieces += b.beam ? b.beam->segments + 1.0 : 1.0;
    if (pieces > static_cast<double>(kMaxBodies))
      error(ErrorSubject::Kind::None, -1, "model: its beams' pieces make " + formatNumber(pieces) + " bodies, more than the " + std::to_string(kMaxBodies) + " a model may have");
  }

  // A beam (equations.md §11): positive material and section, at least one
  // segment, and every end at a station of the beam (0 <= x <= L).
  void checkBeam(int b, const BodySpec& body) {
    const BeamSpec& beam = *body.beam;
    auto positive = [&](double x, const std::string& name, const char* unit) {
      if (!std::isfinite(x) || x <= 0.0) bodyError(b, "beam: " + name + " must be positive (got " + formatNumber(x) + " " + unit + ")");
    };
    positive(beam.length, "length", "m");
    positive(beam.youngsModulus, "Young's modulus E", "Pa");
    positive(beam.shearModulus, "shear modulus G", "Pa");
    positive(beam.density, "density", "kg/m^3");
    const BeamSection& s = beam.section;
    switch (s.kind) {
      case BeamSectionKind::Rectangle: positive(s.width, "section width", "m"), positive(s.height, "section height", "m"); break;
      case BeamSectionKind::Circle: positive(s.radius, "section radius", "m"); break;
      case BeamSectionKind::Tube:
        positive(s.radius, "section radius", "m");
        if (!std::isfinite(s.innerRadius) || s.innerRadius < 0.0 || s.innerRadius >= s.radius)
          bodyError(b, "beam: the tube's inner radius must lie in [0, radius) (got " + formatNumber(s.innerRadius) + " m)");
        break;
      case BeamSectionKind::Custom:
        positive(s.area, "section area", "m^2"), positive(s.iy, "section I_y", "m^4"), positive(s.iz, "section I_z", "m^4"), positive(s.torsion, "section torsion constant J", "m^4");
        break;
    }
    if (beam.segments < 1 || static_cast<std::size_t>(beam.segments) > kMaxBodies)
      bodyError(b, "beam: needs between 1 and " + std::to_string(kMaxBodies) + " segments (got " + std::to_string(beam.segments) + ")");
    if (!std::isfinite(beam.dampingBeta) || beam.dampingBeta < 0.0)
      bodyError(b, "beam: the damping beta must be zero or positive (got " + formatNumber(beam.dampingBeta) + " s)");
    if (!std::isfinite(beam.dampingAlpha) || beam.dampingAlpha < 0.0)
      bodyError(b, "beam: the damping alpha must be zero or positive (got " + formatNumber(beam.dampingAlpha) + " 1/s)");
    if (!std::isfinite(beam.length) || beam.length <= 0.0) return;
    checkBeamStep(b, beam);
    checkBeamStretch(b, beam);
    auto onBeam = [&](const Vec3& p, const std::string& what) {
      if (p.allFinite() && (p.x() < -1e-9 * beam.length || p.x() > beam.length * (1.0 + 1e-9)))
        bodyError(b, what + " lies at x = " + formatNumber(p.x()) + " m, off the beam (0 to " + formatNumber(beam.length) + " m along x)");
    };
    for (std::size_t k = 0; k < body.inputs.size(); ++k) onBeam(body.inputs[k], "input end " + std::to_string(k + 1));
    onBeam(body.output, "output end");
  }

  // An inextensible beam (equations.md §11.1) leaves out its stretch. Its
  // own weight stretches it by rho g L^2 / (2 E) (a strain of rho g L / E
  // at the top); above a thousandth of its length a soft beam's tip is off
  // by that much (issue 51, point 8: a rubber pendulum against a
  // geometrically exact beam), and a swing pulls harder still.
  void checkBeamStretch(int b, const BeamSpec& beam) {
    if (beam.axial || !(beam.youngsModulus > 0.0) || !(beam.density > 0.0)) return;
    const double strain = beam.density * m_spec.gravity.norm() * beam.length / beam.youngsModulus;
    if (!(strain > 1e-3) || !std::isfinite(strain)) return;
    m_out.push_back({Severity::Warning, {ErrorSubject::Kind::Body, b},
                     "body " + quoted(m_spec.bodies[static_cast<std::size_t>(b)].name) + ": beam: hanging under its own weight it would stretch by " +
                         formatNumber(0.5 * strain * beam.length) + " m (" + formatNumber(0.5 * strain * 100.0) +
                         " % of its length, more when it swings), which an inextensible beam leaves out; set 'axial': true (a stretch per segment) for a beam this soft"});
  }

  // A beam's initial deformation (beam_deformation.hpp): per joint of its
  // division, of the model's kind, stretches only where the beam stretches.
  void checkDeformation(int b, const BodySpec& body) {
    const BeamDeformation& d = body.deformation;
    const std::size_t n = static_cast<std::size_t>(std::max(body.beam->segments, 0));
    auto count = [&](std::size_t size, const char* what) {
      if (size != 0 && size != n)
        bodyError(b, std::string("initial: deformation: '") + what + "' has " + std::to_string(size) + " entries, one per segment of the beam (" + std::to_string(n) +
                         "); it was saved for another division: remove the deformation or set the segments back");
    };
    auto only = [&](bool given, const char* what, const char* reason) {
      if (given) bodyError(b, std::string("initial: deformation: '") + what + "' " + reason);
    };
    const bool planarModel = planar();
    only(planarModel && !(d.rotation.empty() && d.rate.empty()), "rotation", "and 'rate' are for spatial models; a planar beam's joints take 'angle' and 'angle_rate'");
    only(!planarModel && !(d.angle.empty() && d.angleRate.empty()), "angle", "and 'angle_rate' are for planar models; a spatial beam's joints take 'rotation' and 'rate'");
    only(!body.beam->axial && !(d.stretch.empty() && d.stretchRate.empty()), "stretch", "needs an axial beam ('axial': true)");
    count(d.angle.size(), "angle"), count(d.angleRate.size(), "angle_rate"), count(d.rotation.size(), "rotation");
    count(d.rate.size(), "rate"), count(d.stretch.size(), "stretch"), count(d.stretchRate.size(), "stretch_rate");
    auto allFinite = [](const auto& list) { return std::all_of(list.begin(), list.end(), [](const auto& v) { return finiteEntry(v); }); };
    if (!allFinite(d.angle) || !allFinite(d.angleRate) || !allFinite(d.rotation) || !allFinite(d.rate) || !allFinite(d.stretch) || !allFinite(d.stretchRate))
      bodyError(b, "initial: deformation: contains a non-finite number");
    for (std::size_t j = 0; j < d.rotation.size(); ++j)
      if (d.rotation[j].norm() < 1e-12) bodyError(b, "initial: deformation: the rotation of joint " + std::to_string(j + 1) + " is a zero quaternion");
  }

  // A fixed step that does not resolve the beam's highest frequency
  // (equations.md §11.4): RK4 damps that vibration, so the energy balance
  // drifts, or above 2 sqrt(2) diverges. A warning with the step to use:
  // the run is the user's to make.
  void checkBeamStep(int b, const BeamSpec& beam) {
    const SimulationSettings& sim = m_spec.simulation;
    if (sim.integrator != IntegratorKind::Rk4 || !(sim.timeStep > 0.0) || !std::isfinite(sim.timeStep)) return;
    const SectionProperties s = sectionProperties(beam.section);
    if (!(beam.youngsModulus > 0.0 && beam.shearModulus > 0.0 && beam.density > 0.0 && s.area > 0.0 && s.iy > 0.0 && s.iz > 0.0 && s.torsion > 0.0 && beam.segments >= 1)) return;
    const BeamTopFrequency top = beamHighestFrequency(beam, planar());
    const double omega = top.omega;
    const double x = omega * sim.timeStep;
    if (!std::isfinite(x) || x <= kBeamStepWarning) return;
    const std::string effect = x > kRk4StabilityLimit ? "RK4 is unstable there (above 2.83), the run will likely fail"
                                                      : "RK4 damps that vibration and the energy balance drifts";
    m_out.push_back({Severity::Warning, {ErrorSubject::Kind::Body, b},
                     "body " + quoted(m_spec.bodies[static_cast<std::size_t>(b)].name) + ": beam: the time step " + formatNumber(sim.timeStep) +
                         " s is too long for its highest frequency (" + top.vibration + ", about " + formatNumber(std::round(omega)) + " rad/s at " + std::to_string(beam.segments) +
                         " segments, w dt = " + formatNumber(std::round(x * 100.0) / 100.0) + "): " + effect + "; use a step of at most " +
                         formatNumber(kBeamStepSuggested / omega) + " s, fewer segments, or the implicit integrator (generalized-alpha), which takes the step given"});
  }

  // Elements whose local vibration a fixed RK4 step does not resolve
  // (equations.md §5.5), as for beams: one warning for the fastest, naming
  // it, the step RK4 needs and the implicit integrator; the others too fast
  // for the step are counted. Only on a model without errors, whose
  // coefficients and masses the estimate may trust.
  void checkStiffElements() {
    const SimulationSettings& sim = m_spec.simulation;
    if (sim.integrator != IntegratorKind::Rk4 || !(sim.timeStep > 0.0) || !std::isfinite(sim.timeStep)) return;
    if (std::any_of(m_out.begin(), m_out.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; })) return;
    // A vibration RK4 damps above w dt = 1; a decay (an overdamped element's
    // real root) it carries up to its real-axis limit.
    const std::vector<StiffElement> all = stiffElements(m_spec);
    std::vector<StiffElement> stiff;
    for (const StiffElement& e : all)
      if (e.rate * sim.timeStep > (e.overdamped ? kRk4RealLimit : kBeamStepWarning)) stiff.push_back(e);
    const long count = static_cast<long>(stiff.size());
    if (count == 0) return;
    const StiffElement& top = stiff.front();
    const double x = top.rate * sim.timeStep;
    const std::string effect = top.overdamped ? "RK4 is unstable for its decay there (above 2.79), the run will likely fail"
                               : x > kRk4StabilityLimit ? "RK4 is unstable there (above 2.83), the run will likely fail"
                                                        : "RK4 damps that vibration and the energy balance drifts";
    std::string more;
    if (count > 1) more = " (" + std::to_string(count - 1) + " more element" + (count > 2 ? "s are" : " is") + " too stiff for this step)";
    m_out.push_back({Severity::Warning, top.subject,
                     top.element + (top.overdamped ? ": decays at about " : ": vibrates at about ") + formatNumber(std::round(top.rate)) + (top.overdamped ? " 1/s" : " rad/s") + " on its own (stiffness " + formatNumber(top.stiffness) +
                         ", damping " + formatNumber(top.damping) + " on inertia " + formatNumber(top.inertia) + "); the time step " + formatNumber(sim.timeStep) +
                         " s is too long for it (w dt = " + formatNumber(std::round(x * 100.0) / 100.0) + "): " + effect + "; use a step of at most " +
                         formatNumber(kStiffStepSuggested / top.rate) + " s, or the implicit integrator (generalized-alpha), which takes the step given" + more});
  }

  // Visuals are drawn only, but a size that is not positive would draw
  // nothing sensible; a missing mesh file is only a warning (it is left out).
  void checkVisual(int b, const VisualSpec& v, const std::string& what) {
    auto positive = [&](double x, const char* name) {
      if (!std::isfinite(x) || x <= 0.0) bodyError(b, what + ": " + name + " must be positive (got " + formatNumber(x) + " m)");
    };
    switch (v.type) {
      case VisualType::Box: positive(v.size.x(), "size x"), positive(v.size.y(), "size y"), positive(v.size.z(), "size z"); break;
      case VisualType::Cylinder: positive(v.length, "length"), positive(v.radius, "radius"); break;
      case VisualType::Sphere: positive(v.radius, "radius"); break;
      case VisualType::Mesh:
        if (!v.scale.allFinite() || v.scale.minCoeff() <= 0.0) bodyError(b, what + ": the mesh's scale must be positive");
        if (!std::filesystem::exists(v.mesh))
          m_out.push_back({Severity::Warning, {ErrorSubject::Kind::Body, b}, "body " + quoted(m_spec.bodies[static_cast<std::size_t>(b)].name) + ": " + what +
                                                                                ": mesh file '" + v.mesh + "' does not exist; it is not drawn"});
        break;
    }
    if (!v.position.allFinite() || !v.orientation.allFinite() || v.orientation.norm() < 1e-12) bodyError(b, what + ": its placement is not a finite position and rotation");
    if (v.colour && (!v.colour->allFinite() || v.colour->minCoeff() < 0.0 || v.colour->maxCoeff() > 1.0)) bodyError(b, what + ": colour components must lie in [0, 1]");
  }

  void checkPoint(int b, const Vec3& p, const std::string& what) {
    if (!finite(p)) bodyError(b, what + " position contains a non-finite number");
    else if (planar() && p.z() != 0.0)
      bodyError(b, what + " lies out of the x-y plane (z = " + formatNumber(p.z()) + ") in a planar model");
  }

  void checkInitialState(int b, const BodySpec& body) {
    if (planar()) {
      if (!std::isfinite(body.theta) || !std::isfinite(body.thetaDot))
        bodyError(b, "initial angle or angular velocity is not a finite number");
      return;
    }
    if (!body.orientation.allFinite() || !finite(body.angularVelocity))
      bodyError(b, "initial orientation or angular velocity contains a non-finite number");
    else if (body.orientation.norm() < 1e-12)
      bodyError(b, "initial orientation quaternion is zero");
  }

  void checkShape(int b, const ShapeSpec& shape) {
    // Zero mass is a massless frame (issue 29.1): legal where something
    // beyond its hinge has mass (checkMasslessFrames).
    if (!std::isfinite(shape.mass) || shape.mass < 0.0) {
      if (shape.type != ShapeType::PointMasses)
        bodyError(b, "mass must be positive (got " + formatNumber(shape.mass) + " kg), or zero for a massless frame");
    }
    switch (shape.type) {
      case ShapeType::Rod: checkLength(b, "rod length", shape.length); break;
      case ShapeType::Cylinder:
        checkLength(b, "cylinder length", shape.length);
        checkLength(b, "cylinder radius", shape.radius);
        break;
      case ShapeType::Box:
        checkLength(b, "box size x", shape.size.x());
        checkLength(b, "box size y", shape.size.y());
        checkLength(b, "box size z", shape.size.z());
        break;
      case ShapeType::PointMasses: checkPointMasses(b, shape); break;
      case ShapeType::Custom: checkCustom(b, shape); break;
    }
    if (shape.center) checkPoint(b, *shape.center, "shape centre");
    if (!m_bodyBroken) checkInertia(b, shape);
    m_bodyBroken = false;
  }

  void checkLength(int b, const std::string& what, double value) {
    if (!std::isfinite(value) || value <= 0.0) {
      bodyError(b, what + " must be positive (got " + formatNumber(value) + " m)");
      m_bodyBroken = true;
    }
  }

  void checkPointMasses(int b, const ShapeSpec& shape) {
    if (shape.points.empty()) {
      bodyError(b, "a point-mass body needs at least one point");
      m_bodyBroken = true;
    }
    for (std::size_t i = 0; i < shape.points.size(); ++i) {
      const PointMass& p = shape.points[i];
      if (!std::isfinite(p.mass) || p.mass <= 0.0) {
        bodyError(b, "mass of point " + std::to_string(i + 1) + " must be positive (got " + formatNumber(p.mass) + " kg)");
        m_bodyBroken = true;
      }
      checkPoint(b, p.position, "point mass " + std::to_string(i + 1));
    }
  }

  void checkCustom(int b, const ShapeSpec& shape) {
    checkPoint(b, shape.com, "centre of mass");
    if (!shape.inertia.allFinite()) {
      bodyError(b, "inertia contains a non-finite number");
      m_bodyBroken = true;
    } else if ((shape.inertia - shape.inertia.transpose()).cwiseAbs().maxCoeff() > 1e-12 * (1.0 + shape.inertia.cwiseAbs().maxCoeff())) {
      bodyError(b, "inertia tensor is not symmetric");
      m_bodyBroken = true;
    } else if (planar() && (shape.inertia(0, 2) != 0.0 || shape.inertia(1, 2) != 0.0)) {
      bodyError(b, "in a planar model z must be a principal axis (inertia products xz and yz must be 0)");
      m_bodyBroken = true;
    }
  }

  void checkInertia(int b, const ShapeSpec& shape) {
    const MassProperties mp = massProperties(shape);
    if (mp.mass == 0.0 && shape.type == ShapeType::Custom) return checkMasslessInertia(b, shape);
    if (!(mp.mass > 0.0) || !mp.inertiaAtCom.allFinite()) return;
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(mp.inertiaAtCom, Eigen::EigenvaluesOnly);
    const Vec3 j = eig.eigenvalues();  // ascending
    const double scale = std::max(j[2], 1e-300);
    if (planar()) {
      if (mp.inertiaAtCom(2, 2) < 0.0)
        bodyError(b, "inertia is not positive definite (J_zz about the centre of mass is " + formatNumber(mp.inertiaAtCom(2, 2)) + " kg m^2)");
      return;
    }
    // A body welded to its root side turns only with it: its own inertia
    // needs no moment about every axis (a point mass, as the 2-8 g frames
    // MuJoCo's Fetch welds to its links; issue 51, point 15), only none negative.
    if (j[0] <= 1e-12 * scale && heldByWeld(b) && j[0] >= -1e-12 * scale) return;
    if (j[0] <= 1e-12 * scale) {
      std::string hint;
      if (shape.type == ShapeType::Rod)
        hint = "; a slender rod has no inertia about its own axis in a 3-D model: use a cylinder with a radius (e.g. 0.01 m)";
      else if (shape.type == ShapeType::PointMasses)
        hint = "; point masses on one line have no inertia about that line: add a point off the line or use a shape with a radius";
      bodyError(b, "inertia is not positive definite (smallest principal moment " + formatNumber(j[0]) + " kg m^2)" + hint);
    } else if (shape.type == ShapeType::Custom && j[0] + j[1] < j[2] * (1.0 - 1e-9)) {
      bodyError(b, "inertia violates the triangle inequality (principal moments " + formatNumber(j[0]) + ", " + formatNumber(j[1]) + ", " + formatNumber(j[2]) + " kg m^2): no rigid body has it");
    }
  }

  /// Whether body b's output end is held to its root side by a weld in the
  /// spanning tree (not cut to close a loop).
  bool heldByWeld(int b) const {
    const BodyId id = m_spec.bodies[static_cast<std::size_t>(b)].id;
    for (const HingeSpec& h : m_spec.hinges)
      if (h.child == id && h.atChildOutput()) return h.type == HingeType::Weld && h.cut != CutChoice::Cut;
    return false;
  }

  // A body without mass may still have rotational inertia (a rotor whose
  // mass is counted elsewhere), but no negative moment.
  void checkMasslessInertia(int b, const ShapeSpec& shape) {
    if (shape.inertia.isZero(0.0)) return;
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(shape.inertia, Eigen::EigenvaluesOnly);
    const Vec3 j = eig.eigenvalues();
    if (j[0] < -1e-12 * std::max(j[2], 1e-300))
      bodyError(b, "a massless body's inertia must be positive semi-definite (smallest principal moment " + formatNumber(j[0]) + " kg m^2)");
  }

  void checkHinge(int h) {
    const HingeSpec& hinge = m_spec.hinges[static_cast<std::size_t>(h)];
    if (hinge.name.empty()) hingeError(h, "has no name");
    const int child = bodyIndex(hinge.child);
    if (child < 0) hingeError(h, "its tip-side body (id " + std::to_string(hinge.child.value) + ") does not exist");
    if (hinge.parent) {
      const int parent = bodyIndex(*hinge.parent);
      if (parent < 0) {
        hingeError(h, "its root-side body (id " + std::to_string(hinge.parent->value) + ") does not exist");
      } else {
        const int inputs = static_cast<int>(m_spec.bodies[static_cast<std::size_t>(parent)].inputs.size());
        if (hinge.parentInput < 0 || hinge.parentInput >= inputs)
          hingeError(h, "body " + bodyName(parent) + " has no input end " + std::to_string(hinge.parentInput + 1) + " (it has " + std::to_string(inputs) + ")");
        if (parent == child) hingeError(h, "connects body " + bodyName(parent) + " to itself");
      }
    }
    if (child >= 0 && hinge.childEnd >= 0) {
      const int inputs = static_cast<int>(m_spec.bodies[static_cast<std::size_t>(child)].inputs.size());
      if (hinge.childEnd >= inputs)
        hingeError(h, "body " + bodyName(child) + " has no input end " + std::to_string(hinge.childEnd + 1) + " (it has " + std::to_string(inputs) + ")");
    }
    if (hinge.parent) {
    } else if (!finite(hinge.anchor) || (planar() && hinge.anchor.z() != 0.0)) {
      hingeError(h, planar() ? "ground anchor must be a finite point in the x-y plane" : "ground anchor contains a non-finite number");
    }
    checkHingeType(h, hinge);
  }

  void checkHingeType(int h, const HingeSpec& hinge) {
    const JointModel& joint = jointModel(hinge.type);
    if (!joint.in(m_spec.kind).allowed)
      hingeError(h, *joint.wrongKind ? std::string(joint.wrongKind)
                                     : std::string("a ") + joint.name + " hinge is spatial; in a planar model use a pin, slider, point-on-line or free hinge");
    if (!joint.check) return;
    JointProblems problems;
    joint.check(hinge, m_spec.kind, problems);
    for (const std::string& problem : problems) hingeError(h, problem);
  }

  void checkUniqueNames() {
    std::unordered_map<std::string, int> seen;
    for (std::size_t i = 0; i < m_spec.bodies.size(); ++i) {
      const std::string& n = m_spec.bodies[i].name;
      if (!n.empty() && !seen.emplace(n, static_cast<int>(i)).second) bodyError(static_cast<int>(i), "the name is used by another body");
    }
    seen.clear();
    for (std::size_t i = 0; i < m_spec.hinges.size(); ++i) {
      const std::string& n = m_spec.hinges[i].name;
      if (!n.empty() && !seen.emplace(n, static_cast<int>(i)).second) hingeError(static_cast<int>(i), "the name is used by another hinge");
    }
  }

  void checkTopology();
  void checkInputEndsHoldOneHinge();
  void checkMasslessFrames(const SpanningTree& tree);
  void explainUnreached(const SpanningTree& tree);
  void checkInitialVelocities(const std::vector<int>& treeHinge);

  /// The first hinge at body b's output end (-1: none).
  int outputHingeOf(int b) const;

  const ModelSpec& m_spec;
  std::unordered_map<std::uint32_t, int> m_bodyIndex;
  std::vector<Diagnostic> m_out;
  bool m_bodyBroken = false;
};

// The spanning tree must reach every body from one ground hinge; every other
// hinge closes a loop and is cut (equations.md §6).
void Checker::checkTopology() {
  checkInputEndsHoldOneHinge();
  if (m_spec.bodies.empty()) return;
  const SpanningTree tree = chooseSpanningTree(m_spec);
  if (tree.rootHinge < 0) {
    bool anyGround = false;
    for (const HingeSpec& h : m_spec.hinges) anyGround = anyGround || h.isGround();
    error(ErrorSubject::Kind::None, -1,
          anyGround ? "model: no body hangs from the ground by its output end (a hinge at an input end only closes a loop)"
                    : "model: no hinge connects the system to the ground; to let it float, give its root body a hinge of type 'free' to the ground");
    return;
  }
  explainUnreached(tree);
  checkMasslessFrames(tree);
  for (std::size_t h = 0; h < m_spec.hinges.size(); ++h) {
    const HingeSpec& hinge = m_spec.hinges[h];
    if (hinge.cut != CutChoice::Keep || !tree.cut[h]) continue;
    const int child = bodyIndex(hinge.child);
    const int holder = child >= 0 ? tree.treeHinge[static_cast<std::size_t>(child)] : -1;
    hingeError(static_cast<int>(h), hinge.atChildOutput() && holder >= 0
                                        ? "is marked to stay uncut, but body " + bodyName(child) + " already hangs from hinge '" + m_spec.hinges[static_cast<std::size_t>(holder)].name + "'; mark another hinge of the loop to stay uncut"
                                        : "is marked to stay uncut, but it cannot be in the spanning tree (only a hinge at its tip-side body's output end can)");
  }
  for (std::size_t h = 0; h < m_spec.hinges.size(); ++h)
    if (tree.cut[h] && m_spec.hinges[h].type == HingeType::PointOnLine && !m_spec.hinges[h].isGround())
      hingeError(static_cast<int>(h), "a point-on-line hinge can be cut to close a loop only where its line is fixed to the ground; let another hinge of the loop be cut (mark this one 'keep')");
    else if (tree.cut[h] && hingeSlideCount(m_spec.hinges[h].type, m_spec.kind) > 0 && m_spec.hinges[h].type != HingeType::PointOnLine)
      hingeError(static_cast<int>(h), std::string("a ") + toString(m_spec.hinges[h].type) + " hinge slides, so it cannot be cut to close a loop; let another hinge of the loop be cut (mark this one 'keep', or hang its tip-side body from it by its output end)");
    else if (tree.cut[h] && m_spec.hinges[h].type == HingeType::Universal)
      hingeError(static_cast<int>(h), "a universal hinge cannot be cut to close a loop yet; let another hinge of the loop be cut (mark this one 'keep', or hang its tip-side body from it by its output end)");
    else if (tree.cut[h] && !m_spec.hinges[h].coordinateLoads.empty())
      hingeError(static_cast<int>(h), "loads on the coordinates of a cut hinge are not supported; let another hinge of the loop be cut (mark this one 'keep'), or use a point-to-point spring-damper");
  if (!hasErrors(m_out)) checkInitialVelocities(tree.treeHinge);
}

// A hinge whose tip side has neither mass nor inertia leaves a motion that
// no force determines: the release matrix D (equations.md §3.3) is zero.
void Checker::checkMasslessFrames(const SpanningTree& tree) {
  const std::vector<bool> undetermined = hingesMovingNothing(m_spec, tree);
  for (std::size_t h = 0; h < undetermined.size(); ++h) {
    if (!undetermined[h]) continue;
    const int child = bodyIndex(m_spec.hinges[h].child);
    hingeError(static_cast<int>(h), "body " + bodyName(child) + " and everything beyond it are massless, so nothing determines the motion this " +
                                        toString(m_spec.hinges[h].type) + " hinge leaves free; give a body beyond it mass, or make the hinge a weld");
  }
}

// Each input end holds at most one hinge, whether the hinge reaches it as its
// root side or (a cut at a tip-side body's input end) as its tip side.
void Checker::checkInputEndsHoldOneHinge() {
  std::unordered_map<long long, int> holder;  // body * 2^32 + input -> hinge
  auto claim = [&](int h, int body, int input) {
    if (body < 0 || input < 0) return;
    auto [it, fresh] = holder.emplace(static_cast<long long>(body) * 4294967296LL + input, h);
    if (!fresh)
      hingeError(h, "input end " + std::to_string(input + 1) + " of body " + bodyName(body) + " already holds hinge '" + m_spec.hinges[static_cast<std::size_t>(it->second)].name + "': give each hinge its own input end");
  };
  for (std::size_t hi = 0; hi < m_spec.hinges.size(); ++hi) {
    const HingeSpec& hinge = m_spec.hinges[hi];
    claim(static_cast<int>(hi), bodyIndex(hinge.child), hinge.childEnd);
    if (hinge.parent) claim(static_cast<int>(hi), bodyIndex(*hinge.parent), hinge.parentInput);
  }
}

// Says why a body is not in the spanning tree, following the first hinge at
// each output end: it ends at a free output, runs round a loop of bodies
// joined output to input, or reaches the ground only by a hinge marked cut.
void Checker::explainUnreached(const SpanningTree& tree) {
  std::vector<Reach> state(tree.treeHinge.size(), Reach::Unknown);
  for (std::size_t b = 0; b < tree.treeHinge.size(); ++b)
    if (tree.treeHinge[b] >= 0) state[b] = Reach::Ground;
  for (int start = 0; start < static_cast<int>(state.size()); ++start) {
    std::vector<int> path;
    Reach verdict = Reach::Unknown;
    for (int b = start; verdict == Reach::Unknown;) {
      const Reach known = state[static_cast<std::size_t>(b)];
      if (known == Reach::Ground || known == Reach::Detached) {
        verdict = known;
        break;
      }
      if (known == Reach::OnPath) {
        bodyError(b, "lies on a closed loop of bodies joined output to input that never reaches the ground; hang one body of that loop from the ground by its output end");
        verdict = Reach::Detached;
        break;
      }
      state[static_cast<std::size_t>(b)] = Reach::OnPath;
      path.push_back(b);
      const int h = outputHingeOf(b);
      if (h < 0) {
        if (m_spec.bodies.size() > 1) bodyError(b, "not connected: its output end has no hinge, so it does not hang from the ground");
        verdict = Reach::Detached;
      } else if (m_spec.hinges[static_cast<std::size_t>(h)].isGround()) {
        // A system of its own gets a root of its own (spanning_tree.hpp), so
        // this hinge was not taken: the user marked it to be cut.
        bodyError(b, "hangs from the ground only by hinge '" + m_spec.hinges[static_cast<std::size_t>(h)].name + "', which is marked to be cut; a system needs one uncut hinge to the ground");
        verdict = Reach::Detached;
      } else {
        b = bodyIndex(*m_spec.hinges[static_cast<std::size_t>(h)].parent);
        if (b < 0) verdict = Reach::Detached;
      }
    }
    for (int p : path) state[static_cast<std::size_t>(p)] = verdict;
  }
}

int Checker::outputHingeOf(int b) const {
  for (std::size_t h = 0; h < m_spec.hinges.size(); ++h) {
    const HingeSpec& hinge = m_spec.hinges[h];
    if (hinge.atChildOutput() && hinge.cut != CutChoice::Cut && bodyIndex(hinge.child) == b) return static_cast<int>(h);
  }
  return -1;
}

// Revolute, weld and sliding hinges constrain the initial angular velocities
// (absolute coordinates, equations.md §3.3): Omega_tip - Omega_root must lie
// along the axis (revolute) or vanish (weld, slider).
void Checker::checkInitialVelocities(const std::vector<int>& treeHinge) {
  for (std::size_t b = 0; b < m_spec.bodies.size(); ++b) {
    const int h = treeHinge[b];
    if (h < 0) continue;
    const HingeSpec& hinge = m_spec.hinges[static_cast<std::size_t>(h)];
    if (hinge.type == HingeType::Ball || hinge.type == HingeType::Free || hinge.type == HingeType::PointOnLine) continue;
    const bool locked = hinge.type == HingeType::Weld || hinge.type == HingeType::Slider;
    const char* lockedMessage = hinge.type == HingeType::Weld
                                    ? "a weld makes both bodies turn together, but their initial angular velocities differ"
                                    : "a sliding hinge locks the rotation, so both bodies turn together, but their initial angular velocities differ";
    const BodySpec& tip = m_spec.bodies[b];
    if (planar()) {
      if (!locked) continue;
      const double parentRate = hinge.isGround() ? 0.0 : m_spec.bodies[static_cast<std::size_t>(bodyIndex(*hinge.parent))].thetaDot;
      if (std::abs(tip.thetaDot - parentRate) > 1e-9 * (1.0 + std::abs(parentRate))) hingeError(h, lockedMessage);
      continue;
    }
    Vec3 parentOmega = Vec3::Zero();
    Vec3 axis = hinge.axis.normalized();
    if (!hinge.isGround()) {
      const BodySpec& parent = m_spec.bodies[static_cast<std::size_t>(bodyIndex(*hinge.parent))];
      parentOmega = parent.angularVelocity;
      axis = rotationFromQuaternion(parent.orientation.normalized()) * axis;
    }
    const Vec3 relative = tip.angularVelocity - parentOmega;
    const double tol = 1e-9 * (1.0 + parentOmega.norm() + tip.angularVelocity.norm());
    if (locked && relative.norm() > tol) hingeError(h, lockedMessage);
    const bool screw = hinge.type == HingeType::Screw;
    if ((hinge.type == HingeType::Revolute || hinge.type == HingeType::Cylindrical || hinge.type == HingeType::Planar || screw) && relative.cross(axis).norm() > tol)
      hingeError(h, std::string("the initial relative angular velocity of its bodies is not along the ") +
                        (hinge.type == HingeType::Planar ? "plane normal" : hinge.type == HingeType::Revolute ? "revolute axis" : screw ? "screw axis" : "cylindrical hinge's axis"));
    // A screw slides p theta': its slide rate is not free.
    if (const double slideRate = hinge.pitch * relative.dot(axis); screw && std::abs(hinge.slideRate - slideRate) > tol * (1.0 + std::abs(slideRate)))
      hingeError(h, "the initial slide rate " + formatNumber(hinge.slideRate) + " m/s is not the pitch times the bodies' initial relative angular velocity about the axis (" +
                        formatNumber(slideRate) + " m/s)");
    if (hinge.type == HingeType::Universal) {
      const Vec3 n2 = rotationFromQuaternion(tip.orientation.normalized()) * hinge.axis2.normalized();
      if (std::abs(relative.dot(axis.cross(n2))) > tol)
        hingeError(h, "the initial relative angular velocity of its bodies has a component about axis x axis2, which a universal hinge does not let them turn about");
    }
  }
}

}  // namespace

std::vector<Diagnostic> validate(const ModelSpec& spec) { return Checker(spec).run(); }

std::vector<std::string> settingsProblems(const SimulationSettings& s) {
  std::vector<std::string> problems;
  const bool timesValid = s.endTime > 0.0 && std::isfinite(s.endTime) && s.timeStep > 0.0 && std::isfinite(s.timeStep);
  if (!(s.endTime > 0.0) || !std::isfinite(s.endTime)) problems.push_back("simulation: end time must be a positive number of seconds");
  if (!(s.timeStep > 0.0) || !std::isfinite(s.timeStep)) problems.push_back("simulation: time step must be a positive number of seconds");
  if (timesValid && !(s.endTime / s.timeStep <= kMaxPlannedSteps))
    problems.push_back("simulation: a time step of " + formatNumber(s.timeStep) + " s over " + formatNumber(s.endTime) + " s plans " +
                       (std::isfinite(s.endTime / s.timeStep) ? formatNumber(s.endTime / s.timeStep) : std::string("more than 1e308")) +
                       " steps, more than the " + formatNumber(kMaxPlannedSteps) + " allowed; use a larger time step or a shorter end time");
  if (timesValid && s.timeStep > s.endTime)  // the run would take a single step, clipped to the end time
    problems.push_back("simulation: the time step (" + formatNumber(s.timeStep) + " s) is longer than the end time (" + formatNumber(s.endTime) +
                       " s); give a time step no longer than the end time");
  if (s.outputEvery < 1) problems.push_back("simulation: output interval must be at least 1 step");
  if (!(s.baumgarteAlpha >= 0 && std::isfinite(s.baumgarteAlpha) && s.baumgarteBeta >= 0 && std::isfinite(s.baumgarteBeta)))
    problems.push_back("simulation: the Baumgarte parameters alpha and beta must be finite and not negative (1/s)");
  if (!(s.relativeTolerance > 0.0) || !(s.absoluteTolerance > 0.0) || !std::isfinite(s.relativeTolerance) || !std::isfinite(s.absoluteTolerance))
    problems.push_back("simulation: tolerances must be positive");
  if (!(s.spectralRadius >= 0.0 && s.spectralRadius <= 1.0))
    problems.push_back("simulation: generalized-alpha's spectral radius rho_inf must be in [0, 1], not " + formatNumber(s.spectralRadius));
  return problems;
}

}  // namespace mstmm
