#include "core/dynamics/riccati/riccati_solver.hpp"

#include <algorithm>

#include "core/dynamics/riccati/ball_kernels.hpp"
#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

ReleaseKind releaseKindOf(HingeType type, ModelKind kind) { return jointModel(type).in(kind).release; }

}  // namespace

// Read once per model: the sweep then looks rotors up by body, and a model
// without them pays nothing (equations.md §3.8).
template <class D>
void RiccatiModel<D>::storeArmature(const Model& mdl, int i) {
  const auto at = static_cast<std::size_t>(i);
  if (releaseKind[at] == ReleaseKind::SingleAxis || releaseKind[at] == ReleaseKind::Slide) {
    const HingeElements* e = mdl.loads().atBody(i);
    const double j = e ? e->armature : 0.0;
    armature[at] = releaseKind[at] == ReleaseKind::Slide ? -j : j;
  } else if (releaseKind[at] == ReleaseKind::MultiAxis) {
    for (const HingeElements& e : mdl.loads().hinges) rotors[at] |= e.body == i && e.armature != 0.0;
  }
}

// The bodies the fused ball kernels take (ball_kernels.hpp): spatial, a
// ball at the output and at every input end, no slide offsets, no cut ends.
template <class D>
void RiccatiModel<D>::markBallBodies(const Model& mdl) {
  if constexpr (D::R != 3) return;
  for (std::size_t i = 0; i < constants.size(); ++i) {
    bool ball = releaseKind[i] == ReleaseKind::RotationFree;
    for (int l = constants[i].firstChild; ball && l < constants[i].lastChild; ++l) {
      const ChildLink& link = mdl.links()[static_cast<std::size_t>(l)];
      ball = link.slides == 0 && releaseKind[static_cast<std::size_t>(link.child)] == ReleaseKind::RotationFree;
    }
    if (!cutEndBegin.empty()) ball = ball && cutEndBegin[i] == cutEndBegin[i + 1];
    constants[i].ball = ball;
  }
}

template <class D>
RiccatiModel<D>::RiccatiModel(std::shared_ptr<const Model> m, const std::vector<char>* iterated) : model(std::move(m)) {
  const Model& mdl = *model;
  const auto n = static_cast<std::size_t>(mdl.bodyCount());
  releaseKind.resize(n);
  armature.assign(n, 0.0);
  rotors.assign(n, 0);
  constants.reserve(n);
  generalInertia.reserve(n);  // no reallocation: the constants point into it
  for (std::size_t i = 0; i < n; ++i) {
    const CompiledBody& b = mdl.body(static_cast<int>(i));
    const HingeElements* elements = mdl.loads().atBody(static_cast<int>(i));
    releaseKind[i] = releaseKindOf(mdl.hinge(static_cast<int>(i)).type, mdl.kind());
    // A one-coordinate hinge with a motion is not released at all; a hinge
    // with several releases those of its coordinates that are not driven.
    if (elements && elements->prescribed && releaseKind[i] != ReleaseKind::MultiAxis) releaseKind[i] = ReleaseKind::Driven;
    // A ball or pin with armature: its moment then depends on the joint's
    // accelerations, which the single-axis (pin) and general (ball) forms
    // carry (equations.md §3.8).
    // An implicit integrator's term on a planar pin enters as an armature
    // does (iteration_operator.hpp).
    else if (elements && elements->armature != 0.0 && releaseKind[i] == ReleaseKind::RotationFree)
      releaseKind[i] = mdl.kind() == ModelKind::Planar ? ReleaseKind::SingleAxis : ReleaseKind::MultiAxis;
    else if (elements && iterated && (*iterated)[i] == IterationOperator::kCoordinate && releaseKind[i] == ReleaseKind::RotationFree &&
             mdl.kind() == ModelKind::Planar)
      releaseKind[i] = ReleaseKind::SingleAxis;
    else if (iterated && (*iterated)[i] == IterationOperator::kBall && releaseKind[i] == ReleaseKind::RotationFree && mdl.kind() == ModelKind::Spatial)
      releaseKind[i] = ReleaseKind::MultiAxis;
    storeArmature(mdl, static_cast<int>(i));
    const Mat3* general = nullptr;
    if (RiccatiBodyConstants::needsGeneral(b)) {
      generalInertia.push_back(b.inertiaAtOutput);
      general = &generalInertia.back();
    }
    constants.emplace_back(b, general);
  }
  for (const ChildLink& l : mdl.links()) links.push_back({l.position, l.child});
  gravity = D::translational(mdl.gravity());
  slideOffset = mstmm::slideOffset(mdl);
  if (mdl.hasLoops()) {
    std::vector<std::vector<RiccatiCutEnd>> perBody(n);
    for (int c = 0; c < static_cast<int>(mdl.cuts().size()); ++c) {
      const CompiledCut& cut = mdl.cuts()[static_cast<std::size_t>(c)];
      perBody[static_cast<std::size_t>(cut.tip.body)].push_back({c, 1.0, cut.tip.point});
      if (!cut.root.ground()) perBody[static_cast<std::size_t>(cut.root.body)].push_back({c, -1.0, cut.root.point});
    }
    cutEndBegin.push_back(0);
    for (const auto& ends : perBody) {
      cutEnds.insert(cutEnds.end(), ends.begin(), ends.end());
      cutEndBegin.push_back(static_cast<int>(cutEnds.size()));
    }
  }
  markBallBodies(mdl);
}

template <class D>
RiccatiData<D>::RiccatiData(const RiccatiModel<D>& m) {
  const Model& mdl = *m.model;
  bodies.resize(static_cast<std::size_t>(mdl.bodyCount()));
  releasedMoments.resize(static_cast<std::size_t>(mdl.bodyCount()));
  singleAxis.resize(static_cast<std::size_t>(mdl.bodyCount()));
  // By release kind, not hinge type: a ball with armature is released in
  // the general form too (it once wrote past an empty vector when no hinge
  // of a multi-axis type was in the model).
  if (std::find(m.releaseKind.begin(), m.releaseKind.end(), ReleaseKind::MultiAxis) != m.releaseKind.end())
    multiAxis.resize(static_cast<std::size_t>(mdl.bodyCount()));
  links.resize(mdl.links().size());
  if (mdl.hasLoads()) applied = std::make_unique<AppliedLoads>(mdl);
}

template <class D>
void RiccatiData<D>::setParallelism(const RiccatiModel<D>& m, int threads, int threshold) {
  worker.reset();
  plan.reset();
  if (threads < 2 || m.model->systemCount() > 1) return;  // the fork plan takes one tree
  auto subtrees = std::make_unique<SubtreePlan>(*m.model, threshold);
  if (subtrees->empty()) return;
  plan = std::move(subtrees);
  worker = std::make_unique<WorkerThread>();
}

template <class D>
RiccatiSolver<D>::RiccatiSolver(std::shared_ptr<const Model> model)
    : DynamicsSolver(model), m_riccati(std::make_shared<const RiccatiModel<D>>(model)), m_data(*m_riccati) {}

// The first operator rebuilds the model's release choices for its hinges and
// a workspace to match (with the inputs and threads given before).
template <class D>
bool RiccatiSolver<D>::setIterationOperator(const IterationOperator* op) {
  if (op && !m_preparedForIteration) {
    const std::size_t n = op->iterated.size();
    if (n != static_cast<std::size_t>(m_model->bodyCount()) || op->term.size() != n || op->acceleration.size() != n || op->rotationTerm.size() != n ||
        op->rotationAcceleration.size() != n)
      throw Error(ErrorKind::Input, "an iteration operator for " + std::to_string(op->iterated.size()) + " bodies; model '" + m_model->name() + "' has " +
                                        std::to_string(m_model->bodyCount()));
    m_riccati = std::make_shared<const RiccatiModel<D>>(m_model, &op->iterated);
    m_data = RiccatiData<D>(*m_riccati);
    if (m_data.applied) m_data.applied->setInputs(m_inputs);
    m_data.setParallelism(*m_riccati, m_threads, m_forkThreshold);
    m_preparedForIteration = true;
  }
  m_iteration = op;
  return true;
}

namespace {

/// One evaluation: the model's constants and the workspace by reference,
/// under the names the steps below use.
template <class D>
class RiccatiSweep {
 public:
  RiccatiSweep(const RiccatiModel<D>& m, RiccatiData<D>& d, const Eigen::VectorXd& y, const RiccatiInputs& in, SolverOutput& out)
      : m_model(m.model.get()),
        m_generalInertia(m.generalInertia),
        m_constants(m.constants),
        m_linkConstants(m.links),
        m_releaseKind(m.releaseKind),
        m_armature(m.armature),
        m_rotors(m.rotors),
        m_gravity(m.gravity),
        m_slideOffset(m.slideOffset),
        m_cutEnds(m.cutEnds),
        m_cutEndBegin(m.cutEndBegin),
        m_bodies(d.bodies),
        m_releasedMoments(d.releasedMoments),
        m_singleAxis(d.singleAxis),
        m_multiAxis(d.multiAxis),
        m_links(d.links),
        m_applied(d.applied),
        m_bodyLoads(d.applied && d.applied->hasBodyLoads()),
        m_plan(d.plan),
        m_worker(d.worker),
        m_time(in.time),
        m_cutLoads(in.cutLoads),
        m_loadsReused(in.loadsReused),
        m_iteration(in.iteration),
        m_y(y.data()),
        m_out(&out) {}

  void run(const Eigen::VectorXd& y, SolverOutput& out);

 private:
  using TVec = typename D::TVec;
  using RVec = typename D::RVec;
  using BVec = Eigen::Matrix<double, D::B, 1>;

  void forwardRange(int lo, int hi);
  void backwardRange(int lo, int hi);
  void runFork(const ForkPoint& fork, bool backward);
  static void workerJob(void* self, int argument);
  void forwardBody(int i);
  // Inlined into forwardRange's loop: as a call, saving and restoring its
  // registers cost 25 of a chain body's 920 instructions (callgrind).
  [[gnu::always_inline]] inline void forwardBallBody(int i, const ball::BodyLocal<ball::Packed4>& block, int lane, bool hingeDone);
  unsigned ballBlockHinges(int first, int last);
  void ballBlock(int first, int last, ball::BodyLocal<ball::Packed4>& block) const;
  void generalBallLocal(int i, ball::BodyLocal<ball::Packed4>& block, int lane) const;
  void backwardBallBody(int i, SolverOutput& out);
  void releaseOutputHinge(int i, const ArticulatedRelation<D>& atOutput, const double* y);
  void axisMotion(int i, const double* y, BVec& h, BVec& hw, BVec& bias) const;
  void multiAxisMotion(int i, const double* y, typename MultiAxisRelease<D>::HMatrix& h, typename MultiAxisRelease<D>::HMatrix& hw, BVec& bias) const;
  void storeSlideAccelerations(int child, const typename MultiAxisRelease<D>::NuVector& nu, SolverOutput& out) const;
  void coordinateTargets(int i, const typename MultiAxisRelease<D>::HMatrix& hw, typename MultiAxisRelease<D>::NuVector& target) const;
  void driveCoordinates(int i, typename MultiAxisRelease<D>::HMatrix& h, typename MultiAxisRelease<D>::HMatrix& hw, BVec& bias,
                        typename MultiAxisRelease<D>::NuVector& target, typename MultiAxisRelease<D>::NuVector& armature,
                        MultiAxisRelease<D>& data) const;
  bool columnArmature(int i, Eigen::Index columns, typename MultiAxisRelease<D>::NuVector& armature) const;
  void storeCoordinateDrivingLoads(int child, const RVec& moment, const TVec& force, SolverOutput& out) const;
  double hingeTarget(const BVec& hw, const HingeLoad& e, bool slide) const;
  void addBodyLoad(int i, const BodyKinematics<D>& k, ArticulatedRelation<D>& relation) const;
  void storeDrivingLoad(int child, const RVec& moment, const TVec& force, SolverOutput& out) const;
  RVec appliedMoment(int child) const;
  void addCutLoads(int i, const BodyKinematics<D>& k, ArticulatedRelation<D>& relation) const;
  double slideAt(int slider) const { return m_y[m_slideOffset + 2 * slider]; }
  double slideRateAt(int slider) const { return m_y[m_slideOffset + 2 * slider + 1]; }
  void solveRoot(int root);
  void backwardBody(int i, SolverOutput& out);
  void passMotionToChild(int child, const TVec& accJoint, const RVec& angAccRoot, SolverOutput& out);
  void storeHingeLoad(int child, const RVec& moment, const TVec& force, SolverOutput& out) const;
  [[noreturn]] void throwSingular(int body, double condition) const;
  ArticulatedRelation<D> releasedRelation(int i, bool withMoment = true) const;
  void storeReleased(int i, const ArticulatedRelation<D>& released, bool withMoment);

  const Model* m_model;
  const std::vector<Mat3>& m_generalInertia;
  const std::vector<RiccatiBodyConstants>& m_constants;
  const std::vector<RiccatiLinkConstants>& m_linkConstants;
  const std::vector<ReleaseKind>& m_releaseKind;
  const std::vector<double>& m_armature;
  const std::vector<char>& m_rotors;
  const TVec& m_gravity;
  const int m_slideOffset;
  const std::vector<RiccatiCutEnd>& m_cutEnds;
  const std::vector<int>& m_cutEndBegin;
  std::vector<RiccatiBodyData<D>>& m_bodies;
  std::vector<ReleasedMoment<D>>& m_releasedMoments;
  std::vector<SingleAxisRelease<D>>& m_singleAxis;
  std::vector<MultiAxisRelease<D>>& m_multiAxis;
  std::vector<RiccatiLinkData<D>>& m_links;
  const std::unique_ptr<AppliedLoads>& m_applied;
  // Asked once per evaluation: asking per body took 21 instructions of a
  // spring-loaded ball body's 1,107 (callgrind).
  const bool m_bodyLoads;
  const std::unique_ptr<SubtreePlan>& m_plan;
  const std::unique_ptr<WorkerThread>& m_worker;
  const double m_time;
  const std::vector<CutLoad>* m_cutLoads;
  const bool m_loadsReused;
  const IterationOperator* m_iteration;
  const double* m_y;   // the state and output of this evaluation,
  SolverOutput* m_out; // for the worker thread
};

}  // namespace

template <class D>
void riccatiEvaluate(const RiccatiModel<D>& model, RiccatiData<D>& data, const Eigen::VectorXd& y, const RiccatiInputs& inputs,
                     SolverOutput& out) {
  if (!out.fits(*model.model)) out.resize(*model.model);
  RiccatiSweep<D>(model, data, y, inputs, out).run(y, out);
}

template <class D>
void RiccatiSweep<D>::run(const Eigen::VectorXd& y, SolverOutput& out) {
  const int n = m_model->bodyCount();
  if (m_applied && !m_loadsReused) m_applied->evaluateBodyLoads(m_time, y);  // hinge loads follow in the sweep (releaseOutputHinge)
  forwardRange(0, n - 1);
  backwardRange(0, n - 1);  // each system's root is solved as the sweep reaches it
  if (m_applied) {
    if (!m_loadsReused) m_applied->sumHinges();
    out.inputPower = m_applied->inputPower() + m_applied->drivePower(out.drivingLoad);
    out.dissipatedPower = m_applied->dissipation();
  }
}

// Forward sweep over the bodies lo..hi (a whole subtree, or the whole tree):
// in index order, except that the child subtrees of a fork point are handed
// to two threads before the fork body itself.
template <class D>
void RiccatiSweep<D>::forwardRange(int lo, int hi) {
  // The body-local halves of ball bodies first..first+3, computed together
  // (ball::bodyLocal, which does not wait for the bodies' inputs), and their
  // hinges' spring-dampers. A block ends before a fork point: the bodies
  // after it may be the other thread's, and their hinge loads with them.
  ball::BodyLocal<ball::Packed4> block;
  int first = 0, end = 0;
  unsigned hingesDone = 0;  // bit k: body first + k's hinge load is evaluated (ballHingesAt)
  for (int i = lo; i <= hi; ++i) {
    if (const ForkPoint* fork = m_plan ? m_plan->forkStartingAt(i, hi) : nullptr) {
      runFork(*fork, false);
      i = fork->body;
    }
    if (m_constants[static_cast<std::size_t>(i)].ball) {
      if (i >= end) {
        first = i, end = std::min(i + 4, hi + 1);
        if (m_plan)
          for (int j = i + 1; j < end; ++j)
            if (m_plan->forkStartingAt(j, hi)) end = j;
        ballBlock(first, end - 1, block);
        hingesDone = ballBlockHinges(first, end - 1);
      }
      forwardBallBody(i, block, i - first, hingesDone >> (i - first) & 1u);
    } else {
      forwardBody(i);
    }
  }
}

// Backward sweep over lo..hi in reverse, forking below a fork body.
template <class D>
void RiccatiSweep<D>::backwardRange(int lo, int hi) {
  for (int i = hi; i >= lo; --i) {
    const RiccatiBodyConstants& cb = m_constants[static_cast<std::size_t>(i)];
    if (cb.root) solveRoot(i);
    if (cb.ball) backwardBallBody(i, *m_out);
    else backwardBody(i, *m_out);
    if (const ForkPoint* fork = m_plan ? m_plan->forkAtBody(i) : nullptr) {
      runFork(*fork, true);
      i = m_model->body(fork->body).subtreeBegin;  // its subtrees are done
    }
  }
}

template <class D>
void RiccatiSweep<D>::runFork(const ForkPoint& fork, bool backward) {
  const int index = static_cast<int>(&fork - m_plan->forks().data());
  const bool started = m_worker->tryStart(&RiccatiSweep::workerJob, this, 2 * index + (backward ? 1 : 0));
  auto runGroup = [&](const std::vector<int>& roots) {
    for (int c : roots) {
      const int begin = m_model->body(c).subtreeBegin;
      if (backward) backwardRange(begin, c);
      else forwardRange(begin, c);
    }
  };
  try {
    if (!started) runGroup(fork.workerGroup);  // the worker is busy with an enclosing fork
    runGroup(fork.callerGroup);
  } catch (...) {
    if (started) m_worker->wait();  // it works on our data: let it finish first
    throw;
  }
  if (started) m_worker->wait();
}

template <class D>
void RiccatiSweep<D>::workerJob(void* self, int argument) {
  auto* solver = static_cast<RiccatiSweep*>(self);
  const ForkPoint& fork = solver->m_plan->forks()[static_cast<std::size_t>(argument / 2)];
  const bool backward = argument % 2 == 1;
  for (int c : fork.workerGroup) {
    const int begin = solver->m_model->body(c).subtreeBegin;
    if (backward) solver->backwardRange(begin, c);
    else solver->forwardRange(begin, c);
  }
}

// Step A1 (the quantities of 000 Eq. 5 that depend on the body's A and
// Omega), the body step (its own relation plus the released relations of its
// inputs), and the release of its output hinge.
template <class D>
void RiccatiSweep<D>::forwardBody(int i) {
  RiccatiBodyData<D>& b = m_bodies[static_cast<std::size_t>(i)];
  const RiccatiBodyConstants& cb = m_constants[static_cast<std::size_t>(i)];
  const BodyKinematics<D> k(cb, m_y + D::StatePerBody * i);
  b.omega = k.omega;
  b.rIO = k.rIO;
  b.rCO = k.rCO;
  b.e2 = k.e2;
  BodyStep<D> step(k.rIO, k.omega);
  ownRelation<D>(cb, k, m_gravity, step.relation());
  if (m_bodyLoads) addBodyLoad(i, k, step.relation());
  for (int l = cb.firstChild; l < cb.lastChild; ++l) {
    const ChildLink& link = m_model->links()[static_cast<std::size_t>(l)];
    RiccatiLinkData<D>& ld = m_links[static_cast<std::size_t>(l)];
    Vec3 joint = link.position;  // r'_k = p'_0 + sum_j s_j u'_j for a sliding hinge
    for (int j = 0; j < link.slides; ++j) joint += slideAt(link.slider + j) * link.slideAxes[static_cast<std::size_t>(j)];
    ld.r = D::rotate(k.rotation, joint);
    ld.e2 = D::centripetal(k.omega, ld.r);
    const auto c = static_cast<std::size_t>(link.child);
    const bool momentFree = m_releaseKind[c] == ReleaseKind::RotationFree;
    step.addInput(releasedRelation(link.child, !momentFree), momentFree, ld.r);
    // A loaded ball/pin passes its applied moment M (its released m = M,
    // equations.md §3.7): a pure moment, the same about O.
    if (momentFree && m_applied)
      if (const HingeLoad* e = m_applied->loadAt(link.child)) step.relation().em += D::rotational(e->load);
  }
  if (m_cutLoads && !m_cutEnds.empty()) addCutLoads(i, k, step.relation());
  releaseOutputHinge(i, step.relation(), m_y);
}

// The body-local halves of the ball bodies first..last (at most four), one
// lane each: in one pass of 256-bit arithmetic a quarter of the multiplies
// of four scalar passes. Lanes past `last` repeat it; lanes of bodies that
// are not ball bodies are computed and not read.
template <class D>
void RiccatiSweep<D>::ballBlock(int first, int last, ball::BodyLocal<ball::Packed4>& block) const {
  if constexpr (D::R == 3) {
    using ball::Packed4;
    const RiccatiBodyConstants* c[4];
    const double* s[4];
    for (int k = 0; k < 4; ++k) {
      const int i = std::min(first + k, last);
      c[k] = &m_constants[static_cast<std::size_t>(i)];
      s[k] = m_y + D::StatePerBody * i;
    }
    const auto state = [&](int e) { return Packed4{s[0][e], s[1][e], s[2][e], s[3][e]}; };
    const auto constant = [&](const Vec3 RiccatiBodyConstants::*v) {
      return ball::Vec3Of<Packed4>{Packed4{(c[0]->*v).x(), (c[1]->*v).x(), (c[2]->*v).x(), (c[3]->*v).x()},
                                   Packed4{(c[0]->*v).y(), (c[1]->*v).y(), (c[2]->*v).y(), (c[3]->*v).y()},
                                   Packed4{(c[0]->*v).z(), (c[1]->*v).z(), (c[2]->*v).z(), (c[3]->*v).z()}};
    };
    const Vec3 none = Vec3::Zero();  // a tip body: no input end
    const Vec3* input[4];
    for (int k = 0; k < 4; ++k) {
      const bool hasInput = c[k]->firstChild < c[k]->lastChild;
      input[k] = hasInput ? &m_linkConstants[static_cast<std::size_t>(c[k]->firstChild)].position : &none;
    }
    const auto inputs = [&](int e) { return Packed4{(*input[0])[e], (*input[1])[e], (*input[2])[e], (*input[3])[e]}; };
    ball::BodyInput<Packed4> in{state(0), state(1), state(2), state(3), {state(4), state(5), state(6)},
                                Packed4{c[0]->mass, c[1]->mass, c[2]->mass, c[3]->mass}, constant(&RiccatiBodyConstants::output),
                                constant(&RiccatiBodyConstants::comToOutput), constant(&RiccatiBodyConstants::diagonalAtOutput),
                                {inputs(0), inputs(1), inputs(2)}};
    const Packed4 gx = {m_gravity.x(), m_gravity.x(), m_gravity.x(), m_gravity.x()};
    const Packed4 gy = {m_gravity.y(), m_gravity.y(), m_gravity.y(), m_gravity.y()};
    const Packed4 gz = {m_gravity.z(), m_gravity.z(), m_gravity.z(), m_gravity.z()};
    ball::bodyLocal(in, {gx, gy, gz}, block);
    for (int k = 0; k <= last - first; ++k)
      if (c[k]->generalAtOutput) generalBallLocal(first + k, block, k);
  }
}

// The output hinges of the ball bodies first..last whose only element is a
// linear spring-damper, evaluated together (AppliedLoads::ballHingesAt).
template <class D>
unsigned RiccatiSweep<D>::ballBlockHinges(int first, int last) {
  if (!m_applied || m_loadsReused) return 0;
  int body[4];
  unsigned lanes = 0;
  for (int k = 0; k < 4; ++k) {
    body[k] = std::min(first + k, last);
    if (first + k <= last && m_constants[static_cast<std::size_t>(first + k)].ball) lanes |= 1u << k;
  }
  return m_applied->ballHingesAt(body, lanes, m_y);
}

// A body whose J'_O is not diagonal: its lane of the block again, in scalars.
template <class D>
void RiccatiSweep<D>::generalBallLocal(int i, ball::BodyLocal<ball::Packed4>& block, int lane) const {
  if constexpr (D::R == 3) {
    const RiccatiBodyConstants& cb = m_constants[static_cast<std::size_t>(i)];
    const double* s = m_y + D::StatePerBody * i;
    const Vec3 input = cb.firstChild < cb.lastChild ? m_linkConstants[static_cast<std::size_t>(cb.firstChild)].position : Vec3::Zero();
    const ball::BodyInput<double> in{s[0], s[1], s[2], s[3], {s[4], s[5], s[6]}, cb.mass, ball::v3(cb.output), ball::v3(cb.comToOutput),
                                     ball::v3(cb.diagonalAtOutput), ball::v3(input)};
    ball::BodyLocal<double> l;
    ball::bodyLocal(in, ball::v3(m_gravity), l, cb.generalAtOutput);
    ball::setLane(block, lane, l);
  }
}

// forwardBody for a body the fused kernels take (RiccatiBodyConstants::ball):
// the same steps in the same order, in ball_kernels.hpp's scalar form, its
// body-local half taken from lane `lane` of `block` (ballBlock).
template <class D>
void RiccatiSweep<D>::forwardBallBody(int i, const ball::BodyLocal<ball::Packed4>& block, int lane, bool hingeDone) {
  if constexpr (D::R == 3) {
    using ball::V3;
    RiccatiBodyData<D>& b = m_bodies[static_cast<std::size_t>(i)];
    const RiccatiBodyConstants& cb = m_constants[static_cast<std::size_t>(i)];
    const auto at = [lane](const ball::Vec3Of<ball::Packed4>& v) { return V3{v.x[lane], v.y[lane], v.z[lane]}; };
    const double* s = m_y + D::StatePerBody * i;
    const V3 omega{s[4], s[5], s[6]};
    const V3 rIO = at(block.rIO), rCO = at(block.rCO);
    store(omega, b.omega);
    store(rIO, b.rIO);
    store(rCO, b.rCO);
    store(at(block.e2), b.e2);
    double inertia[6];
    for (int k = 0; k < 6; ++k) inertia[k] = block.inertia[k][lane];
    ball::Accumulator acc;
    acc.own(cb.mass, rCO, at(block.eq), at(block.em), inertia);
    if (m_bodyLoads) {  // addBodyLoad
      const V3 force = ball::v3(m_applied->bodyForce(i));
      acc.eq += force;
      acc.em += ball::cross(rCO, force) - ball::v3(m_applied->bodyMoment(i));
    }
    for (int l = cb.firstChild; l < cb.lastChild; ++l) {
      const RiccatiLinkConstants& link = m_linkConstants[static_cast<std::size_t>(l)];
      RiccatiLinkData<D>& ld = m_links[static_cast<std::size_t>(l)];
      V3 r, d, rE2, dE2;
      if (l == cb.firstChild) {
        r = at(block.r), rE2 = at(block.rE2), d = at(block.d), dE2 = at(block.dE2);
      } else {
        double a[9];
        for (int k = 0; k < 9; ++k) a[k] = block.a[k][lane];
        r = ball::times(a, ball::v3(link.position)), rE2 = ball::centripetal(omega, r);
        d = rIO - r, dE2 = ball::centripetal(omega, d);
      }
      store(r, ld.r);
      store(rE2, ld.e2);
      const RiccatiBodyData<D>& c = m_bodies[static_cast<std::size_t>(link.child)];
      acc.addBallInput(c.released.qr, c.released.eq, d, dE2);
      if (m_applied)
        if (const HingeLoad* e = m_applied->loadAt(link.child)) acc.em += ball::v3(e->load);
    }
    const HingeLoad* loads = !m_applied                     ? nullptr
                             : m_loadsReused || hingeDone ? m_applied->loadAt(i)
                                                          : m_applied->hingeAt(i, m_time, m_y);
    SpdConditionTerms condition;
    if (!acc.release(loads ? ball::v3(loads->load) : V3{0.0, 0.0, 0.0}, b.released, b.release, condition)) throwSingular(i, INFINITY);
    if (!condition.below(1e12)) throwSingular(i, condition.estimate());
  }
}

// A cut end is an input end with S = O and e = [-moment; force] (sign rule of
// equations.md §1.2: the load on an element at an input end is +q and -m), so
// the body step adds chi = force and d x force - moment about O.
template <class D>
void RiccatiSweep<D>::addCutLoads(int i, const BodyKinematics<D>& k, ArticulatedRelation<D>& relation) const {
  for (int e = m_cutEndBegin[static_cast<std::size_t>(i)]; e < m_cutEndBegin[static_cast<std::size_t>(i) + 1]; ++e) {
    const RiccatiCutEnd& end = m_cutEnds[static_cast<std::size_t>(e)];
    const CutLoad& load = (*m_cutLoads)[static_cast<std::size_t>(end.cut)];
    const TVec force = end.sign * D::translational(load.force);
    const TVec d = k.rIO - D::rotate(k.rotation, end.point);
    relation.eq += force;
    relation.em += D::crossRTv(d, force) - end.sign * D::rotational(load.moment);
  }
}

// A given external force F at C and moment M about C (equations.md §3.7, 000
// Eq. 5): F joins f_C in e_q, and e_m gains r_CO x F - M (E_9 has -m_C).
template <class D>
void RiccatiSweep<D>::addBodyLoad(int i, const BodyKinematics<D>& k, ArticulatedRelation<D>& relation) const {
  const TVec force = D::translational(m_applied->bodyForce(i));
  relation.eq += force;
  relation.em += D::crossRTv(k.rCO, force) - D::rotational(m_applied->bodyMoment(i));
}

template <class D>
typename D::RVec RiccatiSweep<D>::appliedMoment(int child) const {
  const HingeLoad* e = m_applied ? m_applied->loadAt(child) : nullptr;
  return e ? RVec(D::rotational(e->load)) : RVec::Zero();
}

// The single-axis motion of the hinge at body i's output (equations.md §3.3):
// a spatial revolute H = [0; n], c = [0; Omega_root x Omega_tip] with n
// turning with the root side; a slider H = [u; 0], c = [2 s' Omega_root x u; 0];
// a planar pin H = [0; 1], c = 0. H_w is H with its blocks swapped.
template <class D>
void RiccatiSweep<D>::axisMotion(int i, const double* y, BVec& h, BVec& hw, BVec& bias) const {
  h.setZero();
  hw.setZero();
  bias.setZero();
  const int parent = m_model->body(i).parent;
  const CompiledHinge& hinge = m_model->hinge(i);
  if (hinge.type == HingeType::Slider) {
    const TVec u = parent >= 0 ? D::rotate(D::rotationOf(y + D::StatePerBody * parent), hinge.axisInParent) : D::translational(hinge.axisInParent);
    const RVec omegaRoot = parent >= 0 ? RVec(D::angularVelocityOf(y + D::StatePerBody * parent)) : RVec::Zero();
    h.template head<D::T>() = u;
    hw.template tail<D::T>() = u;
    bias.template head<D::T>() = -2.0 * slideRateAt(hinge.slider) * D::crossTRv(u, omegaRoot);
    return;
  }
  if constexpr (D::R == 3) {
    const Vec3& axis = hinge.axisInParent;
    const Vec3 n = parent >= 0 ? Vec3(D::rotationOf(y + D::StatePerBody * parent) * axis) : axis;
    const Vec3 omegaRoot = parent >= 0 ? Vec3(D::angularVelocityOf(y + D::StatePerBody * parent)) : Vec3::Zero();
    // Fixed-size segments rather than comma initialisers: the latter go
    // through runtime-sized blocks, which GCC 12 flags under AVX.
    h.template tail<3>() = n;
    hw.template head<3>() = n;
    bias.template tail<3>() = omegaRoot.cross(Vec3(m_bodies[static_cast<std::size_t>(i)].omega));
  } else {
    h[D::T] = 1.0;
    hw[0] = 1.0;
  }
}

// The motion subspace H and bias c of a hinge released with the general
// form (universal, cylindrical, planar, free, point-on-line, screw), as its
// joint model gives them (core/model/joints/), in this dimension's blocks.
template <class D>
void RiccatiSweep<D>::multiAxisMotion(int i, const double* y, typename MultiAxisRelease<D>::HMatrix& h,
                                      typename MultiAxisRelease<D>::HMatrix& hw, BVec& bias) const {
  const CompiledHinge& hinge = m_model->hinge(i);
  const int parent = m_model->body(i).parent;
  JointMotionInput in;
  if (parent >= 0) {
    in.rootRotation = rotationMatrix(D::rotationOf(y + D::StatePerBody * parent));
    in.omegaRoot = D::toVec3R(D::angularVelocityOf(y + D::StatePerBody * parent));
  }
  in.tipRotation = rotationMatrix(D::rotationOf(y + D::StatePerBody * i));
  in.omegaTip = D::toVec3R(m_bodies[static_cast<std::size_t>(i)].omega);
  for (int j = 0; j < hinge.slides; ++j) in.slideVelocity += slideRateAt(hinge.slider + j) * Vec3(in.rootRotation * hinge.slideAxes[static_cast<std::size_t>(j)]);
  JointMotion motion;
  jointModel(hinge.type).motion(hinge, in, motion);
  h.setZero(D::B, hinge.dof);
  for (int j = 0; j < hinge.dof; ++j) {
    h.col(j).template head<D::T>() = D::translational(motion.translation[static_cast<std::size_t>(j)]);
    h.col(j).template tail<D::R>() = D::rotational(motion.rotation[static_cast<std::size_t>(j)]);
  }
  bias.template head<D::T>() = D::translational(motion.biasTranslation);
  bias.template tail<D::R>() = D::rotational(motion.biasRotation);
  hw.resize(D::B, hinge.dof);
  hw.template topRows<D::R>() = h.template bottomRows<D::R>();
  hw.template bottomRows<D::T>() = h.template topRows<D::T>();
  // A column that slides and turns (a screw's): [m; q] = [M; -F] pairs with
  // H's rates as n . M + p n . F, so its translation enters H_w negated and
  // D = H_w^T S H = J + m p^2 > 0. (A column that only slides keeps +u, and
  // with it D < 0 and the target -u . F: the same sign on both sides.)
  for (int j = hinge.slideColumns; j < hinge.slides; ++j) hw.col(j).template bottomRows<D::T>() = -h.col(j).template topRows<D::T>();
}

template <class D>
void RiccatiSweep<D>::storeSlideAccelerations(int child, const typename MultiAxisRelease<D>::NuVector& released, SolverOutput& out) const {
  const CompiledHinge& hinge = m_model->hinge(child);
  if (hinge.slides == 0) return;  // a universal hinge (or a ball with armature): no slide, and slider is -1
  const typename MultiAxisRelease<D>::NuVector nu = m_multiAxis[static_cast<std::size_t>(child)].allCoordinates(released);
  double* slideAcceleration = out.slideAcceleration.data() + hinge.slider;
  if (const JointModel& joint = jointModel(hinge.type); joint.slidesOf) joint.slidesOf(hinge, nu.data(), slideAcceleration);
  else
    for (int j = 0; j < hinge.slides; ++j) slideAcceleration[j] = nu[j];
}

// What H_w^T [m; q] equals at a loaded joint: the tip side receives +m and
// -q (equations.md §1.2), so a moment M and force F applied on it give
// H_w^T [m; q] = n . M for a rotation and -u . F for a slide.
template <class D>
double RiccatiSweep<D>::hingeTarget(const BVec& hw, const HingeLoad& e, bool slide) const {
  return slide ? -hw.template tail<D::T>().dot(D::translational(e.load)) : hw.template head<D::R>().dot(D::rotational(e.load));
}

// H_w^T [m; q] of a hinge with several coordinates, as hingeTarget for
// each column, from the moments and forces of all its coordinates' elements:
// each element's load is built so that it is conjugate to its own
// coordinate alone (applied_loads.cpp), so column j receives exactly the
// load on coordinate j (docs/hinge-types.md H9).
template <class D>
void RiccatiSweep<D>::coordinateTargets(int i, const typename MultiAxisRelease<D>::HMatrix& hw, typename MultiAxisRelease<D>::NuVector& target) const {
  target.setZero(hw.cols());
  const auto [first, count] = m_applied->elementRange(i);
  for (int k = first; k < first + count; ++k) {
    const HingeLoad& load = m_applied->loadOf(k);
    if (m_model->loads().laws[static_cast<std::size_t>(k)].rotational()) target.noalias() += hw.template topRows<D::R>().transpose() * D::rotational(load.load);
    else target.noalias() -= hw.template bottomRows<D::T>().transpose() * D::translational(load.load);
  }
}

// Takes the driven coordinates of a hinge with several out of the release:
// their columns leave H, H_w and the target, and H_d nu'_d joins the bias.
template <class D>
void RiccatiSweep<D>::driveCoordinates(int i, typename MultiAxisRelease<D>::HMatrix& h, typename MultiAxisRelease<D>::HMatrix& hw, BVec& bias,
                                       typename MultiAxisRelease<D>::NuVector& target, typename MultiAxisRelease<D>::NuVector& armature,
                                       MultiAxisRelease<D>& data) const {
  const auto [first, count] = m_applied->elementRange(i);
  bool any = false;
  for (int k = first; k < first + count; ++k) any |= m_model->loads().laws[static_cast<std::size_t>(k)].prescribed;
  if (!any) return;
  data.partlyDriven = true;
  data.whole = h;
  data.driven.setConstant(h.cols(), NAN);
  for (int k = first; k < first + count; ++k)
    if (m_model->loads().laws[static_cast<std::size_t>(k)].prescribed) {
      const int j = m_model->loads().hinges[static_cast<std::size_t>(k)].column;
      data.driven[j] = m_applied->detailOf(k).motion.acceleration;
      bias += h.col(j) * data.driven[j];
    }
  Eigen::Index kept = 0;
  for (Eigen::Index j = 0; j < h.cols(); ++j) {
    if (!std::isnan(data.driven[j])) continue;
    data.column[static_cast<std::size_t>(kept)] = static_cast<int>(j);
    h.col(kept) = h.col(j);
    hw.col(kept) = hw.col(j);
    target[kept] = target[j];
    armature[kept] = armature[j];
    ++kept;
  }
  h.conservativeResize(Eigen::NoChange, kept);
  hw.conservativeResize(Eigen::NoChange, kept);
  target.conservativeResize(kept);
  armature.conservativeResize(kept);
}

// The rotor inertia of each column of a hinge with several coordinates, with
// the sign of its target (a free rotation's J on each of its columns; a
// one-coordinate hinge's is RiccatiModel::armature); false when none has any.
template <class D>
bool RiccatiSweep<D>::columnArmature(int i, Eigen::Index columns, typename MultiAxisRelease<D>::NuVector& armature) const {
  armature.setZero(columns);
  bool any = false;
  const int slides = m_model->hinge(i).slideColumns;
  const auto [first, count] = m_applied->elementRange(i);
  for (int k = first; k < first + count; ++k) {
    const HingeElements& e = m_model->loads().hinges[static_cast<std::size_t>(k)];
    if (e.armature == 0.0) continue;
    any = true;
    const int width = e.coordinate == HingeElements::Coordinate::Rotation ? D::R : 1, column = std::max(e.column, 0);  // a ball's: -1
    for (int j = column; j < column + width; ++j) armature[j] = j < slides ? -e.armature : e.armature;
  }
  return any;
}

// The driving loads of the driven coordinates of a hinge with several: as
// storeDrivingLoad, column by column of the whole H.
template <class D>
void RiccatiSweep<D>::storeCoordinateDrivingLoads(int child, const RVec& moment, const TVec& force, SolverOutput& out) const {
  const MultiAxisRelease<D>& a = m_multiAxis[static_cast<std::size_t>(child)];
  if (!a.partlyDriven) return;
  const auto [first, count] = m_applied->elementRange(child);
  for (int k = first; k < first + count; ++k) {
    const HingeElements& e = m_model->loads().hinges[static_cast<std::size_t>(k)];
    if (!e.prescribed) continue;
    const HingeElementLoads& own = m_applied->detailOf(k);
    const double conjugate = a.whole.col(e.column).template tail<D::R>().dot(moment) - a.whole.col(e.column).template head<D::T>().dot(force);
    // The drive also turns its own rotor: + J q''.
    out.drivingLoad[static_cast<std::size_t>(e.driven)] = conjugate - (own.spring + own.stop + own.actuator) + e.armature * a.driven[e.column];
  }
}

// Releases the hinge at the output of body i (equations.md §3.3), with the
// loads of its spring, damper, stops and actuator (§3.7); a driven hinge is
// not released but given its prescribed nu' (§3.7).
template <class D>
void RiccatiSweep<D>::releaseOutputHinge(int i, const ArticulatedRelation<D>& atOutput, const double* y) {
  RiccatiBodyData<D>& b = m_bodies[static_cast<std::size_t>(i)];
  const HingeLoad* loads = !m_applied ? nullptr : m_loadsReused ? m_applied->loadAt(i) : m_applied->hingeAt(i, m_time, y);
  ArticulatedRelation<D> released;  // a ball/pin release sets its qr and eq only
  ReleaseCheck check;
  BVec h, hw, bias;
  const ReleaseKind kind = m_releaseKind[static_cast<std::size_t>(i)];
  switch (kind) {
    case ReleaseKind::RotationFree: {
      const RVec moment = appliedMoment(i);
      check = releaseRotationFree<D>(atOutput, released, b.release, loads ? &moment : nullptr);
      break;
    }
    case ReleaseKind::SingleAxis:
    case ReleaseKind::Slide:
    {
      axisMotion(i, y, h, hw, bias);
      double target = loads ? hingeTarget(hw, *loads, kind == ReleaseKind::Slide) : 0.0;
      double armature = loads ? m_armature[static_cast<std::size_t>(i)] : 0.0;
      if (loads && m_iteration) {  // iteration_operator.hpp: A_j as an armature, and A_j nu'_k as a load (equations.md §5.4)
        const double sigma = kind == ReleaseKind::Slide ? -1.0 : 1.0, term = m_iteration->term[static_cast<std::size_t>(i)];
        armature += sigma * term;
        target += sigma * term * m_iteration->acceleration[static_cast<std::size_t>(i)];
      }
      check = releaseSingleAxis<D>(atOutput, h, hw, bias, released, m_singleAxis[static_cast<std::size_t>(i)], target, armature);
      break;
    }
    case ReleaseKind::Driven:
      axisMotion(i, y, h, hw, bias);
      releaseDriven<D>(atOutput, h, bias, m_applied->atHinge(i)->motion.acceleration, released, m_singleAxis[static_cast<std::size_t>(i)]);
      break;
    case ReleaseKind::Locked:
      released = atOutput;
      break;
    case ReleaseKind::MultiAxis: {
      typename MultiAxisRelease<D>::HMatrix hm, hwm;
      multiAxisMotion(i, y, hm, hwm, bias);
      MultiAxisRelease<D>& data = m_multiAxis[static_cast<std::size_t>(i)];
      typename MultiAxisRelease<D>::NuVector target, armature;
      bool rotors = false;
      if (loads) {
        coordinateTargets(i, hwm, target);
        if (m_rotors[static_cast<std::size_t>(i)]) rotors = columnArmature(i, hm.cols(), armature);
        else armature.setZero(hm.cols());
      }
      data.partlyDriven = false;
      if (loads) driveCoordinates(i, hm, hwm, bias, target, armature, data);
      // A ball's 3 x 3 term and its load at the iterate (iteration_operator.hpp, equations.md §5.4).
      const bool ballTerm = m_iteration && m_iteration->iterated[static_cast<std::size_t>(i)] == IterationOperator::kBall;
      typename MultiAxisRelease<D>::Square term;
      if (ballTerm) {
        term = m_iteration->rotationTerm[static_cast<std::size_t>(i)];
        if (!loads) target.setZero(hm.cols());
        target += term * m_iteration->rotationAcceleration[static_cast<std::size_t>(i)];
      }
      check = releaseMultiAxis<D>(atOutput, hm, hwm, bias, released, data, loads || ballTerm ? &target : nullptr, rotors ? &armature : nullptr,
                                  ballTerm ? &term : nullptr);
      break;
    }
  }
  if (check.singular()) throwSingular(i, check.condition);
  storeReleased(i, released, kind != ReleaseKind::RotationFree);
}

template <class D>
ArticulatedRelation<D> RiccatiSweep<D>::releasedRelation(int i, bool withMoment) const {
  const ReleasedForce<D>& force = m_bodies[static_cast<std::size_t>(i)].released;
  ArticulatedRelation<D> r;
  r.qr = force.qr;
  r.eq = force.eq;
  if (withMoment) {
    const ReleasedMoment<D>& moment = m_releasedMoments[static_cast<std::size_t>(i)];
    r.mw = moment.mw;
    r.mr = moment.mr;
    r.em = moment.em;
  }
  return r;
}

template <class D>
void RiccatiSweep<D>::storeReleased(int i, const ArticulatedRelation<D>& released, bool withMoment) {
  ReleasedForce<D>& force = m_bodies[static_cast<std::size_t>(i)].released;
  force.qr = released.qr;
  force.eq = released.eq;
  if (withMoment) m_releasedMoments[static_cast<std::size_t>(i)] = {released.mw, released.mr, released.em};
}

// The driving load of a prescribed hinge: the conjugate load at the joint
// (H_w^T [m; q] with the sign of hingeTarget) less what its own spring,
// damper and stops apply.
template <class D>
void RiccatiSweep<D>::storeDrivingLoad(int child, const RVec& moment, const TVec& force, SolverOutput& out) const {
  const SingleAxisRelease<D>& a = m_singleAxis[static_cast<std::size_t>(child)];
  const HingeElementLoads& e = *m_applied->atHinge(child);
  const double conjugate = a.h.template tail<D::R>().dot(moment) - a.h.template head<D::T>().dot(force);
  const HingeElements& element = *m_model->loads().atBody(child);
  out.drivingLoad[static_cast<std::size_t>(element.driven)] = conjugate - (e.spring + e.stop + e.actuator) + element.armature * a.n0;
}

// Root solve (equations.md §3.5) of one system: the ground side has
// z_root = 0, and the load at the root's hinge is e_out.
template <class D>
void RiccatiSweep<D>::solveRoot(int root) {
  RiccatiBodyData<D>& r = m_bodies[static_cast<std::size_t>(root)];
  {
    const ReleaseKind kind = m_releaseKind[static_cast<std::size_t>(root)];
    const RVec moment = kind == ReleaseKind::RotationFree ? appliedMoment(root) : RVec(m_releasedMoments[static_cast<std::size_t>(root)].em);
    if (kind == ReleaseKind::Driven) storeDrivingLoad(root, moment, r.released.eq, *m_out);
    if (kind == ReleaseKind::MultiAxis && m_applied) storeCoordinateDrivingLoads(root, moment, r.released.eq, *m_out);
    if (!m_out->angularOnly) storeHingeLoad(root, moment, r.released.eq, *m_out);
  }
  r.accOutput.setZero();
  const SingleAxisRelease<D>& axis = m_singleAxis[static_cast<std::size_t>(root)];
  switch (m_releaseKind[static_cast<std::size_t>(root)]) {
    case ReleaseKind::RotationFree: r.angAcc = r.release.k; break;
    case ReleaseKind::SingleAxis:
    case ReleaseKind::Slide:
    case ReleaseKind::Driven: {
      const Eigen::Matrix<double, D::B, 1> z = axis.h * axis.n0 + axis.c;
      if (!m_out->hingeAcceleration.empty()) m_out->hingeAcceleration[static_cast<std::size_t>(root)] = axis.n0;
      r.accOutput = z.template head<D::T>();
      r.angAcc = z.template tail<D::R>();
      if (m_model->hinge(root).slider >= 0)
        m_out->slideAcceleration[static_cast<std::size_t>(m_model->hinge(root).slider)] = axis.n0;
      break;
    }
    case ReleaseKind::Locked: r.angAcc.setZero(); break;
    case ReleaseKind::MultiAxis: {  // free root: z_b,O = H n0 + c with z_root = 0 (equations.md §3.5)
      const MultiAxisRelease<D>& a = m_multiAxis[static_cast<std::size_t>(root)];
      const Eigen::Matrix<double, D::B, 1> z = a.h * a.n0 + a.c;
      if (m_iteration && m_iteration->iterated[static_cast<std::size_t>(root)] == IterationOperator::kBall)
        m_iteration->rotationAcceleration[static_cast<std::size_t>(root)] = a.n0;
      r.accOutput = z.template head<D::T>();
      r.angAcc = z.template tail<D::R>();
      storeSlideAccelerations(root, a.n0, *m_out);
      break;
    }
  }
}

// Backward sweep (000 Eq. 33, equations.md §3.6).
template <class D>
void RiccatiSweep<D>::backwardBody(int i, SolverOutput& out) {
  const RiccatiBodyData<D>& b = m_bodies[static_cast<std::size_t>(i)];
  const RiccatiBodyConstants& cb = m_constants[static_cast<std::size_t>(i)];
  // x = T22^-1 (z_bO - f_b): r''_I1 = r''_O + r_IO x Omega' - E_2.
  const TVec accInput = b.accOutput + D::crossTRv(b.rIO, b.angAcc) - b.e2;
  for (int l = cb.firstChild; l < cb.lastChild; ++l) {
    const RiccatiLinkData<D>& ld = m_links[static_cast<std::size_t>(l)];
    const TVec accJoint = accInput - D::crossTRv(ld.r, b.angAcc) + ld.e2;  // geometric Eq. 14
    passMotionToChild(m_model->links()[static_cast<std::size_t>(l)].child, accJoint, b.angAcc, out);
  }
  const auto s = static_cast<std::size_t>(i);
  out.angularAcceleration[s] = D::toVec3R(b.angAcc);
  // r''_C = r''_O + Omega' x r_OC + Omega x (Omega x r_OC), with r_OC = -r_CO.
  if (!out.angularOnly) out.comAcceleration[s] = D::toVec3T(b.accOutput + D::crossTRv(b.rCO, b.angAcc) - D::centripetal(b.omega, b.rCO));
}

// backwardBody for a body the fused kernels take: every child hangs on a
// ball, so its Omega' = K r''_joint + k (RotationFreeRelease).
template <class D>
void RiccatiSweep<D>::backwardBallBody(int i, SolverOutput& out) {
  if constexpr (D::R == 3) {
    using ball::V3;
    const RiccatiBodyData<D>& b = m_bodies[static_cast<std::size_t>(i)];
    const RiccatiBodyConstants& cb = m_constants[static_cast<std::size_t>(i)];
    const V3 alpha = ball::v3(b.angAcc), accOutput = ball::v3(b.accOutput);
    const V3 accInput = accOutput + ball::cross(ball::v3(b.rIO), alpha) - ball::v3(b.e2);
    for (int l = cb.firstChild; l < cb.lastChild; ++l) {
      const RiccatiLinkData<D>& ld = m_links[static_cast<std::size_t>(l)];
      const V3 accJoint = accInput - ball::cross(ball::v3(ld.r), alpha) + ball::v3(ld.e2);
      const int child = m_linkConstants[static_cast<std::size_t>(l)].child;
      RiccatiBodyData<D>& c = m_bodies[static_cast<std::size_t>(child)];
      store(accJoint, c.accOutput);
      store(ball::times(c.release.K, accJoint) + ball::v3(c.release.k), c.angAcc);
      if (!out.angularOnly) {
        const V3 force = ball::times(c.released.qr, accJoint) + ball::v3(c.released.eq);
        // storeHingeLoad(child, appliedMoment(child), force) without its
        // Vec3 temporaries: the root side receives +q and -m, m = M.
        const HingeLoad* e = m_applied ? m_applied->loadAt(child) : nullptr;
        store(force, out.hingeForce[static_cast<std::size_t>(child)]);
        store(e ? V3{-e->load.x(), -e->load.y(), -e->load.z()} : V3{-0.0, -0.0, -0.0}, out.hingeMoment[static_cast<std::size_t>(child)]);
      }
    }
    const auto s = static_cast<std::size_t>(i);
    store(alpha, out.angularAcceleration[s]);
    if (!out.angularOnly) {
      const V3 rCO = ball::v3(b.rCO);
      store(accOutput + ball::cross(rCO, alpha) - ball::centripetal(ball::v3(b.omega), rCO), out.comAcceleration[s]);
    }
  }
}

template <class D>
void RiccatiSweep<D>::passMotionToChild(int child, const TVec& accJoint, const RVec& angAccRoot, SolverOutput& out) {
  RiccatiBodyData<D>& c = m_bodies[static_cast<std::size_t>(child)];
  c.accOutput = accJoint;
  switch (m_releaseKind[static_cast<std::size_t>(child)]) {
    case ReleaseKind::RotationFree:
      c.angAcc = c.release.angularAcceleration(accJoint);
      if (!out.angularOnly) storeHingeLoad(child, appliedMoment(child), c.released.qr * accJoint + c.released.eq, out);
      return;
    case ReleaseKind::SingleAxis:
    case ReleaseKind::Slide:
    case ReleaseKind::Driven: {
      const SingleAxisRelease<D>& a = m_singleAxis[static_cast<std::size_t>(child)];
      Eigen::Matrix<double, D::B, 1> zRoot;
      zRoot.template head<D::T>() = accJoint;
      zRoot.template tail<D::R>() = angAccRoot;
      const double nu = a.N.dot(zRoot) + a.n0;
      if (!out.hingeAcceleration.empty()) out.hingeAcceleration[static_cast<std::size_t>(child)] = nu;
      const Eigen::Matrix<double, D::B, 1> z = zRoot + a.h * nu + a.c;
      c.accOutput = z.template head<D::T>();
      c.angAcc = z.template tail<D::R>();
      if (m_model->hinge(child).slider >= 0) out.slideAcceleration[static_cast<std::size_t>(m_model->hinge(child).slider)] = nu;
      if (m_releaseKind[static_cast<std::size_t>(child)] == ReleaseKind::Driven)
        storeDrivingLoad(child, releasedRelation(child).moment(accJoint, angAccRoot), releasedRelation(child).force(accJoint, angAccRoot), out);
      break;
    }
    case ReleaseKind::Locked: c.angAcc = angAccRoot; break;
    case ReleaseKind::MultiAxis: {
      const MultiAxisRelease<D>& a = m_multiAxis[static_cast<std::size_t>(child)];
      Eigen::Matrix<double, D::B, 1> zRoot;
      zRoot.template head<D::T>() = accJoint;
      zRoot.template tail<D::R>() = angAccRoot;
      const typename MultiAxisRelease<D>::NuVector nu = a.N * zRoot + a.n0;
      if (m_iteration && m_iteration->iterated[static_cast<std::size_t>(child)] == IterationOperator::kBall)
        m_iteration->rotationAcceleration[static_cast<std::size_t>(child)] = nu;
      const Eigen::Matrix<double, D::B, 1> z = zRoot + a.h * nu + a.c;
      c.accOutput = z.template head<D::T>();
      c.angAcc = z.template tail<D::R>();
      storeSlideAccelerations(child, nu, out);
      if (m_applied)
        storeCoordinateDrivingLoads(child, releasedRelation(child).moment(accJoint, angAccRoot), releasedRelation(child).force(accJoint, angAccRoot),
                                    out);
      break;
    }
  }
  if (!out.angularOnly) {
    const ArticulatedRelation<D> released = releasedRelation(child);
    storeHingeLoad(child, released.moment(accJoint, angAccRoot), released.force(accJoint, angAccRoot), out);
  }
}

// The hinge state [m; q] at the joint: the root-side body receives +q and -m.
template <class D>
void RiccatiSweep<D>::storeHingeLoad(int child, const RVec& moment, const TVec& force, SolverOutput& out) const {
  out.hingeForce[static_cast<std::size_t>(child)] = D::toVec3T(force);
  out.hingeMoment[static_cast<std::size_t>(child)] = -D::toVec3R(moment);
}

namespace {

// A massless tip-side body passes what its hinge leaves free on to the
// bodies beyond it; when they cannot take it either, say so (issue 29.1).
std::string masslessHint(const Model& model, int body) {
  const CompiledBody& b = model.body(body);
  if (b.mass > 0.0 || !b.inertiaAtOutput.isZero(0.0)) return {};
  return " (body '" + b.name + "' is massless: the hinges beyond it must not leave free the same motion, as two hinges on one axis with only a massless frame between them do)";
}

}  // namespace

template <class D>
void RiccatiSweep<D>::throwSingular(int body, double condition) const {
  const CompiledHinge& h = m_model->hinge(body);
  throw Error(ErrorKind::Solver,
              describeHinge(*m_model, body) + ": release matrix is " +
                  (std::isfinite(condition) ? "ill-conditioned (condition estimate " + formatNumber(condition) + ")"
                                            : std::string("singular")) +
                  (h.type == HingeType::Slider ? "; the tip-side bodies have no mass to move along the slide axis"
                   : m_releaseKind[static_cast<std::size_t>(body)] == ReleaseKind::MultiAxis
                       ? "; the tip-side bodies have no mass or inertia in a direction this " + std::string(toString(h.type)) + " hinge leaves free"
                       : "; the tip-side bodies have no rotational inertia about this hinge") +
                  masslessHint(*m_model, body),
              {ErrorSubject::Kind::Hinge, h.specIndex});
}

template struct RiccatiModel<PlanarDim>;
template struct RiccatiModel<SpatialDim>;
template struct RiccatiData<PlanarDim>;
template struct RiccatiData<SpatialDim>;
template class RiccatiSolver<PlanarDim>;
template class RiccatiSolver<SpatialDim>;
template void riccatiEvaluate<PlanarDim>(const RiccatiModel<PlanarDim>&, RiccatiData<PlanarDim>&, const Eigen::VectorXd&, const RiccatiInputs&,
                                         SolverOutput&);
template void riccatiEvaluate<SpatialDim>(const RiccatiModel<SpatialDim>&, RiccatiData<SpatialDim>&, const Eigen::VectorXd&, const RiccatiInputs&,
                                          SolverOutput&);

}  // namespace mstmm
