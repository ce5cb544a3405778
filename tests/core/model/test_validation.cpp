// Every class of validation error produces its own message naming the
// element, and compile() refuses the model with that message.

#include "tests/core/check.hpp"

#include "core/generate/linkages.hpp"
#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

using Edit = std::function<void(ModelSpec&)>;

ModelSpec spatialTree() {
  ModelSpec spec = generateRandomTree({6, 3, false});
  for (BodySpec& b : spec.bodies) b.angularVelocity.setZero();
  return spec;
}

}  // namespace


TEST(Validation, validModelsHaveNoDiagnostics) {
  ASSERT_TRUE(validate(riccatiDemo()).empty());
  ASSERT_TRUE(validate(spatialTree()).empty());
  ASSERT_TRUE(validate(generateBranch({20, false})).empty());
  ASSERT_TRUE(validate(generateFourBar({})).empty());
}


TEST(Validation, eachProblemIsNamed) {
  struct Row {
    const char* name;
    bool planar;
    Edit edit;
    std::string message;
  };
  const Row rows[] = {
      {"mass <= 0", true, Edit([](ModelSpec& s) { s.bodies[0].shape.mass = -1; }), "body '1': mass must be positive (got -1 kg)"},
      // Issue 51, point 12: it said nowhere what to do.
      {"no bodies", true, Edit([](ModelSpec& s) { s.bodies.clear(), s.hinges.clear(); }),
       "model: there are no bodies; add one (in the studio: double-click the graph) or load a model that has some"},
      {"zero length", true, Edit([](ModelSpec& s) { s.bodies[1].shape.length = 0; }), "body '3': rod length must be positive (got 0 m)"},
      {"slender rod in 3-D", false, Edit([](ModelSpec& s) { s.bodies[2].shape.type = ShapeType::Rod; }), "body 'b2': inertia is not positive definite (smallest principal moment 0 kg m^2); a slender rod has no inertia about its own axis in a 3-D model: use a cylinder with a radius"},
      {"custom inertia indefinite", false, Edit([](ModelSpec& s) {
    s.bodies[1].shape.type = ShapeType::Custom;
    s.bodies[1].shape.inertia = Vec3(1, 1, -0.5).asDiagonal();
  }), "body 'b1': inertia is not positive definite"},
      {"triangle inequality", false, Edit([](ModelSpec& s) {
    s.bodies[1].shape.type = ShapeType::Custom;
    s.bodies[1].shape.inertia = Vec3(0.1, 0.1, 1.0).asDiagonal();
  }), "body 'b1': inertia violates the triangle inequality"},
      {"colinear point masses", false, Edit([](ModelSpec& s) {
    s.bodies[3].shape.type = ShapeType::PointMasses;
    s.bodies[3].shape.points = {{1, Vec3(0, 0, 0)}, {1, Vec3(1, 0, 0)}};
  }), "body 'b3': inertia is not positive definite (smallest principal moment 0 kg m^2); point masses on one line"},
      {"disconnected body", true, Edit([](ModelSpec& s) {
    s.hinges.erase(s.hinges.begin() + 1);  // hinge 4 held body 3
  }), "body '3': not connected: its output end has no hinge"},
      {"no ground", true, Edit([](ModelSpec& s) { s.hinges.pop_back(); }), "model: no hinge connects the system to the ground; to let it float, give its root body a hinge of type 'free' to the ground"},
      {"cut at a missing input end", true, Edit([](ModelSpec& s) {
    HingeSpec& cut = s.addHinge("c", HingeType::Pin, s.bodies[0].id, std::nullopt);
    cut.childEnd = 3;
  }), "hinge 'c': body '1' has no input end 4 (it has 1)"},
      {"cut on an occupied input end", true, Edit([](ModelSpec& s) {
    HingeSpec& cut = s.addHinge("c", HingeType::Pin, s.bodies[3].id, std::nullopt);
    cut.childEnd = 0;  // body 7's input end 1 holds hinge 8.1
  }), "hinge 'c': input end 1 of body '7' already holds hinge '8.1': give each hinge its own input end"},
      {"kept hinge closes a loop", true, Edit([](ModelSpec& s) {
    HingeSpec& second = s.addHinge("c", HingeType::Pin, s.bodies[0].id, s.bodies[1].id, 0);
    second.cut = CutChoice::Keep;
    s.hinges[0].cut = CutChoice::Keep;
  }), "hinge 'c': is marked to stay uncut, but body '1' already hangs from hinge '8.1'; mark another hinge of the loop to stay uncut"},
      {"negative Baumgarte parameter", true, Edit([](ModelSpec& s) { s.simulation.baumgarteBeta = -1; }), "simulation: the Baumgarte parameters alpha and beta must be finite and not negative (1/s)"},
      {"ground only at input ends", true, Edit([](ModelSpec& s) {
    s.hinges.back().childEnd = 1;
  }), "model: no body hangs from the ground by its output end (a hinge at an input end only closes a loop)"},
      {"hinge to unknown body", true, Edit([](ModelSpec& s) { s.hinges[0].parent = BodyId{77}; }), "hinge '8.1': its root-side body (id 77) does not exist"},
      {"hinge to missing input end", true, Edit([](ModelSpec& s) { s.hinges[0].parentInput = 5; }), "hinge '8.1': body '7' has no input end 6 (it has 2)"},
      {"two hinges on one input", true, Edit([](ModelSpec& s) { s.hinges[2].parentInput = 0; }), "hinge '8.2': input end 1 of body '7' already holds hinge '8.1': give each hinge its own input end"},
      {"loop of bodies", true, Edit([](ModelSpec& s) {
    s.hinges[2].parent = s.bodies[1].id;  // 5 hangs from 3, and 3 from 5
    s.hinges[2].parentInput = 0;
  }), "body '3': lies on a closed loop of bodies joined output to input that never reaches the ground; hang one body of that loop from the ground by its output end"},
      {"ball in a planar model", true, Edit([](ModelSpec& s) { s.hinges[1].type = HingeType::Ball; }), "hinge '4': a ball-and-socket hinge is spatial; in a planar model use a pin"},
      {"pin in a spatial model", false, Edit([](ModelSpec& s) { s.hinges[1].type = HingeType::Pin; }), "hinge 'h1': a pin is the planar revolute hinge"},
      {"zero revolute axis", false, Edit([](ModelSpec& s) {
    s.hinges[1].type = HingeType::Revolute;
    s.hinges[1].axis = Vec3::Zero();
  }), "hinge 'h1': revolute axis must be a non-zero finite vector"},
      {"non-finite number", false, Edit([](ModelSpec& s) { s.bodies[2].output.y() = std::nan(""); }), "body 'b2': output end position contains a non-finite number"},
      {"non-finite gravity", true, Edit([](ModelSpec& s) { s.gravity.x() = INFINITY; }), "model: gravity contains a non-finite number"},
      {"planar out-of-plane point", true, Edit([](ModelSpec& s) { s.bodies[3].inputs[1].z() = 0.1; }), "body '7': input end 2 lies out of the x-y plane (z = 0.1) in a planar model"},
      {"planar out-of-plane gravity", true, Edit([](ModelSpec& s) { s.gravity.z() = -1; }), "model: a planar model moves in the x-y plane, so gravity must have z = 0"},
      {"planar inertia product", true, Edit([](ModelSpec& s) {
    s.bodies[0].shape.type = ShapeType::Custom;
    s.bodies[0].shape.com = Vec3(0.5, 0, 0);
    s.bodies[0].shape.inertia << 0.1, 0, 0.01, 0, 0.1, 0, 0.01, 0, 0.1;
  }), "body '1': in a planar model z must be a principal axis"},
      {"duplicate name", true, Edit([](ModelSpec& s) { s.bodies[1].name = s.bodies[0].name; }), "body '1': the name is used by another body"},
      {"zero quaternion", false, Edit([](ModelSpec& s) { s.bodies[0].orientation.setZero(); }), "body 'b0': initial orientation quaternion is zero"},
      {"revolute with inconsistent rates", false, Edit([](ModelSpec& s) {
    s.hinges[1].type = HingeType::Revolute;
    s.hinges[1].axis = Vec3::UnitZ();
    s.bodies[1].angularVelocity = Vec3(1, 0, 0);
  }), "hinge 'h1': the initial relative angular velocity of its bodies is not along the revolute axis"},
      {"bad time step", true, Edit([](ModelSpec& s) { s.simulation.timeStep = 0; }), "simulation: time step must be a positive number of seconds"},
      // The model check said "no problems" and only the run failed (issue 30).
      {"time step past the end", true, Edit([](ModelSpec& s) {
    s.simulation.endTime = 1.0;
    s.simulation.timeStep = 2.0;
  }), "simulation: the time step (2 s) is longer than the end time (1 s); give a time step no longer than the end time"},
      // Finite, but the first evaluation's products overflowed into infinite
      // accelerations without an error (fuzz_mjcf in CI).
      {"gravity out of range", true, Edit([](ModelSpec& s) { s.gravity.y() = -1e308; }),
       "model: gravity = -1e+308 is beyond +-1e+30, the largest a model's physical numbers may be (the equations would overflow); check its units"},
      {"spring reference out of range", true, Edit([](ModelSpec& s) { s.hinges[0].loads.spring = HingeSpringSpec::linear(20.0, 0.1, 1e31); }),
       "hinge '" + riccatiDemo().hinges[0].name + "': spring rest value = 1e+31 is beyond +-1e+30"},
      {"mass out of range", false, Edit([](ModelSpec& s) { s.bodies[2].shape.mass = 2e200; }), "body 'b2': mass = 2e+200 is beyond +-1e+30"},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const bool& planar = row.planar;
    const Edit& edit = row.edit;
    const std::string& message = row.message;
    ModelSpec spec = planar ? riccatiDemo() : spatialTree();
    edit(spec);
    const std::vector<Diagnostic> d = validate(spec);
    ASSERT_TRUE(hasErrors(d));
    bool found = false;
    for (const Diagnostic& x : d) found = found || x.message.starts_with(message);
    if (!found)
      for (const Diagnostic& x : d) ::mstmm::test::info("got: %s", x.message.c_str());
    ASSERT_TRUE(found) << message;
    try {
      compile(spec);
      FAIL() << "compile() accepted an invalid model";
    } catch (const Error& e) {
      ASSERT_SAME(e.kind(), ErrorKind::Validation);
      ASSERT_TRUE(::mstmm::test::contains(e.what(), message));
    }
  }
}

TEST(Validation, diagnosticsPointAtTheElement) {
  ModelSpec spec = riccatiDemo();
  spec.bodies[2].shape.mass = -1;
  spec.hinges[3].type = HingeType::Ball;
  const std::vector<Diagnostic> d = validate(spec);
  ASSERT_SAME(d.size(), std::size_t(2));
  ASSERT_SAME(d[0].subject.kind, ErrorSubject::Kind::Body);
  ASSERT_SAME(d[0].subject.specIndex, 2);
  ASSERT_SAME(d[1].subject.kind, ErrorSubject::Kind::Hinge);
  ASSERT_SAME(d[1].subject.specIndex, 3);
}

TEST(Validation, inertiaGivenAboutTheOriginIsShifted) {
  // A custom body equal to demo rod 1, with its inertia given about the
  // body origin I_1 instead of the centre of mass (equations.md §7.2).
  ModelSpec spec = riccatiDemo();
  ShapeSpec& s = spec.bodies[0].shape;
  s.type = ShapeType::Custom;
  s.com = Vec3(0.5, 0, 0);
  s.inertia = Vec3(0, 1.0 / 3.0, 1.0 / 3.0).asDiagonal();  // m L^2 / 3 about the end
  s.inertiaAbout = InertiaReference::BodyOrigin;
  const auto custom = compile(spec);
  const auto rod = compile(riccatiDemo());
  ASSERT_TRUE((custom->body(0).inertiaAtCom - rod->body(0).inertiaAtCom).norm() < 1e-15);
  ASSERT_TRUE((custom->body(0).inertiaAtInput - rod->body(0).inertiaAtInput).norm() < 1e-15);
  ASSERT_TRUE(std::abs(rod->body(0).inertiaAtInput(2, 2) - 1.0 / 3.0) < 1e-15);  // J_z = 4 m a^2 / 3
}



// The range's edge is far from overflow (model_range.hpp): gravity, masses,
// lengths, a spring's stiffness and its reference all at 1e30 evaluate to
// finite accelerations.
TEST(Validation, aModelAtTheRangesEdgeEvaluatesToFiniteNumbers) {
  ModelSpec spec = riccatiDemo();
  spec.gravity = Vec3(0.0, -1e30, 0.0);
  for (BodySpec& b : spec.bodies) {
    b.shape.mass = 1e30;
    b.output *= 1e30;
    for (Vec3& p : b.inputs) p *= 1e30;
    b.shape.length *= 1e30;
  }
  spec.hinges[0].loads.spring = HingeSpringSpec::linear(1e30, 1e30, 1e30);
  ASSERT_FALSE(hasErrors(validate(spec)));
  const std::shared_ptr<const Model> model = compile(spec);
  SolverOutput out;
  makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), out);
  for (const Vec3& a : out.angularAcceleration) ASSERT_TRUE(a.allFinite());
  for (const Vec3& a : out.comAcceleration) ASSERT_TRUE(a.allFinite());
  for (const Vec3& f : out.hingeForce) ASSERT_TRUE(f.allFinite());
}
