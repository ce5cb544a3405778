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
// Work is O(n); the workspace is allocated once, evaluate() allocates nothing.
// The per-body workspace holds only what the backward sweep reads (about
// 350 bytes for a ball-jointed body), so 100,000-DOF systems stay in cache
// as far as possible.

#include <memory>
#include <vector>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/riccati/body_step.hpp"
#include "core/dynamics/riccati/joint_release.hpp"
#include "core/dynamics/riccati/subtree_parallelism.hpp"
#include "core/loads/applied_loads.hpp"

namespace mstmm {

/// Per-body workspace, in processing order.
template <class D>
struct RiccatiBodyData {
  typename D::RVec omega;           // Omega
  typename D::TVec rIO, rCO, e2;    // as in BodyKinematics
  ArticulatedRelation<D> released;  // what the root side of the output hinge sees
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

template <class D>
class RiccatiSolver final : public DynamicsSolver {
 public:
  explicit RiccatiSolver(std::shared_ptr<const Model> model);
  const char* name() const override { return "riccati"; }
  bool appliesCutLoads() const override { return true; }

  /// Read access to the workspace for tests.
  const RiccatiBodyData<D>& bodyData(int i) const { return m_bodies[static_cast<std::size_t>(i)]; }

  /// Independent subtrees of at least `threshold` bodies run on two threads
  /// (subtree_parallelism.hpp) when threads > 1 and the model has such
  /// subtrees; off by default (opt-in: makeSolver's `threads`). Results are
  /// bit-identical either way. (Pipelining a chain's
  /// forward sweep over two threads was measured slower: each body's data
  /// crossing between the cores' caches costs about as much as computing it.)
  void setParallelism(int threads, int threshold = kDefaultForkThreshold);
  bool parallel() const { return m_worker != nullptr; }
  static constexpr int kDefaultForkThreshold = 1000;


 protected:
  void compute(const Eigen::VectorXd& y, SolverOutput& out) override;

 private:
  using TVec = typename D::TVec;
  using RVec = typename D::RVec;

  void forwardRange(int lo, int hi);
  void backwardRange(int lo, int hi);
  void runFork(const ForkPoint& fork, bool backward);
  static void workerJob(void* self, int argument);
  void forwardBody(int i);
  void releaseOutputHinge(int i, const ArticulatedRelation<D>& atOutput, const double* y);
  using BVec = Eigen::Matrix<double, D::B, 1>;
  void axisMotion(int i, const double* y, BVec& h, BVec& hw, BVec& bias) const;
  double hingeTarget(const BVec& hw, const HingeLoad& e, bool slide) const;
  void addBodyLoad(int i, const BodyKinematics<D>& k, ArticulatedRelation<D>& relation) const;
  void storeDrivingLoad(int child, const RVec& moment, const TVec& force, SolverOutput& out) const;
  RVec appliedMoment(int child) const;
  void addCutLoads(int i, const BodyKinematics<D>& k, ArticulatedRelation<D>& relation) const;
  double slideAt(int slider) const { return m_y[m_slideOffset + 2 * slider]; }
  double slideRateAt(int slider) const { return m_y[m_slideOffset + 2 * slider + 1]; }
  void solveRoot();
  void backwardBody(int i, SolverOutput& out);
  void passMotionToChild(int child, const TVec& accJoint, const RVec& angAccRoot, SolverOutput& out);
  void storeHingeLoad(int child, const RVec& moment, const TVec& force, SolverOutput& out) const;
  [[noreturn]] void throwSingular(int body, double condition) const;

  std::vector<Mat3> m_generalInertia;  // J'_O of bodies whose J'_O is not diagonal
  std::vector<RiccatiBodyConstants> m_constants;
  std::vector<ReleaseKind> m_releaseKind;
  std::vector<RiccatiBodyData<D>> m_bodies;
  std::vector<SingleAxisRelease<D>> m_singleAxis;  // used by revolute and sliding hinges only
  std::vector<RiccatiLinkData<D>> m_links;
  TVec m_gravity;
  std::unique_ptr<AppliedLoads> m_applied;  // models with load elements only

  /// The cut ends on each body (equations.md §6): an extra input end whose load
  /// is given, i.e. S = O and e = the load. Sorted by body; body i owns
  /// m_cutEnds[m_cutEndBegin[i], m_cutEndBegin[i + 1]). Empty without loops.
  struct CutEndOnBody {
    int cut = 0;
    double sign = 1.0;  // +1: the tip side of the cut, -1: the root side
    Vec3 point = Vec3::Zero();
  };
  std::vector<CutEndOnBody> m_cutEnds;
  std::vector<int> m_cutEndBegin;

  std::unique_ptr<SubtreePlan> m_plan;
  std::unique_ptr<WorkerThread> m_worker;
  int m_slideOffset = 0;          // where the slide states begin in y
  const double* m_y = nullptr;    // the state and output of the evaluation in progress,
  SolverOutput* m_out = nullptr;  // for the worker thread
};

extern template class RiccatiSolver<PlanarDim>;
extern template class RiccatiSolver<SpatialDim>;

}  // namespace mstmm
