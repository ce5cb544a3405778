#pragma once
// The compiled, immutable model that every solver reads: a validated tree,
// bodies stored in processing order (post-order: every body after all of its
// tip-side children, the root last), body constants shifted so that the body
// frame origin is the first input end I_1 (equations.md §1.1).
//
// Every body has exactly one output hinge (the one at its output end O), so
// hinge i below is "the hinge at the output of body i"; the root's hinge goes
// to ground.

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/model/beam_layout.hpp"
#include "core/spec/model_spec.hpp"

namespace mstmm {

struct CompiledLoads;  // core/loads/compiled_loads.hpp

/// A tip-side body attached at one input end of its root-side body.
struct ChildLink {
  int child = -1;           // compiled index of the child body
  int input = 0;            // which input end I_k (0-based) of the parent
  Vec3 position = Vec3::Zero();  // r'_{I_1 I_k} in the parent's body frame
  int slider = -1;               // the child's hinge has slide coordinates slider .. slider + slides - 1:
  int slides = 0;                //   it hangs at position + sum_j s_j u'_j
  std::array<Vec3, 3> slideAxes{};  // u'_j (unit, parent frame)
};

struct CompiledBody {
  std::string name;
  int specIndex = -1;
  double mass = 0.0;
  Vec3 com = Vec3::Zero();          // c' = r'_{I_1 C}
  Vec3 output = Vec3::Zero();       // o' = r'_{I_1 O}
  Mat3 inertiaAtInput = Mat3::Zero(); // J'_I about I_1, body axes
  Mat3 inertiaAtOutput = Mat3::Zero(); // J'_O about O, body axes
  Mat3 inertiaAtCom = Mat3::Zero();   // J'_C, body axes (energy, reference solvers)
  std::vector<Vec3> inputs;         // r'_{I_1 I_k}, k = 0..L-1 (inputs[0] is zero)
  int parent = -1;                  // compiled index of the root-side body; -1: ground
  int parentInput = 0;
  int firstChild = 0;               // children of this body: links[firstChild, lastChild)
  int lastChild = 0;
  int subtreeBegin = 0;             // the bodies of this subtree are [subtreeBegin, this]
  int depth = 0;                    // hinges between this body and the ground
};

struct CompiledHinge {
  std::string name;
  int specIndex = -1;
  HingeType type = HingeType::Ball;
  Vec3 axisInParent = Vec3::UnitZ(); // unit revolute, slide or universal root-side axis, planar normal; world frame for the ground hinge
  Vec3 axis2InTip = Vec3::UnitX();   // universal: the unit tip-side axis, tip body frame
  Vec3 anchor = Vec3::Zero();        // ground hinge: world position of the root's O (at s = 0 for a slider)
  int dof = 0;
  int slider = -1;                   // hinges that slide: the first of their slide coordinates (Model::sliderCount())
  int slides = 0;                    // how many (hingeSlideCount)
  std::array<Vec3, 3> slideAxes{};   // their unit directions, fixed in the root side (world for the ground)
  int slideColumns = 0;              // columns of H that are its slides alone (a screw's one column also turns)
  double pitch = 0.0;                // screw: s = pitch theta
};

/// One end of a cut hinge (equations.md §6): a point of a body, or of the ground.
struct CutEnd {
  int body = -1;              // compiled index; -1: the ground
  Vec3 point = Vec3::Zero();  // body frame, relative to I_1; the ground: world position
  bool ground() const { return body < 0; }
};

/// A hinge cut to open a closed loop: its two ends are a pair of new
/// boundaries whose motions the supplement equations tie together (equal
/// accelerations in the constrained directions, opposite loads).
struct CompiledCut {
  std::string name;
  int specIndex = -1;
  HingeType type = HingeType::Ball;
  CutEnd tip;   // the hinge's tip-side body
  CutEnd root;  // its root-side body or the ground
  Vec3 axisInRoot = Vec3::UnitZ();  // revolute: unit axis fixed in the root side (world for the ground)
  Vec3 axisInTip = Vec3::UnitZ();   // the same axis fixed in the tip side, from the initial state
  Mat3 tipInRoot = Mat3::Identity(); // weld: A_root^T A_tip at the initial state
  int rows = 0;                      // supplement equations (constrained relative motions, and the drive)
  int drive = -1;                    // prescribed: index into Model::loads().hinges of its motion
};

/// A beam of the user's model as compiled (equations.md §11.1).
struct CompiledBeam {
  BeamLayout layout;
  std::vector<int> pieces;  // compiled body indices along x
  int firstJoint = 0;       // spatial: its joint j is loads().beamJoints[firstJoint + j]
};

/// How a spec is compiled. runInputs: for a run that takes the user's pull,
/// torque and control values while it goes on (the studio's live mode,
/// core/loads/run_inputs.hpp).
struct CompileOptions {
  bool runInputs = false;
};

class Model {
 public:
  ModelKind kind() const { return m_kind; }
  bool planar() const { return m_kind == ModelKind::Planar; }
  const Vec3& gravity() const { return m_gravity; }
  const std::string& name() const { return m_name; }

  int bodyCount() const { return static_cast<int>(m_bodies.size()); }
  const CompiledBody& body(int i) const { return m_bodies[static_cast<std::size_t>(i)]; }
  /// The hinge at the output end of body i.
  const CompiledHinge& hinge(int i) const { return m_hinges[static_cast<std::size_t>(i)]; }
  const std::vector<CompiledBody>& bodies() const { return m_bodies; }
  const std::vector<ChildLink>& links() const { return m_links; }
  /// The root of the (largest) system: the last body. A model may hold
  /// several separate systems, each hanging from the ground by its own
  /// root hinge (a body with parent -1); systemCount() says how many.
  int root() const { return bodyCount() - 1; }
  int systemCount() const { return m_systemCount; }

  /// Compiled index of a body given its index in the spec, or -1.
  int compiledIndexOfSpecBody(int specIndex) const;
  /// Compiled index of a body by name, or -1.
  int bodyByName(const std::string& name) const;
  /// A point of compiled body `body` given in its spec frame (as the model
  /// file gives points), relative to its I_1 (compile() moves the origin there).
  Vec3 fromInputEnd(int body, const Vec3& specPoint) const;

  /// Slide coordinates of the tree's hinges (one per slider, cylindrical or
  /// point-on-line hinge, two per planar, three per free hinge), each with a
  /// slide s and rate s' in the ODE state; sliderBody(k) is the body hanging
  /// from the hinge of coordinate k.
  int sliderCount() const { return static_cast<int>(m_sliderBodies.size()); }
  int sliderBody(int k) const { return m_sliderBodies[static_cast<std::size_t>(k)]; }
  /// How results name coordinate k after its hinge's name: "s" for a hinge
  /// with one slide, "x", "y", "z" for a free hinge, "s1", "s2" for a planar one.
  std::string slideName(int k) const;
  /// Whether a system of the model floats (its root hangs from a free hinge):
  /// its momentum is then worth recording (results CSV "momentum.*").
  bool hasFloatingRoot() const;

  /// Hinges cut to open closed loops, and the spec hinges in the tree.
  const std::vector<CompiledCut>& cuts() const { return m_cuts; }
  bool hasLoops() const { return !m_cuts.empty(); }
  /// Supplement equations over all cuts.
  int cutRows() const { return m_cutRows; }

  /// Degrees of freedom: the tree's minus one per supplement equation
  /// (Gruebler's count; a redundant cut makes it too small).
  int degreesOfFreedom() const { return m_dof; }
  int treeDepth() const { return m_treeDepth; }
  int multiInputBodyCount() const;

  /// Springs, dampers, stops, actuators, prescribed hinges, external loads
  /// and struts (empty for a model that only swings under gravity).
  /// Compiled one tier up, with the model's structure in hand
  /// (core/loads/compile_model.cpp); never null once compile() returns.
  const CompiledLoads& loads() const { return *m_loads; }
  bool hasLoads() const { return m_hasLoads; }
  /// Compiled to take a run's inputs (CompileOptions::runInputs).
  bool takesRunInputs() const { return m_takesRunInputs; }

  /// The spec this model was compiled from (names, shapes, initial state),
  /// with every beam laid out as its pieces and joints (beam_layout.hpp).
  const ModelSpec& spec() const { return m_spec; }
  /// The elastic beams, each as its rigid pieces.
  const std::vector<CompiledBeam>& beams() const { return m_beams; }

 private:
  friend std::shared_ptr<const Model> compile(const ModelSpec& spec, const CompileOptions& options);
  friend std::shared_ptr<Model> compileStructure(const ModelSpec& spec);
  friend void compileBeamPieces(std::vector<BeamLayout> layouts, Model& model);

  ModelKind m_kind = ModelKind::Spatial;
  Vec3 m_gravity = Vec3::Zero();
  std::string m_name;
  std::vector<CompiledBody> m_bodies;
  std::vector<CompiledHinge> m_hinges;
  std::vector<ChildLink> m_links;
  std::vector<CompiledCut> m_cuts;
  std::vector<int> m_sliderBodies;
  int m_cutRows = 0;
  std::vector<int> m_compiledOfSpec;
  int m_dof = 0;
  int m_treeDepth = 0;
  int m_systemCount = 0;
  std::shared_ptr<const CompiledLoads> m_loads;
  bool m_hasLoads = false, m_takesRunInputs = false;
  ModelSpec m_spec;
  std::vector<CompiledBeam> m_beams;
};

/// The model's structure (bodies, hinges, cuts, beams' pieces) without its
/// load elements; validates the spec first as compile() does. compile()
/// (core/loads/compile_model.cpp) adds the loads to it.
std::shared_ptr<Model> compileStructure(const ModelSpec& spec);

/// Validates the spec and builds the immutable model. Throws mstmm::Error
/// (kind Validation) with every problem found, each naming its element.
/// Defined in core/loads/compile_model.cpp: the one place that needs both
/// the model's structure and its compiled loads.
std::shared_ptr<const Model> compile(const ModelSpec& spec, const CompileOptions& options);
inline std::shared_ptr<const Model> compile(const ModelSpec& spec) { return compile(spec, {}); }

/// The hinge at a body's output as messages name it:
/// "hinge 'h' (between body 'b' and body 'p')" (or "... and the ground").
std::string describeHinge(const Model& model, int body);

}  // namespace mstmm
