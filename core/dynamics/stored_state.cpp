// storeInitialState (state.hpp): a state of the compiled model written back
// into the spec the user edits. The compiled model's spec has every beam laid
// out as pieces and joints (beam_layout.hpp): its bodies are the user's in
// order, each beam's n + 1 pieces in its place, and its hinges the user's
// followed by the beams' joints, beam by beam. A piece's state goes into its
// beam's deformation, joint by joint relative to the piece on the root side.

#include <string>

#include "core/dynamics/state.hpp"
#include "core/error.hpp"

namespace mstmm {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

int beamSegments(const Model& model) {
  int n = 0;
  for (const CompiledBeam& b : model.beams()) n += b.layout.beam.segments;
  return n;
}

void requireSameShape(const Model& model, const ModelSpec& spec) {
  const int joints = beamSegments(model);
  const std::size_t bodies = model.spec().bodies.size() - at(joints), hinges = model.spec().hinges.size() - at(joints);
  if (spec.bodies.size() != bodies || spec.hinges.size() != hinges)
    throw Error(ErrorKind::Input, "storing a state: the model has " + std::to_string(bodies) + " bodies and " + std::to_string(hinges) + " hinges, the spec " +
                                      std::to_string(spec.bodies.size()) + " and " + std::to_string(spec.hinges.size()) + "; the spec is not the one the model was compiled from");
}

/// The user's body of each body of the compiled model's spec (beams' pieces
/// map to their beam), and the spec's own index of that user body.
std::vector<int> userBodyOfSpecBody(const Model& model) {
  std::vector<int> user;
  user.reserve(model.spec().bodies.size());
  auto beam = model.beams().begin();
  for (int u = 0; user.size() < model.spec().bodies.size(); ++u) {
    const bool isBeam = beam != model.beams().end() && beam->layout.specBody == u;
    const int copies = isBeam ? beam->layout.beam.segments + 1 : 1;
    user.insert(user.end(), at(copies), isBeam ? -1 : u);
    if (isBeam) ++beam;
  }
  return user;
}

void storeBody(const Model& model, const Eigen::VectorXd& y, int i, BodySpec& b) {
  const int per = statePerBody(model);
  if (model.planar()) {
    b.theta = y[per * i];
    b.thetaDot = y[per * i + 1];
  } else {
    b.orientation = y.segment<4>(per * i).normalized();
    b.angularVelocity = y.segment<3>(per * i + 4);
  }
}

template <typename T>
void clearIfAll(std::vector<T>& list, const T& value) {
  for (const T& v : list)
    if (!(v == value)) return;
  list.clear();
}

/// Joint j's rotation and rate from its two pieces' states (the inverse of
/// the expander's deform, beam_layout.cpp).
void storeBeam(const Model& model, const Eigen::VectorXd& y, const CompiledBeam& beam, BodySpec& b) {
  const BeamLayout& layout = beam.layout;
  storeBody(model, y, beam.pieces[at(layout.rootPiece)], b);
  BeamDeformation& d = b.deformation;
  d.angle.clear(), d.angleRate.clear(), d.rotation.clear(), d.rate.clear();  // the stretches are the slides' (storeSlide)
  for (int j = 0; j < layout.beam.segments; ++j) {
    const int root = beam.pieces[at(layout.rootSidePiece(j))], tip = beam.pieces[at(layout.tipPiece(j))];
    if (model.planar()) {
      d.angle.push_back(y[2 * tip] - y[2 * root]);
      d.angleRate.push_back(y[2 * tip + 1] - y[2 * root + 1]);
    } else {
      const Quat qRoot = bodyQuaternion(model, y, root);
      d.rotation.push_back(quaternionProduct(quaternionConjugate(qRoot), bodyQuaternion(model, y, tip)));
      d.rate.push_back(rotationFromQuaternion(qRoot).transpose() * (bodyAngularVelocity(model, y, tip) - bodyAngularVelocity(model, y, root)));
    }
  }
  clearIfAll(d.angle, 0.0), clearIfAll(d.angleRate, 0.0), clearIfAll(d.rate, Vec3(Vec3::Zero()));
  clearIfAll(d.rotation, Quat(1.0, 0.0, 0.0, 0.0));
}

/// The user's hinge, or the beam joint (beam body, joint j), of each hinge of
/// the compiled model's spec.
struct HingeOrigin {
  int hinge = -1;
  int beamBody = -1, joint = -1;
};

HingeOrigin hingeOrigin(const Model& model, int specHinge, std::size_t userHinges) {
  if (at(specHinge) < userHinges) return {specHinge, -1, -1};
  int m = specHinge - static_cast<int>(userHinges);
  for (const CompiledBeam& b : model.beams()) {
    if (m < b.layout.beam.segments) return {-1, b.layout.specBody, m};
    m -= b.layout.beam.segments;
  }
  throw Error(ErrorKind::Input, "storing a state: hinge " + std::to_string(specHinge) + " of the compiled spec is neither the user's nor a beam's joint");
}

void storeSlide(const Model& model, const Eigen::VectorXd& y, int k, ModelSpec& spec) {
  const CompiledHinge& compiled = model.hinge(model.sliderBody(k));
  const double s = y[slideOffset(model) + 2 * k], rate = y[slideOffset(model) + 2 * k + 1];
  const HingeOrigin origin = hingeOrigin(model, compiled.specIndex, spec.hinges.size());
  if (origin.hinge < 0) {
    BeamDeformation& d = spec.bodies[at(origin.beamBody)].deformation;
    const std::size_t n = at(spec.bodies[at(origin.beamBody)].beam->segments);
    d.stretch.resize(n, 0.0), d.stretchRate.resize(n, 0.0);
    d.stretch[at(origin.joint)] = s, d.stretchRate[at(origin.joint)] = rate;
    return;
  }
  HingeSpec& h = spec.hinges[at(origin.hinge)];
  const int j = k - compiled.slider;
  if (compiled.slides == 1) {
    h.slide = s;
    h.slideRate = rate;
  } else {
    h.translation[j] = s;
    h.translationRate[j] = rate;
  }
}

}  // namespace

void storeInitialState(const Model& model, const Eigen::VectorXd& y, ModelSpec& spec) {
  requireSameShape(model, spec);
  if (y.size() != stateSize(model))
    throw Error(ErrorKind::Input, "storing a state: it has " + std::to_string(y.size()) + " entries, the model's state " + std::to_string(stateSize(model)));
  const std::vector<int> user = userBodyOfSpecBody(model);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const int u = user[at(model.body(i).specIndex)];
    if (u >= 0) storeBody(model, y, i, spec.bodies[at(u)]);
  }
  for (const CompiledBeam& beam : model.beams()) {
    BodySpec& b = spec.bodies[at(beam.layout.specBody)];
    b.deformation.stretch.clear(), b.deformation.stretchRate.clear();
  }
  for (int k = 0; k < model.sliderCount(); ++k) storeSlide(model, y, k, spec);
  for (const CompiledBeam& beam : model.beams()) {
    BodySpec& b = spec.bodies[at(beam.layout.specBody)];
    storeBeam(model, y, beam, b);
    clearIfAll(b.deformation.stretch, 0.0), clearIfAll(b.deformation.stretchRate, 0.0);
  }
}

}  // namespace mstmm
