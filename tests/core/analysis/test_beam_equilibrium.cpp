// The equilibrium of a model with elastic beams, saved and read back (issue
// 51, point 1): a beam's pieces are not bodies of the user's file, so their
// deformed state goes into the beam's deformation (beam_deformation.hpp).
// Checked against closed forms of the rigid finite element division
// (equations.md §11.1) and against the Newton-Euler reference, which must
// find the reloaded state at rest.

#include <cmath>
#include <string>

#include "core/analysis/equilibrium.hpp"
#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/io/model_json.hpp"
#include "core/model/model_kind_conversion.hpp"
#include "core/model/validation.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

using test::note;

constexpr double kG = 9.81, kE = 2.0e9, kRho = 2000.0, kLength = 1.2, kArea = 1e-3, kI = 2e-8;

BeamSpec beam(int segments, bool axial, double youngsModulus = kE, double density = kRho) {
  BeamSpec b;
  b.length = kLength;
  b.youngsModulus = youngsModulus;
  b.shearModulus = youngsModulus / 2.6;
  b.density = density;
  b.section.kind = BeamSectionKind::Custom;
  b.section.area = kArea;
  b.section.iy = b.section.iz = kI;
  b.section.torsion = 2 * kI;
  b.segments = segments;
  b.axial = axial;
  return b;
}

/// A beam from a hinge at the ground at x = 0, pointing along `direction`
/// (theta or the orientation turning body x onto it).
ModelSpec beamFromGround(ModelKind kind, HingeType hinge, const BeamSpec& b, double theta) {
  ModelSpec spec;
  spec.name = "beam";
  spec.kind = kind;
  spec.gravity = Vec3(0, -kG, 0);
  BodySpec& body = spec.addBody("arm");
  body.beam = b;
  body.inputs = {Vec3(b.length, 0, 0)};
  body.output = Vec3::Zero();
  body.theta = theta;
  body.orientation = quaternionFromAxisAngle(Vec3::UnitZ(), theta);
  spec.addHinge("root", hinge, body.id, std::nullopt);
  return spec;
}

/// The equilibrium written into the spec, through its file and back.
ModelSpec savedAtRest(const ModelSpec& spec, EquilibriumResult& eq) {
  const auto model = compile(spec);
  eq = findEquilibrium(model, initialState(*model));
  ModelSpec atRest = spec;
  storeInitialState(*model, eq.state, atRest);
  return modelFromJson(modelToJson(atRest));
}

/// The largest acceleration the Newton-Euler reference finds at the model's initial state.
double referenceAcceleration(const ModelSpec& spec) {
  const auto model = compile(spec);
  const auto solver = makeSolver(SolverKind::NewtonEuler, model);
  SolverOutput out;
  out.resize(*model);
  solver->evaluate(initialState(*model), out);
  double largest = 0.0;
  for (const Vec3& a : out.angularAcceleration) largest = std::max(largest, a.norm());
  for (double s : out.slideAcceleration) largest = std::max(largest, std::abs(s));
  return largest;
}

/// The state the reloaded model starts from against the equilibrium found (quaternions up to sign).
double stateDifference(const ModelSpec& spec, const EquilibriumResult& eq) {
  const auto model = compile(spec);
  const Eigen::VectorXd y = initialState(*model);
  if (y.size() != eq.state.size()) return INFINITY;
  double largest = 0.0;
  for (Eigen::Index k = 0; k < y.size(); ++k) largest = std::max(largest, std::abs(y[k] - eq.state[k]));
  if (!model->planar())
    for (int i = 0; i < model->bodyCount(); ++i)
      largest = std::max(largest, std::min((y.segment<4>(7 * i) - eq.state.segment<4>(7 * i)).norm(), (y.segment<4>(7 * i) + eq.state.segment<4>(7 * i)).norm()));
  return largest;
}

// An axial beam hanging from a pin: joint j carries the weight of the beam
// beyond its station x_j, rho A g (L - x_j), over a spring EA/h, so it
// stretches by rho g h (L - x_j) / E; the pieces' spans make this exact.
TEST(BeamEquilibrium, HangingAxialBeamSavesEachJointsStretch) {
  const int n = 10;
  const double h = kLength / n;
  for (ModelKind kind : {ModelKind::Planar, ModelKind::Spatial}) {
    const ModelSpec spec = beamFromGround(kind, kind == ModelKind::Planar ? HingeType::Pin : HingeType::Ball, beam(n, true), -M_PI / 2);
    EquilibriumResult eq;
    const ModelSpec saved = savedAtRest(spec, eq);
    const BeamDeformation& d = saved.bodies[0].deformation;
    ASSERT_EQ(d.stretch.size(), static_cast<std::size_t>(n));
    double worst = 0.0;
    for (int j = 0; j < n; ++j) {
      const double expected = kRho * kG * h * (kLength - (j + 0.5) * h) / kE;
      worst = std::max(worst, std::abs(d.stretch[static_cast<std::size_t>(j)] / expected - 1.0));
    }
    const double rest = referenceAcceleration(saved), difference = stateDifference(saved, eq);
    note(test::text("%1 hanging axial beam: stretches within %2 of rho g h (L - x_j)/E; reloaded state within %3 of the equilibrium; "
                    "Newton-Euler's largest acceleration there %4",
                    kind == ModelKind::Planar ? "planar" : "spatial", worst, difference, rest));
    EXPECT_LT(worst, 1e-8);
    EXPECT_LT(difference, 1e-12);
    EXPECT_LT(rest, 1e-6);
  }
}

// A clamped horizontal cantilever under its own weight q = rho A g: joint j
// carries the moment q (L - x_j)^2 / 2 and turns by that times h/(EI); the
// tip sinks by the sum of the turns times their arms, sum q h (L - x_j)^3 /
// (2 EI), which tends to Euler-Bernoulli's q L^4 / (8 EI) as 1/n^2.
TEST(BeamEquilibrium, ClampedCantileverSavesItsDeflectedShape) {
  const int n = 16;
  const double e = 2e11, rho = 7850.0;  // steel: the tip sinks 0.4 % of the length, where the nonlinearity is (sag / L)^2 ~ 2e-5
  const double h = kLength / n, q = rho * kArea * kG;
  double discrete = 0.0;
  for (int j = 0; j < n; ++j) discrete += q * h * std::pow(kLength - (j + 0.5) * h, 3) / (2 * e * kI);
  const double continuum = q * std::pow(kLength, 4) / (8 * e * kI);
  for (ModelKind kind : {ModelKind::Planar, ModelKind::Spatial}) {
    const ModelSpec spec = beamFromGround(kind, HingeType::Weld, beam(n, false, e, rho), 0.0);
    EquilibriumResult eq;
    const ModelSpec saved = savedAtRest(spec, eq);
    const auto model = compile(saved);
    std::vector<BodyPose> poses;
    computePoses(*model, initialState(*model), poses);
    const int tip = model->bodyByName("arm[" + std::to_string(n) + "]");
    const double sag = -poses[static_cast<std::size_t>(tip)].input.y();  // its I_1 is the beam's input end at x = L
    const double rest = referenceAcceleration(saved), difference = stateDifference(saved, eq);
    note(test::text("%1 cantilever, %2 segments: the reloaded tip sinks %3 m; the division's closed form %4 m (%5 apart), Euler-Bernoulli %6 m; "
                    "state within %7 of the equilibrium; Newton-Euler's largest acceleration %8",
                    kind == ModelKind::Planar ? "planar" : "spatial", n, sag, discrete, sag / discrete - 1, continuum, difference, rest));
    EXPECT_NEAR(sag / discrete, 1.0, 1e-4);  // small rotations: the geometric nonlinearity is (sag / L)^2 ~ 2e-5
    EXPECT_NEAR(sag / continuum, 1.0, 0.01);
    EXPECT_LT(difference, 1e-12);
    EXPECT_LT(rest, 1e-6);
  }
}

// Every bundled example with a beam: saved at its equilibrium, the file
// validates, reads back, and starts where the equilibrium is, at rest.
TEST(BeamEquilibrium, BundledBeamExamplesSaveTheirEquilibrium) {
  for (const char* name : {"flexible-arm", "flexible-double-pendulum"}) {
    const ModelSpec spec = loadModel(test::sourcePath(std::string("resources/examples/") + name + ".json"));
    EquilibriumResult eq;
    const ModelSpec saved = savedAtRest(spec, eq);
    EXPECT_EQ(test::validationErrors(saved), "") << name;
    const double rest = referenceAcceleration(saved), difference = stateDifference(saved, eq);
    note(test::text("%1: equilibrium in %2 iterations, saved and reloaded within %3 of it; Newton-Euler's largest acceleration there %4", name,
                    eq.iterations, difference, rest));
    EXPECT_LT(difference, 1e-12) << name;
    EXPECT_LT(rest, 1e-6) << name;
    // A planar model turned spatial takes its deformed shape along and is still at rest.
    if (saved.kind != ModelKind::Planar) continue;
    const ModelSpec spatial = convertedToKind(saved, ModelKind::Spatial);
    EXPECT_EQ(test::validationErrors(spatial), "") << name;
    EXPECT_LT(referenceAcceleration(spatial), 1e-6) << name << " as a spatial model";
    const ModelSpec back = convertedToKind(spatial, ModelKind::Planar);
    for (std::size_t b = 0; b < saved.bodies.size(); ++b) {
      const std::vector<double>&before = saved.bodies[b].deformation.angle, &after = back.bodies[b].deformation.angle;
      ASSERT_EQ(before.size(), after.size()) << name << ": back to planar";
      for (std::size_t j = 0; j < before.size(); ++j) EXPECT_NEAR(after[j], before[j], 1e-14) << name << ": back to planar";
    }
  }
}

// A deformation kept for another division, or of the other kind, is refused by name.
TEST(BeamEquilibrium, DeformationThatDoesNotFitTheBeamIsRefusedByName) {
  ModelSpec spec = beamFromGround(ModelKind::Planar, HingeType::Pin, beam(4, false), 0.0);
  spec.bodies[0].deformation.angle = {0.1, 0.2, 0.3};
  EXPECT_NE(test::validationErrors(spec).find("body 'arm': initial: deformation: 'angle' has 3 entries, one per segment of the beam (4)"), std::string::npos)
      << test::validationErrors(spec);
  spec.bodies[0].deformation = {};
  spec.bodies[0].deformation.rotation.assign(4, Quat(1, 0, 0, 0));
  EXPECT_NE(test::validationErrors(spec).find("'rotation' and 'rate' are for spatial models"), std::string::npos) << test::validationErrors(spec);
  spec.bodies[0].deformation = {};
  spec.bodies[0].deformation.stretch.assign(4, 0.0);
  EXPECT_NE(test::validationErrors(spec).find("'stretch' needs an axial beam"), std::string::npos) << test::validationErrors(spec);
}

}  // namespace
}  // namespace mstmm
