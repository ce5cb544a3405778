// Planar <-> spatial conversion (core convertedToKind, used by the studio's
// Kind box and `mstmm format --kind`): a round trip gives back the angles,
// rates, hinge types and shapes; and a planar model and its spatial twin
// move alike. The second is checked through the two solvers' own paths
// (the planar recursion with 2-D blocks, the spatial one with 3-D blocks):
// with custom inertias, which the conversion keeps as they are, theta'' of
// each body equals Omega'_z of its twin and the out-of-plane accelerations
// vanish, at random states.

#include <cmath>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/generate/generators.hpp"
#include "core/model/model.hpp"
#include "core/model/model_kind_conversion.hpp"
#include "tests/core/check.hpp"

using namespace mstmm;

TEST(ModelKindConversion, roundTripKeepsAnglesRatesTypesAndShapes) {
  ModelSpec planar = riccatiDemo();
  for (std::size_t i = 0; i < planar.bodies.size(); ++i) {
    planar.bodies[i].theta = -2.5 + 1.3 * static_cast<double>(i);  // all quadrants
    planar.bodies[i].thetaDot = 0.7 - 0.4 * static_cast<double>(i);
  }
  const ModelSpec spatial = convertedToKind(planar, ModelKind::Spatial);
  ASSERT_EQ(spatial.kind, ModelKind::Spatial);
  for (std::size_t i = 0; i < planar.bodies.size(); ++i) {
    const BodySpec& b = spatial.bodies[i];
    EXPECT_EQ(b.shape.type, planar.bodies[i].shape.type == ShapeType::Rod ? ShapeType::Cylinder : planar.bodies[i].shape.type);
    const Mat3 r = rotationFromQuaternion(b.orientation);
    EXPECT_NEAR(std::atan2(r(1, 0), r(0, 0)), planar.bodies[i].theta, 1e-14);  // a rotation about z by theta
    EXPECT_NEAR(r(2, 2), 1.0, 1e-15);
    EXPECT_EQ(b.angularVelocity, Vec3(0, 0, planar.bodies[i].thetaDot));
  }
  for (std::size_t k = 0; k < planar.hinges.size(); ++k)
    EXPECT_EQ(spatial.hinges[k].type, planar.hinges[k].type == HingeType::Pin ? HingeType::Ball : planar.hinges[k].type);
  const ModelSpec back = convertedToKind(spatial, ModelKind::Planar);
  for (std::size_t i = 0; i < planar.bodies.size(); ++i) {
    EXPECT_NEAR(back.bodies[i].theta, planar.bodies[i].theta, 1e-14);
    EXPECT_EQ(back.bodies[i].thetaDot, planar.bodies[i].thetaDot);
    EXPECT_EQ(back.bodies[i].shape.type, planar.bodies[i].shape.type);
  }
  for (std::size_t k = 0; k < planar.hinges.size(); ++k) EXPECT_EQ(back.hinges[k].type, planar.hinges[k].type);
  EXPECT_TRUE(convertedToKind(planar, ModelKind::Planar) == planar);  // already planar: unchanged
}

TEST(ModelKindConversion, slideAxesAndGravityComeIntoThePlane) {
  EXPECT_EQ(planarSlideAxis(Vec3(0.6, 0.8, 0.5)), Vec3(0.6, 0.8, 0.0));
  EXPECT_EQ(planarSlideAxis(Vec3(0, 0, 1)), Vec3::UnitX());  // no part in the plane
  ModelSpec spatial = generateChain({3, false});
  spatial.gravity = Vec3(0.1, -9.81, 0.4);
  EXPECT_EQ(convertedToKind(spatial, ModelKind::Planar).gravity, Vec3(0.1, -9.81, 0.0));
}

TEST(ModelKindConversion, planarAndSpatialTwinsMoveAlike) {
  ModelSpec planar = riccatiDemo();
  for (std::size_t i = 0; i < planar.bodies.size(); ++i) {
    ShapeSpec& shape = planar.bodies[i].shape;
    const double m = shape.mass, length = shape.length;
    shape.type = ShapeType::Custom;
    shape.inertia = Vec3(1e-3 * m, m * length * length / 12.0, m * length * length / 12.0 + 1e-3 * m).asDiagonal();
    shape.com = Vec3(0.5 * length, 0, 0);
  }
  const auto flat = compile(planar);
  const auto solid = compile(convertedToKind(planar, ModelKind::Spatial));
  auto riccati2 = makeSolver(SolverKind::Riccati, flat);
  auto riccati3 = makeSolver(SolverKind::Riccati, solid);
  Random random(11);
  double worst = 0.0, outOfPlane = 0.0;
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd y2(stateSize(*flat)), y3(stateSize(*solid));
    for (int i = 0; i < flat->bodyCount(); ++i) {
      const double theta = random.uniform(-3, 3), rate = random.uniform(-4, 4);
      y2.segment<2>(2 * i) << theta, rate;
      // The same body in the spatial twin (compiled order may differ: by name).
      const int j = solid->bodyByName(flat->body(i).name);
      y3.segment<4>(7 * j) = quaternionFromAxisAngle(Vec3::UnitZ(), theta);
      y3.segment<3>(7 * j + 4) = Vec3(0, 0, rate);
    }
    SolverOutput a2, a3;
    riccati2->evaluate(y2, a2);
    riccati3->evaluate(y3, a3);
    for (int i = 0; i < flat->bodyCount(); ++i) {
      const Vec3& w3 = a3.angularAcceleration[static_cast<std::size_t>(solid->bodyByName(flat->body(i).name))];
      worst = std::max(worst, std::abs(w3.z() - a2.angularAcceleration[static_cast<std::size_t>(i)].z()) / (1.0 + std::abs(w3.z())));
      outOfPlane = std::max({outOfPlane, std::abs(w3.x()), std::abs(w3.y())});
    }
  }
  test::info("planar demo and its spatial twin, 20 random states: theta'' vs Omega'_z %.2e relative, out of plane %.2e rad/s^2", worst, outOfPlane);
  EXPECT_LT(worst, 1e-12);
  EXPECT_LT(outOfPlane, 1e-12);
}
