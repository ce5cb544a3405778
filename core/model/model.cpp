#include "core/model/model.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/mass_properties.hpp"
#include "core/model/joints/joint_checks.hpp"
#include "core/model/spanning_tree.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

Vec3 Model::fromInputEnd(int body, const Vec3& specPoint) const {
  return specPoint - m_spec.bodies[static_cast<std::size_t>(this->body(body).specIndex)].inputs.front();
}

int Model::compiledIndexOfSpecBody(int specIndex) const {
  if (specIndex < 0 || specIndex >= static_cast<int>(m_compiledOfSpec.size())) return -1;
  return m_compiledOfSpec[static_cast<std::size_t>(specIndex)];
}

int Model::bodyByName(const std::string& name) const {
  for (int i = 0; i < bodyCount(); ++i)
    if (m_bodies[static_cast<std::size_t>(i)].name == name) return i;
  return -1;
}

std::string Model::slideName(int k) const {
  const CompiledHinge& h = hinge(sliderBody(k));
  const int j = k - h.slider;
  if (h.slides == 1) return h.name + ".s";
  if (h.type == HingeType::Free) return h.name + "." + std::string(1, static_cast<char>('x' + j));
  return h.name + ".s" + std::to_string(j + 1);
}

bool Model::hasFloatingRoot() const {
  for (int i = 0; i < bodyCount(); ++i)
    if (body(i).parent < 0 && hinge(i).type == HingeType::Free) return true;
  return false;
}

int Model::multiInputBodyCount() const {
  int count = 0;
  for (const CompiledBody& b : m_bodies)
    if (b.inputs.size() > 1) ++count;
  return count;
}

namespace {

void throwIfInvalid(const ModelSpec& spec) {
  const std::vector<Diagnostic> diagnostics = validate(spec);
  if (!hasErrors(diagnostics)) return;
  std::string message;
  ErrorSubject first;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Severity::Error) continue;
    if (message.empty()) first = d.subject;
    else message += "\n";
    message += d.message;
  }
  throw Error(ErrorKind::Validation, message, first);
}

struct SpecTree {
  std::vector<int> roots;                           // spec bodies hanging from the ground, one per system, the largest system first
  std::vector<int> outputHinge;                     // spec body -> spec tree hinge
  std::vector<int> parent;                          // spec body -> spec parent, -1: ground
  std::vector<std::vector<std::pair<int, int>>> children;  // spec body -> (input, child spec body)
  std::vector<int> cuts;                            // spec hinges cut, in spec order
  int dof = 0;                                      // degreesOfFreedom() of the spanning tree
};

SpecTree buildSpecTree(const ModelSpec& spec) {
  const std::size_t n = spec.bodies.size();
  const SpanningTree spanning = chooseSpanningTree(spec);
  std::unordered_map<std::uint32_t, int> index;
  for (std::size_t i = 0; i < n; ++i) index.emplace(spec.bodies[i].id.value, static_cast<int>(i));
  SpecTree tree;
  tree.outputHinge = spanning.treeHinge;
  tree.parent.assign(n, -1);
  tree.children.resize(n);
  for (std::size_t b = 0; b < n; ++b) {
    const HingeSpec& hinge = spec.hinges[static_cast<std::size_t>(spanning.treeHinge[b])];
    if (hinge.isGround()) continue;
    const int parent = index.at(hinge.parent->value);
    tree.parent[b] = parent;
    tree.children[static_cast<std::size_t>(parent)].emplace_back(hinge.parentInput, static_cast<int>(b));
  }
  for (int h : spanning.rootHinges) tree.roots.push_back(index.at(spec.hinges[static_cast<std::size_t>(h)].child.value));
  for (std::size_t h = 0; h < spec.hinges.size(); ++h)
    if (spanning.cut[h]) tree.cuts.push_back(static_cast<int>(h));
  for (auto& c : tree.children) std::sort(c.begin(), c.end());
  tree.dof = degreesOfFreedom(spec, spanning);
  return tree;
}

/// One system's bodies in post-order (children before parents), appended
/// to `order`; iteratively, so that a 100,000-body chain does not exhaust
/// the stack.
void appendPostOrder(const SpecTree& tree, int root, std::vector<int>& order) {
  std::vector<std::pair<int, std::size_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto& [body, next] = stack.back();
    const auto& kids = tree.children[static_cast<std::size_t>(body)];
    if (next < kids.size()) {
      const int child = kids[next++].second;
      stack.emplace_back(child, 0);
    } else {
      order.push_back(body);
      stack.pop_back();
    }
  }
}

/// Spec body indices in post-order, system after system, the largest (the
/// first root) last, so that Model::root() is its root.
std::vector<int> postOrder(const SpecTree& tree) {
  std::vector<int> order;
  order.reserve(tree.children.size());
  for (auto root = tree.roots.rbegin(); root != tree.roots.rend(); ++root) appendPostOrder(tree, *root, order);
  return order;
}

CompiledBody compileBody(const BodySpec& spec, int specIndex, const std::vector<UnbalanceSpec>& unbalances) {
  MassProperties mp = massProperties(spec.shape);
  for (const UnbalanceSpec& u : unbalances)
    if (u.body == spec.name) mp = withPointMass(mp, u.mass, unbalancePosition(u));
  const Vec3 origin = spec.inputs.front();  // I_1 becomes the body frame origin
  CompiledBody body;
  body.name = spec.name;
  body.specIndex = specIndex;
  body.mass = mp.mass;
  body.com = mp.com - origin;
  body.output = spec.output - origin;
  body.inertiaAtCom = mp.inertiaAtCom;
  body.inertiaAtInput = shiftInertia(mp.inertiaAtCom, mp.mass, -body.com);
  body.inertiaAtOutput = shiftInertia(mp.inertiaAtCom, mp.mass, body.output - body.com);
  for (const Vec3& p : spec.inputs) body.inputs.push_back(p - origin);
  return body;
}

/// A hinge's compiled axes: the rotation axis (z in a planar model) unless
/// its joint model says otherwise, then what its joint model adds (slide
/// directions, a universal hinge's tip-side axis, a screw's pitch).
CompiledHinge compileHinge(const HingeSpec& spec, int specIndex, ModelKind kind) {
  const JointModel& joint = jointModel(spec.type);
  CompiledHinge hinge;
  hinge.name = spec.name;
  hinge.specIndex = specIndex;
  hinge.type = spec.type;
  hinge.axisInParent = joint_checks::rotationAxis(spec, kind);
  hinge.anchor = spec.anchor;
  hinge.dof = joint.in(kind).dof;
  hinge.slides = joint.in(kind).slides;
  hinge.slideColumns = hinge.slides;
  if (joint.compile) joint.compile(spec, kind, hinge);
  return hinge;
}

Mat3 initialRotation(const ModelSpec& spec, int specBody) {
  const BodySpec& b = spec.bodies[static_cast<std::size_t>(specBody)];
  if (spec.kind == ModelKind::Planar) return rotationFromQuaternion(quaternionFromAxisAngle(Vec3::UnitZ(), b.theta));
  return rotationFromQuaternion(b.orientation.normalized());
}

/// A cut hinge's ends in compiled terms; the relative orientation references
/// of revolute and weld cuts come from the initial state, which therefore
/// satisfies their rotational closure by definition.
CompiledCut compileCut(const ModelSpec& spec, int h, const Model& model, const std::vector<CompiledBody>& bodies) {
  const HingeSpec& hinge = spec.hinges[static_cast<std::size_t>(h)];
  CompiledCut cut;
  cut.name = hinge.name;
  cut.specIndex = h;
  cut.type = hinge.type;
  const int tipSpec = spec.bodyIndex(hinge.child);
  cut.tip.body = model.compiledIndexOfSpecBody(tipSpec);
  const CompiledBody& tip = bodies[static_cast<std::size_t>(cut.tip.body)];
  cut.tip.point = hinge.atChildOutput() ? tip.output : tip.inputs[static_cast<std::size_t>(hinge.childEnd)];
  Mat3 rootRotation = Mat3::Identity();
  if (hinge.isGround()) {
    cut.root.point = hinge.anchor;
  } else {
    const int rootSpec = spec.bodyIndex(*hinge.parent);
    cut.root.body = model.compiledIndexOfSpecBody(rootSpec);
    cut.root.point = bodies[static_cast<std::size_t>(cut.root.body)].inputs[static_cast<std::size_t>(hinge.parentInput)];
    rootRotation = initialRotation(spec, rootSpec);
  }
  const Mat3 tipRotation = initialRotation(spec, tipSpec);
  if (hinge.type == HingeType::PointOnLine)  // the line, in the x-y plane for a planar model
    cut.axisInRoot = spec.kind == ModelKind::Planar ? Vec3(hinge.axis.x(), hinge.axis.y(), 0.0).normalized() : hinge.axis.normalized();
  else
    cut.axisInRoot = spec.kind == ModelKind::Planar ? Vec3::UnitZ() : hinge.axis.normalized();
  cut.tipInRoot = rootRotation.transpose() * tipRotation;
  cut.axisInTip = cut.tipInRoot.transpose() * cut.axisInRoot;
  // A prescribed motion is one more equation: the relative angle follows it (docs/loads.md L10).
  cut.rows = hingeConstraintCount(hinge.type, spec.kind) + (hinge.loads.motion ? 1 : 0);
  return cut;
}

}  // namespace

// The pieces' compiled indices, by name once (a chain of a thousand beams
// has ~10^4 pieces). Their bending and torsion become load elements in
// compile() (core/loads/compile_model.cpp).
void compileBeamPieces(std::vector<BeamLayout> layouts, Model& model) {
  if (layouts.empty()) return;
  std::unordered_map<std::string, int> byName;
  for (int i = 0; i < model.bodyCount(); ++i) byName.emplace(model.body(i).name, i);
  for (BeamLayout& layout : layouts) {
    CompiledBeam beam;
    for (const std::string& piece : layout.pieces) beam.pieces.push_back(byName.at(piece));
    beam.layout = std::move(layout);
    model.m_beams.push_back(std::move(beam));
  }
}

std::shared_ptr<Model> compileStructure(const ModelSpec& user) {
  throwIfInvalid(user);
  BeamExpansion expansion = expandBeams(user);
  const ModelSpec& spec = expansion.spec;
  const SpecTree tree = buildSpecTree(spec);
  const std::vector<int> order = postOrder(tree);

  auto model = std::make_shared<Model>();
  model->m_kind = spec.kind;
  model->m_gravity = spec.gravity;
  model->m_name = spec.name;
  model->m_spec = spec;
  model->m_compiledOfSpec.assign(spec.bodies.size(), -1);
  for (std::size_t i = 0; i < order.size(); ++i) model->m_compiledOfSpec[static_cast<std::size_t>(order[i])] = static_cast<int>(i);

  for (std::size_t i = 0; i < order.size(); ++i) {
    const int s = order[i];
    CompiledBody body = compileBody(spec.bodies[static_cast<std::size_t>(s)], s, spec.unbalances);
    const int h = tree.outputHinge[static_cast<std::size_t>(s)];
    const HingeSpec& hingeSpec = spec.hinges[static_cast<std::size_t>(h)];
    if (!hingeSpec.isGround()) {
      body.parent = model->m_compiledOfSpec[static_cast<std::size_t>(tree.parent[static_cast<std::size_t>(s)])];
      body.parentInput = hingeSpec.parentInput;
    }
    body.firstChild = static_cast<int>(model->m_links.size());
    for (const auto& [input, childSpec] : tree.children[static_cast<std::size_t>(s)]) {
      ChildLink link;
      link.child = model->m_compiledOfSpec[static_cast<std::size_t>(childSpec)];
      link.input = input;
      link.position = body.inputs[static_cast<std::size_t>(input)];
      const CompiledHinge& childHinge = model->m_hinges[static_cast<std::size_t>(link.child)];
      if (childHinge.slider >= 0) {
        link.slider = childHinge.slider;
        link.slides = childHinge.slides;
        link.slideAxes = childHinge.slideAxes;
      }
      model->m_links.push_back(link);
    }
    body.lastChild = static_cast<int>(model->m_links.size());
    body.subtreeBegin = body.firstChild == body.lastChild
                            ? static_cast<int>(i)
                            : model->m_bodies[static_cast<std::size_t>(model->m_links[static_cast<std::size_t>(body.firstChild)].child)].subtreeBegin;
    model->m_bodies.push_back(std::move(body));
    model->m_hinges.push_back(compileHinge(hingeSpec, h, spec.kind));
    CompiledHinge& compiled = model->m_hinges.back();
    if (compiled.slides > 0) {
      compiled.slider = model->sliderCount();
      for (int j = 0; j < compiled.slides; ++j) model->m_sliderBodies.push_back(static_cast<int>(i));
    }
  }
  for (int h : tree.cuts) {
    model->m_cuts.push_back(compileCut(spec, h, *model, model->m_bodies));
    model->m_cutRows += model->m_cuts.back().rows;
  }
  compileBeamPieces(std::move(expansion.beams), *model);
  model->m_dof = tree.dof;
  // Depth from the root down (parents come after children, so walk backwards).
  for (int i = model->bodyCount() - 1; i >= 0; --i) {
    CompiledBody& b = model->m_bodies[static_cast<std::size_t>(i)];
    b.depth = b.parent < 0 ? 1 : model->m_bodies[static_cast<std::size_t>(b.parent)].depth + 1;
    if (b.parent < 0) ++model->m_systemCount;
    model->m_treeDepth = std::max(model->m_treeDepth, b.depth);
  }
  return model;
}

std::string describeHinge(const Model& model, int body) {
  const CompiledBody& b = model.body(body);
  const std::string rootSide = b.parent < 0 ? "the ground" : "body " + quoted(model.body(b.parent).name);
  return "hinge " + quoted(model.hinge(body).name) + " (between body " + quoted(b.name) + " and " + rootSide + ")";
}

}  // namespace mstmm
