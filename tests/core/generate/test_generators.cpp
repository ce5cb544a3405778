// The generators build the systems the issues and papers describe: the
// branch system of 000 Fig. 1 numbered as the paper, chains, random trees.

#include "tests/core/check.hpp"

#include "core/dynamics/kinematics.hpp"
#include "core/model/model.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

const HingeSpec& hingeNamed(const ModelSpec& spec, const std::string& name) {
  for (const HingeSpec& h : spec.hinges)
    if (h.name == name) return h;
  throw std::runtime_error("no hinge " + name);
}

std::string bodyName(const ModelSpec& spec, BodyId id) { return spec.bodies[static_cast<std::size_t>(spec.bodyIndex(id))].name; }

}  // namespace

TEST(Generators, branchSystemIsNumberedAsThePaper) {
  const ModelSpec spec = generateBranch({500, false});
  ASSERT_SAME(spec.bodies.size(), std::size_t(500));
  ASSERT_SAME(spec.bodies.back().name, std::string("999"));  // N = 999
  for (std::size_t i = 0; i < spec.bodies.size(); ++i) {
    ASSERT_SAME(spec.bodies[i].name, std::to_string(2 * i + 1));         // bodies odd
    ASSERT_SAME(spec.hinges[i].name, std::to_string(2 * i + 2));         // hinges even
    ASSERT_SAME(spec.hinges[i].type, HingeType::Ball);
    ASSERT_SAME(spec.bodies[i].shape.type, ShapeType::Cylinder);
    ASSERT_SAME(spec.bodies[i].shape.radius, 0.05);
    ASSERT_SAME(spec.bodies[i].shape.mass, 1.0);
    ASSERT_SAME(spec.bodies[i].shape.length, 1.0);
  }
  auto link = [&](const char* hinge, const char* tip, const char* root, int input) {
    const HingeSpec& h = hingeNamed(spec, hinge);
    ASSERT_SAME(bodyName(spec, h.child), std::string(tip));
    if (std::string(root) == "ground") {
      ASSERT_TRUE(h.isGround());
    } else {
      ASSERT_SAME(bodyName(spec, *h.parent), std::string(root));
      ASSERT_SAME(h.parentInput, input);
    }
  };
  link("2", "1", "3", 0);
  link("4", "3", "11", 0);   // subchain 1-3 at one end of 11
  link("6", "5", "7", 0);
  link("8", "7", "9", 0);
  link("10", "9", "11", 1);  // subchain 5-7-9 at the other end
  link("12", "11", "13", 0);
  link("1000", "999", "ground", 0);
  const auto model = compile(spec);
  ASSERT_SAME(model->degreesOfFreedom(), 1500);
  ASSERT_SAME(model->multiInputBodyCount(), 1);
  // Geometry: body 999 hangs from the ceiling, 13 ... 999 vertical above
  // the horizontal body 11, which hangs at its midpoint.
  std::vector<BodyPose> poses;
  computePoses(*model, initialState(*model), poses);
  const BodyPose& b11 = poses[static_cast<std::size_t>(model->bodyByName("11"))];
  ASSERT_TRUE((poses[static_cast<std::size_t>(model->root())].output - Vec3::Zero()).norm() < 1e-12);
  ASSERT_TRUE((b11.output - Vec3(0, -494, 0)).norm() < 1e-9);  // 494 rods of 1 m above it
  ASSERT_TRUE((b11.input - Vec3(-0.5, -494, 0)).norm() < 1e-9);
  ASSERT_TRUE((b11.point(Vec3(1, 0, 0)) - Vec3(0.5, -494, 0)).norm() < 1e-9);
  const BodyPose& b1 = poses[static_cast<std::size_t>(model->bodyByName("1"))];
  ASSERT_TRUE((b1.input - Vec3(-0.5, -496, 0)).norm() < 1e-9);  // two rods below the left end
  const BodyPose& b5 = poses[static_cast<std::size_t>(model->bodyByName("5"))];
  ASSERT_TRUE((b5.input - Vec3(0.5, -497, 0)).norm() < 1e-9);   // three rods below the right end
}

TEST(Generators, hundredThousandDofBranchSystem) {
  const auto model = compile(generateBranch({33334, false}));
  ASSERT_SAME(model->bodyCount(), 33334);
  ASSERT_SAME(model->degreesOfFreedom(), 100002);
  ASSERT_SAME(model->body(model->root()).name, std::string("66667"));
}

TEST(Generators, chainIsNumberedFromTipToRoot) {
  ChainOptions o;
  o.bodies = 7;
  o.planar = true;
  const auto model = compile(generateChain(o));
  ASSERT_SAME(model->body(0).name, std::string("1"));
  ASSERT_SAME(model->body(model->root()).name, std::string("7"));
  ASSERT_SAME(model->hinge(model->root()).type, HingeType::Pin);
  ASSERT_SAME(model->treeDepth(), 7);
  std::vector<BodyPose> poses;
  computePoses(*model, initialState(*model), poses);
  ASSERT_TRUE((poses[0].input - Vec3(-7, 0, 0)).norm() < 1e-12);  // horizontal along -x
}

TEST(Generators, randomTreesAreReproducibleAndNested) {
  const ModelSpec a = generateRandomTree({200, 9, false});
  ASSERT_TRUE(a == generateRandomTree({200, 9, false}));
  ASSERT_TRUE(!(a == generateRandomTree({200, 10, false})));
  const auto model = compile(a);
  int nested = 0;
  for (const CompiledBody& b : model->bodies())
    if (b.inputs.size() > 1 && b.parent >= 0 && model->body(b.parent).inputs.size() > 1) ++nested;
  ASSERT_TRUE(nested > 5);
  ASSERT_TRUE(model->treeDepth() > 5);
  compile(generateRandomTree({200, 9, true}));  // the planar variant is valid too
}

TEST(Generators, generatorsRefuseImpossibleSizes) {
  ASSERT_THROW(generateBranch({5, false}), std::invalid_argument);
  ASSERT_THROW(generateChain({0, false}), std::invalid_argument);
}

