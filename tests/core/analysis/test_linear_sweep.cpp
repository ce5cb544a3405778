// The O(N) Riccati sweep of the linearised tree against the dense matrices
// of the linearisation (exact M from the velocity Jacobians; K and C from
// the Riccati accelerations by differences): M x to round-off at any
// state; (K - sigma M)^-1 f and (K + i w C - w^2 M)^-1 f at equilibria of
// chains, branch systems and random trees with every hinge type, springs
// and dampers; the pivots' count of negative eigenvalues.

#include <cmath>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/linear_sweep.hpp"
#include "core/analysis/modes.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

using test::note;

/// A random tree with universal, cylindrical, planar and free hinges among
/// its balls (pins), a spring and a damper on every coordinate (a ball's
/// rotation spring at rest at the initial state), starting from rest.
ModelSpec springyTree(std::uint64_t seed, bool planar) {
  RandomTreeOptions o;
  o.bodies = 8;
  o.seed = seed;
  o.planar = planar;
  ModelSpec spec = generateRandomTree(o);
  Random random(seed * 7 + 1);
  if (!planar) test::addNewHingeTypes(spec, random, false);
  for (HingeSpec& h : spec.hinges)
    if (h.type == HingeType::PointOnLine) h.type = HingeType::Ball;
  // Every frame turned alike: the hinges whose loads act on an angle about
  // an axis need their bodies aligned up to a turn about it.
  for (BodySpec& b : spec.bodies) {
    b.thetaDot = 0.0;
    b.angularVelocity = Vec3::Zero();
    b.orientation = quaternionFromAxisAngle(Vec3(1, 2, 3).normalized(), 0.4);
  }
  for (HingeSpec& h : spec.hinges) {
    h.slideRate = 0.0;
    h.translationRate = Vec3::Zero();
    auto orientation = [&](BodyId id) { return spec.bodies[static_cast<std::size_t>(spec.bodyIndex(id))].orientation.normalized(); };
    const Quat root = h.isGround() ? Quat(1, 0, 0, 0) : Quat(orientation(*h.parent));
    const Quat restTurn = quaternionProduct(quaternionConjugate(root), orientation(h.child));
    const std::vector<std::string>& names = hingeCoordinateNames(h.type, spec.kind);
    auto spring = [&](HingeLoadsSpec& loads, bool rotation) {
      loads.spring = HingeSpringSpec::linear(random.uniform(5, 40), random.uniform(0.1, 2));
      if (rotation) loads.spring->restOrientation = restTurn;
    };
    if (names.size() <= 1) spring(h.loads, h.type == HingeType::Ball);
    else
      for (const std::string& name : names) spring(h.loadsOn(name, spec.kind), name == "rotation");
  }
  return spec;
}

/// Sweep-based and dense A^-1 f for a few right-hand sides; the largest relative difference.
template <typename Scalar>
double compareSolves(LinearSweep<Scalar>& sweep, const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& dense, Random& random) {
  using Vector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;
  double worst = 0.0;
  const auto lu = dense.fullPivLu();
  for (int k = 0; k < 3; ++k) {
    Vector f(dense.rows());
    for (Eigen::Index i = 0; i < f.size(); ++i) f[i] = Scalar(random.uniform(-1, 1));
    Vector x;
    sweep.solve(f, x);
    const Vector reference = lu.solve(f);
    worst = std::max(worst, (x - reference).norm() / reference.norm());
  }
  return worst;
}

TEST(LinearSweep, MassProductEqualsTheKinematicMassMatrix) {
  for (std::uint64_t seed : {3u, 4u}) {
    for (bool planar : {false, true}) {
      ModelSpec spec = springyTree(seed, planar);
      for (HingeSpec& h : spec.hinges) {  // springs off: the sweep takes a ball's spring only at rest
        h.loads = {};
        h.coordinateLoads.clear();
      }
      const auto model = compile(spec);
      Random random(seed);
      const Eigen::VectorXd y = test::randomState(*model, random);
      Linearisation lin(model, y);
      const LinearTree atY(model, y);
      const Eigen::MatrixXd m = lin.massMatrix();
      double worst = 0.0;
      for (int c = 0; c < lin.size(); ++c) worst = std::max(worst, (atY.massTimes(Eigen::VectorXd::Unit(lin.size(), c)) - m.col(c)).norm() / m.norm());
      note(test::text("random tree %1 (%2): M x against the kinematic mass matrix %3", seed, planar ? "planar" : "spatial", worst));
      EXPECT_LT(worst, 1e-13);
      EXPECT_EQ(atY.size(), lin.size());
    }
  }
}

// At an equilibrium the stiffness of the linearisation is gravity's and the
// springs' Hessian, which the sweep builds in the ancestor form.
TEST(LinearSweep, SolvesEqualTheDenseLinearisationAtEquilibria) {
  std::vector<std::pair<std::string, ModelSpec>> models;
  for (std::uint64_t seed : {1u, 2u, 5u}) models.emplace_back("random tree " + std::to_string(seed), springyTree(seed, false));
  models.emplace_back("planar random tree", springyTree(9, true));
  models.emplace_back("spatial mobile", loadModel(std::string(MSTMM_SOURCE_DIR) + "/resources/examples/tree-spatial-mobile.json"));
  models.emplace_back("damped double pendulum", loadModel(std::string(MSTMM_SOURCE_DIR) + "/resources/examples/damped-double-pendulum.json"));
  models.emplace_back("spatial chain", loadModel(std::string(MSTMM_SOURCE_DIR) + "/resources/examples/chain-5-spatial.json"));
  Random random(11);
  for (const auto& [name, spec] : models) {
    const auto model = compile(spec);
    note("equilibrium of " + name);
    const Eigen::VectorXd rest = findEquilibrium(model, initialState(*model)).state;
    Linearisation lin(model, rest);
    const LinearSystem s = lin.linearise();
    const LinearTree tree(model, rest);
    LinearSweep<double> real(tree);
    LinearSweep<std::complex<double>> complex(tree);
    // A shift between the frequencies, and a frequency on the way.
    const ModalAnalysis modes = denseModes(s);
    // Between the two lowest clear vibrations (a thin body's spin has no
    // stiffness and almost no inertia: its w^2 is noise, far from them).
    std::size_t first = 0;
    while (modes.undamped[first].omegaSquared < 1e-3 * modes.undamped.back().omegaSquared ||
           modes.undamped[first + 1].omegaSquared < 1.01 * modes.undamped[first].omegaSquared)  // a hanging chain's pairs
      ++first;
    const double sigma = 0.5 * (modes.undamped[first].omegaSquared + modes.undamped[first + 1].omegaSquared), w = std::sqrt(sigma);
    int below = 0;
    for (const UndampedMode& m : modes.undamped) below += m.omegaSquared < sigma;
    real.factor(sigma);
    complex.factor(w * w, w);
    const double shifted = compareSolves<double>(real, s.stiffness - sigma * s.mass, random);
    const Eigen::MatrixXcd dynamic = s.stiffness.cast<std::complex<double>>() - w * w * s.mass.cast<std::complex<double>>() +
                                     std::complex<double>(0, w) * s.damping.cast<std::complex<double>>();
    const double harmonic = compareSolves<std::complex<double>>(complex, dynamic, random);
    note(test::text("%1 (%2 coordinates): (K - sigma M)^-1 f %3, (K + iwC - w^2 M)^-1 f %4; %5 eigenvalue below the shift", name, s.size(), shifted, harmonic,
                    real.negativeCount()));
    EXPECT_LT(shifted, 1e-7) << name;
    EXPECT_LT(harmonic, 1e-7) << name;
    EXPECT_EQ(real.negativeCount(), below) << name;
  }
}

TEST(LinearSweep, RefusesWhatItDoesNotTakeByName) {
  const auto vehicle = compile(loadModel(std::string(MSTMM_SOURCE_DIR) + "/resources/examples/vehicle.json"));
  EXPECT_TRUE(test::contains(linearSweepRefusal(*vehicle), "closes a loop"));
  const auto arm = compile(loadModel(std::string(MSTMM_SOURCE_DIR) + "/resources/examples/servo-arm.json"));
  EXPECT_TRUE(test::contains(linearSweepRefusal(*arm), "hinge 'joint 1' has a servo with a load limit")) << linearSweepRefusal(*arm);
  const auto car = compile(loadModel(std::string(MSTMM_SOURCE_DIR) + "/resources/examples/quarter-car.json"));
  EXPECT_TRUE(test::contains(linearSweepRefusal(*car), "strut '")) << linearSweepRefusal(*car);
  try {
    LinearTree tree(car, initialState(*car));
    FAIL() << "the quarter car has struts";
  } catch (const Error& e) {
    EXPECT_TRUE(test::contains(e.what(), "the dense path takes it")) << e.what();
  }
}

}  // namespace
}  // namespace mstmm
