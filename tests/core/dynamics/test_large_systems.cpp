// Large systems and allocation: the 100,002-DOF branch system of 000 §5.2
// runs (kept to 10 RK4 steps for CI) with finite results and conserved
// energy, recording only selected bodies in single precision; and one
// Riccati evaluation or RK4 step allocates nothing once the workspace exists
// (a counting global allocator in this test executable).

#include "tests/core/check.hpp"
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <new>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/loops/closure_projection.hpp"
#include "core/dynamics/riccati/riccati_solver.hpp"
#include "core/generate/floating_examples.hpp"
#include "core/generate/linkages.hpp"
#include "core/io/model_json.hpp"
#include "core/loads/shape_query.hpp"
#include "core/model/model.hpp"
#include "core/sim/integrator.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

// ThreadSanitizer's runtime defines the global allocation functions itself:
// under it the counter cannot be installed, and the tests that need it are
// skipped (they run in every other build, AddressSanitizer's included).
// Eigen's dynamic matrices take their memory from malloc, not from operator
// new: where no sanitizer owns malloc, malloc itself is counted too (glibc's
// __libc_malloc does the work), so that an Eigen temporary is seen.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MSTMM_NO_COUNTING_ALLOCATOR
#endif
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define MSTMM_SANITIZER_OWNS_MALLOC
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MSTMM_SANITIZER_OWNS_MALLOC
#endif
#if defined(__GLIBC__) && !defined(MSTMM_SANITIZER_OWNS_MALLOC) && !defined(MSTMM_NO_COUNTING_ALLOCATOR)
#define MSTMM_COUNTING_MALLOC
#endif

namespace {
std::atomic<long> g_allocations{0};
void* volatile g_escape = nullptr;
#ifdef MSTMM_NO_COUNTING_ALLOCATOR
constexpr bool kCounting = false;
#else
constexpr bool kCounting = true;
#endif
#ifdef MSTMM_COUNTING_MALLOC
constexpr bool kCountingMalloc = true;
#else
constexpr bool kCountingMalloc = false;
#endif
}

#ifdef MSTMM_COUNTING_MALLOC
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
void* malloc(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(count, size);
}
void* realloc(void* p, std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(p, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_memalign(alignment, size);
}
}
#endif

#ifndef MSTMM_NO_COUNTING_ALLOCATOR

// GCC 12, inlining these into gtest's factories, takes the free() below for
// a mismatch with `new`: it does not know that this operator new is malloc.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
// The nothrow forms too (std::stable_sort's buffer): every allocation must
// pair with the delete below (ASan: alloc-dealloc-mismatch otherwise).
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

using namespace mstmm;

TEST(LargeSystems, hundredThousandDofBranchSystemSmoke) {
  const auto model = compile(generateBranch({33334, false}));
  ASSERT_SAME(model->degreesOfFreedom(), 100002);
  SimulationSettings s;
  s.timeStep = 1e-3;
  s.endTime = 0.01;  // 10 steps
  RecordOptions record;
  for (const char* name : {"1", "11", "66667"}) record.bodies.push_back(model->bodyByName(name));
  record.singlePrecision = true;
  Results results(*model, record);
  const RunReport report = simulate(model, s, results);
  ASSERT_SAME(report.status, RunStatus::Completed);
  ASSERT_SAME(report.steps, 10L);
  ASSERT_SAME(results.frameCount(), 11);
  for (int f = 0; f < results.frameCount(); ++f)
    for (int b = 0; b < results.recordedBodyCount(); ++b) {
      ASSERT_TRUE(results.com(f, b).allFinite());
      ASSERT_TRUE(std::abs(results.orientation(f, b).norm() - 1.0) < 1e-6);  // stored as float
    }
  ASSERT_TRUE(results.bytes() < 5120);  // 3 bodies x 11 frames x 23 floats, and per frame the time, energies and momentum
  // Energy: RK4's error over 10 steps of 1 ms is of order dt^5 per step;
  // compare with the gravitational energy of the system.
  const double e0 = results.energy(0).total(), e1 = results.energy(10).total();
  const double scale = std::abs(results.energy(0).potential);
  const double spin = results.angularVelocity(10, 1).norm();  // body 11 starts to turn
  ::mstmm::test::info("33,334 bodies, 10 RK4 steps: E0 = %.6e J, |E - E0| = %.2e J (%.1e relative), body 11 at %.3e rad/s",
        e0, std::abs(e1 - e0), std::abs(e1 - e0) / scale, spin);
  ASSERT_TRUE(spin > 1e-3);
  ASSERT_TRUE(std::abs(e1 - e0) <= 1e-10 * scale);
}


TEST(LargeSystems, riccatiEvaluationAllocatesNothing) {
  if (!kCounting) GTEST_SKIP() << "ThreadSanitizer replaces the allocator";
  struct Row {
    const char* name;
    int which;
  };
  const Row rows[] = {
      {"spatial tree", 0},
      {"planar tree", 1},
      {"revolute and weld hinges", 2},
      {"free root, universal, cylindrical, planar, free and point-on-line hinges", 3},
      {"loads and a drive on those hinges' coordinates (eight-body-loaded)", 4},
      {"a closed loop: the four-bar linkage (supplement equations by LU, condition estimated)", 5},
      {"loops and branches of 002 Fig. 2", 6},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const int& which = row.which;
    ModelSpec spec = which == 4   ? generateLoadedEightBodySystem()
                     : which == 5 ? generateFourBar({})
                     : which == 6 ? generateMixedSystem({})
                                  : generateRandomTree({40, 17, which == 1});
    if (which == 2) {
      for (BodySpec& b : spec.bodies) b.angularVelocity.setZero();
      for (std::size_t h = 1; h < spec.hinges.size(); h += 3) spec.hinges[h].type = h % 2 ? HingeType::Revolute : HingeType::Weld;
    }
    if (which == 3) {  // the release of several coordinates keeps fixed-capacity storage
      Random r(23);
      test::addNewHingeTypes(spec, r, true);
    }
    const auto model = compile(spec);
    auto solver = makeSolver(SolverKind::Riccati, model);
    SolverOutput out;
    const Eigen::VectorXd y = initialState(*model);
    solver->evaluate(y, out);  // the output buffers are sized on first use
    const long before = g_allocations.load();
    for (int k = 0; k < 100; ++k) solver->evaluate(y, out);
    ASSERT_SAME(g_allocations.load() - before, 0L);
  }
}

TEST(LargeSystems, rk4StepAllocatesNothing) {
  if (!kCounting) GTEST_SKIP() << "ThreadSanitizer replaces the allocator";
  const auto model = compile(generateBranch({50, false}));
  auto solver = makeSolver(SolverKind::Riccati, model);
  OdeSystem ode(*solver);
  RungeKutta4 rk4;
  Eigen::VectorXd y = initialState(*model), dy(y.size());
  SolverOutput out;
  ode.evaluate(0.0, y, dy, out);
  rk4.step(ode, 0.0, y, dy, out, 1e-3);  // sizes the stage vectors
  const long before = g_allocations.load();
  for (int k = 0; k < 100; ++k) rk4.step(ode, 0.0, y, dy, out, 1e-3);
  ASSERT_SAME(g_allocations.load() - before, 0L);
}

// A looped model's step: the closed-loop solver's four evaluations, and with
// projection stabilisation the Gauss-Newton projection after the step; and
// Bricard's overconstrained linkage, whose supplement equations always lose
// rank and take the least-norm solve.
TEST(LargeSystems, rk4StepOfALoopAllocatesNothing) {
  if (!kCounting) GTEST_SKIP() << "ThreadSanitizer replaces the allocator";
  struct Row {
    const char* name;
    ModelSpec spec;
    bool projection;
  };
  const Row rows[] = {
      {"four-bar, Baumgarte", generateFourBar({}), false},
      {"four-bar, projection", generateFourBar({}), true},
      {"Bricard's linkage (IFToMM A04)", loadModel(test::sourcePath("resources/examples/iftomm-a04-bricard.json")), false},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const auto model = compile(row.spec);
    auto solver = makeSolver(SolverKind::Riccati, model);
    OdeSystem ode(*solver);
    ClosureProjector projector(*model);
    if (row.projection) ode.setProjector(&projector);
    RungeKutta4 rk4;
    Eigen::VectorXd y = initialState(*model), dy(y.size());
    SolverOutput out;
    ode.evaluate(0.0, y, dy, out);
    rk4.step(ode, 0.0, y, dy, out, 1e-3);  // sizes the stage vectors and the solvers' work vectors
    const long before = g_allocations.load();
    for (int k = 0; k < 100; ++k) rk4.step(ode, 1e-3 * (k + 1), y, dy, out, 1e-3);
    ASSERT_SAME(g_allocations.load() - before, 0L);
  }
}

// Every bundled example, stepped as its settings say (Riccati, its
// integrator, RK4 or dopri5, at its time step, its loop stabilisation): no allocation once the first steps
// have sized the work vectors. Contacts between bodies need the collision
// library, which this executable may not link: such examples are skipped
// and named.
TEST(LargeSystems, everyExampleStepsWithoutAllocating) {
  if (!kCounting) GTEST_SKIP() << "ThreadSanitizer replaces the allocator";
  int stepped = 0;
  std::string skipped;
  for (const auto& entry : std::filesystem::directory_iterator(test::sourcePath("resources/examples"))) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().stem().string();
    SCOPED_TRACE(name);
    const ModelSpec spec = loadModel(entry.path().string());
    if (!spec.bodyContacts.empty() && !hasShapeQuery()) {
      skipped += " " + name;
      continue;
    }
    const auto model = compile(spec);
    auto solver = makeSolver(SolverKind::Riccati, model, supplementTarget(spec.simulation));
    OdeSystem ode(*solver);
    ClosureProjector projector(*model);
    if (model->hasLoops() && spec.simulation.loopStabilisation == LoopStabilisation::Projection) ode.setProjector(&projector);
    const std::unique_ptr<Integrator> integrator = makeIntegrator(spec.simulation, *model);
    const double h = spec.simulation.timeStep;
    Eigen::VectorXd y = initialState(*model), dy(y.size());
    SolverOutput out;
    ode.evaluate(0.0, y, dy, out);
    double t = 0.0;
    for (int k = 0; k < 3; ++k) t += integrator->step(ode, t, y, dy, out, h);
    const long before = g_allocations.load();
    for (int k = 3; k < 23; ++k) t += integrator->step(ode, t, y, dy, out, h);
    ASSERT_SAME(g_allocations.load() - before, 0L);
    ASSERT_TRUE(y.allFinite());
    ++stepped;
  }
  ::mstmm::test::info("%d examples stepped without allocating; skipped (contacts between bodies, no collision library here):%s", stepped,
                      skipped.empty() ? " none" : skipped.c_str());
  ASSERT_TRUE(stepped >= 25);
}

TEST(LargeSystems, parallelSubtreesAreBitIdentical) {
  // A low threshold forks at many nested branch bodies; every output must
  // equal the single-threaded one bit for bit.
  const auto model = compile(generateRandomTree({20000, 23, false}));
  RiccatiSolver<SpatialDim> serial(model), parallel(model);
  serial.setParallelism(1);
  parallel.setParallelism(2, 50);
  ASSERT_TRUE(!serial.parallel());
  ASSERT_TRUE(parallel.parallel());
  Random r(5);
  for (int k = 0; k < 5; ++k) {
    const Eigen::VectorXd y = test::randomState(*model, r);
    SolverOutput a, b;
    serial.evaluate(y, a);
    parallel.evaluate(y, b);
    for (std::size_t i = 0; i < a.angularAcceleration.size(); ++i) {
      ASSERT_TRUE(a.angularAcceleration[i] == b.angularAcceleration[i]);
      ASSERT_TRUE(a.comAcceleration[i] == b.comAcceleration[i]);
      ASSERT_TRUE(a.hingeForce[i] == b.hingeForce[i]);
    }
  }
}

TEST(LargeSystems, errorOnTheWorkerReachesTheCaller) {
  // A point mass on its own pin (singular release) deep in a subtree the
  // worker runs: the error must come out of evaluate(), naming the hinge.
  ModelSpec spec = generateRandomTree({3000, 29, true});
  const auto probe = compile(spec);
  RiccatiSolver<PlanarDim> plan(probe);
  plan.setParallelism(2, 50);
  ASSERT_TRUE(plan.parallel());
  int leafSpec = -1;
  for (int i = 0; i < probe->bodyCount() && leafSpec < 0; ++i)
    if (probe->body(i).firstChild == probe->body(i).lastChild) leafSpec = probe->body(i).specIndex;
  BodySpec& leaf = spec.bodies[static_cast<std::size_t>(leafSpec)];
  leaf.shape.type = ShapeType::PointMasses;
  leaf.shape.points = {{1.0, leaf.output}};
  const auto model = compile(spec);
  RiccatiSolver<PlanarDim> solver(model);
  solver.setParallelism(2, 50);
  SolverOutput out;
  try {
    solver.evaluate(initialState(*model), out);
    FAIL() << "a singular release went unnoticed";
  } catch (const Error& e) {
    ASSERT_TRUE(::mstmm::test::contains(e.what(), "release matrix is singular"));
    ASSERT_SAME(e.subject().kind, ErrorSubject::Kind::Hinge);
  }
  // The worker is idle again: a second evaluation fails the same way instead of hanging.
  ASSERT_THROW(solver.evaluate(initialState(*model), out), Error);
}

TEST(LargeSystems, theCounterCounts) {
  if (!kCounting) GTEST_SKIP() << "ThreadSanitizer replaces the allocator";
  // The allocation tests above are only evidence if the counter sees allocations.
  const long before = g_allocations.load();
  std::vector<double> v(1000, 1.0);
  const long during = g_allocations.load();
  ASSERT_SAME(v[999], 1.0);
  ASSERT_TRUE(during - before >= 1);
}

TEST(LargeSystems, theCounterSeesEigensAllocations) {
  if (!kCountingMalloc) GTEST_SKIP() << "a sanitizer owns malloc: only operator new is counted";
  const long before = g_allocations.load();
  Eigen::VectorXd v = Eigen::VectorXd::Constant(1000, 1.0);
  g_escape = v.data();  // the heap block must not be optimised away
  const long during = g_allocations.load();
  ASSERT_SAME(v[999], 1.0);
  ASSERT_TRUE(during - before >= 1);
}

