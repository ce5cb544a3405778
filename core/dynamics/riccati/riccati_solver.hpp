#pragma once
// The Riccati MSTMM solver for chain, branch and tree systems.
//
// Algorithm A (000 §4.1) for chains and the recursive form of Algorithm B
// (000 §4.2, 002; equations.md §4.3) for trees: bodies are processed in
// post-order, so a multi-input body is handled exactly like a chain body and
// nesting depth does not matter. Per body:
//   forward   body step (body_step.hpp) from the released relations of its
//             inputs, then the release of its own output hinge (equations.md §3.3);
//   root      the root's hinge is released against the ground (z_root = 0,
//             equations.md §3.5);
//   backward  000 Eq. 33 in the explicit form of equations.md §3.6.
// Work is O(n). As in Pinocchio, the algorithm is a function of a model and
// a workspace: riccatiEvaluate(RiccatiModel, RiccatiData, y, inputs, out);
// the workspace is allocated once, an evaluation allocates nothing.
// The per-body workspace holds only what the backward sweep reads (about
// 336 bytes for a ball-jointed body; the released relation's moment blocks
// apart), so 100,000-DOF systems stay in cache
// as far as possible.

#include <memory>
#include <vector>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/iteration_operator.hpp"
#include "core/dynamics/riccati/body_step.hpp"
#include "core/dynamics/riccati/joint_release.hpp"
#include "core/dynamics/riccati/subtree_parallelism.hpp"
#include "core/dynamics/applied_loads.hpp"

namespace mstmm {

/// Per-body workspace, in processing order.
template <class D>
struct RiccatiBodyData {
  typename D::RVec omega;           // Omega
  typename D::TVec rIO, rCO, e2;    // as in BodyKinematics
  ReleasedForce<D> released;        // what the root side of the output hinge sees (its moment blocks: RiccatiData::releasedMoments)
  RotationFreeRelease<D> release;   // ball/pin hinges
  typename D::TVec accOutput;       // r''_O
  typename D::RVec angAcc;          // Omega'
};

/// Per-link workspace: where the child hangs on the parent, in inertial axes.
template <class D>
struct RiccatiLinkData {
  typename D::TVec r;   // r_{I_1 I_k}
  typename D::TVec e2;  // E_{2,I_k} = Omega~ Omega~ r_{I_1 I_k} (000 Eq. 17)
};

/// A child link as the fused ball kernels read it: 32 bytes rather than
/// ChildLink's 112, which carries the slide axes.
struct RiccatiLinkConstants {
  Vec3 position = Vec3::Zero();  // r'_{I_1 I_k}, parent frame
  int child = -1;
};

/// A cut end on a body (equations.md §6): an extra input end whose load is
/// given, i.e. S = O and e = the load.
struct RiccatiCutEnd {
  int cut = 0;
  double sign = 1.0;  // +1: the tip side of the cut, -1: the root side
  Vec3 point = Vec3::Zero();
};

/// What the recursion needs of a model beyond the Model itself, worked out
/// once: per-body constants, how each output hinge is released, the cut
/// ends per body. Immutable: one per model, shared by any number of
/// RiccatiData (threads, studies).
template <class D>
struct RiccatiModel {
  /// `iterated` (per body, or null): hinges that take an implicit
  /// integrator's term (IterationOperator), released in a form that carries it.
  explicit RiccatiModel(std::shared_ptr<const Model> model, const std::vector<char>* iterated = nullptr);
  RiccatiModel(const RiccatiModel&) = delete;
  RiccatiModel& operator=(const RiccatiModel&) = delete;

  std::shared_ptr<const Model> model;
  std::vector<Mat3> generalInertia;  // J'_O of bodies whose J'_O is not diagonal (constants point into it)
  std::vector<RiccatiBodyConstants> constants;
  std::vector<RiccatiLinkConstants> links;  // Model::links() order
  std::vector<ReleaseKind> releaseKind;
  /// Rotor inertia of a single-axis hinge with the sign of its target, σJ
  /// (equations.md §3.8; 0 without); whether a multi-axis hinge has any.
  std::vector<double> armature;
  std::vector<char> rotors;
  typename D::TVec gravity;
  int slideOffset = 0;                  // where the slide states begin in y
  std::vector<RiccatiCutEnd> cutEnds;   // sorted by body: body i owns [cutEndBegin[i], cutEndBegin[i + 1])
  std::vector<int> cutEndBegin;         // empty without loops

 private:
  void storeArmature(const Model& model, int body);
  void markBallBodies(const Model& model);
};

/// The workspace of one evaluation at a time, allocated once for a model:
/// what the backward sweep reads back per body and per link, the load
/// elements' values, and the optional second thread for independent subtrees.
template <class D>
struct RiccatiData {
  explicit RiccatiData(const RiccatiModel<D>& model);
  /// Independent subtrees of at least `threshold` bodies run on two threads
  /// (subtree_parallelism.hpp) when threads > 1 and the model has such
  /// subtrees; off by default (opt-in). Results are bit-identical either way.
  void setParallelism(const RiccatiModel<D>& model, int threads, int threshold);

  std::vector<RiccatiBodyData<D>> bodies;
  std::vector<ReleasedMoment<D>> releasedMoments;  // per body; not read or written for ball/pin releases
  std::vector<SingleAxisRelease<D>> singleAxis;  // used by revolute and sliding hinges only
  std::vector<MultiAxisRelease<D>> multiAxis;    // per body when a hinge is released in the general form (multi-coordinate hinges, a ball with armature)
  std::vector<RiccatiLinkData<D>> links;
  std::unique_ptr<AppliedLoads> applied;  // models with load elements only
  std::unique_ptr<SubtreePlan> plan;
  std::unique_ptr<WorkerThread> worker;
};

/// What one evaluation takes besides model, data and state.
struct RiccatiInputs {
  double time = 0.0;                                // actuators, drives, external loads
  const std::vector<CutLoad>* cutLoads = nullptr;   // one per cut (equations.md §6), or none
  bool loadsReused = false;                         // the load elements' loads of the last evaluation
  const IterationOperator* iteration = nullptr;     // an implicit integrator's local Newton operator, or none
};

/// One Riccati evaluation (000 §4, equations.md §4): accelerations and hinge
/// loads for the state y, in `out`. Reads the model, writes only `data` and
/// `out`, allocates nothing. mstmm::Error naming the hinge when a release
/// matrix is singular.
template <class D>
void riccatiEvaluate(const RiccatiModel<D>& model, RiccatiData<D>& data, const Eigen::VectorXd& y, const RiccatiInputs& inputs,
                     SolverOutput& out);

/// The Riccati solver behind the common solver interface: a RiccatiModel
/// and a RiccatiData of its own.
template <class D>
class RiccatiSolver final : public DynamicsSolver {
 public:
  explicit RiccatiSolver(std::shared_ptr<const Model> model);
  const char* name() const override { return "riccati"; }
  bool appliesCutLoads() const override { return true; }
  void setInputs(const RunInputs* inputs) override {
    m_inputs = inputs;
    if (m_data.applied) m_data.applied->setInputs(inputs);
  }
  bool setIterationOperator(const IterationOperator* op) override;
  void acceptState(const Eigen::VectorXd& y) override {
    if (m_data.applied) m_data.applied->acceptState(y.data());
  }

  /// Read access to the workspace for tests.
  const RiccatiBodyData<D>& bodyData(int i) const { return m_data.bodies[static_cast<std::size_t>(i)]; }

  /// (Pipelining a chain's forward sweep over two threads was measured
  /// slower: each body's data crossing between the cores' caches costs
  /// about as much as computing it.)
  void setParallelism(int threads, int threshold = kDefaultForkThreshold) {
    m_threads = threads, m_forkThreshold = threshold;
    m_data.setParallelism(*m_riccati, threads, threshold);
  }
  bool parallel() const { return m_data.worker != nullptr; }
  static constexpr int kDefaultForkThreshold = 1000;

 protected:
  void compute(const Eigen::VectorXd& y, SolverOutput& out) override {
    riccatiEvaluate(*m_riccati, m_data, y, {m_time, m_cutLoads, m_loadsReused, m_iteration}, out);
  }

 private:
  std::shared_ptr<const RiccatiModel<D>> m_riccati;
  RiccatiData<D> m_data;
  const RunInputs* m_inputs = nullptr;
  const IterationOperator* m_iteration = nullptr;
  bool m_preparedForIteration = false;
  int m_threads = 1, m_forkThreshold = kDefaultForkThreshold;
};

extern template struct RiccatiModel<PlanarDim>;
extern template struct RiccatiModel<SpatialDim>;
extern template struct RiccatiData<PlanarDim>;
extern template struct RiccatiData<SpatialDim>;
extern template class RiccatiSolver<PlanarDim>;
extern template class RiccatiSolver<SpatialDim>;

}  // namespace mstmm
