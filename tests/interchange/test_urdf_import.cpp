// URDF import against MuJoCo (issue 16): MuJoCo reads the same URDF file
// with its own URDF reader and is the independent reference; the joint
// accelerations of the imported model equal its mj_forward qacc at random
// states (limits, friction loss and contacts off there, stops off here).
// Also: full inertia tensors, visuals and meshes, what is not taken (with
// lines), and bad files.

#include "tests/core/check.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/model/model.hpp"
#include "interchange/model_import.hpp"
#include "interchange/urdf_import.hpp"
#include "tests/core/test_support.hpp"
#include "tests/interchange/mujoco_oracle.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

// MuJoCo's URDF reader would otherwise fuse fixed links into their parents
// and read the visuals; our importer ignores this element.
const char* kMuJoCoOptions = R"(<mujoco><compiler discardvisual="true" fusestatic="false"/></mujoco>)";

// A serial arm on a fixed base: joint frames turned by rpy, an inertial
// frame turned against its link, a skew continuous axis, a massive link on
// a fixed joint, a massless tool frame fused into its link with a slide
// beyond it, damping, limits and efforts.
const std::string kArm = std::string(R"(<robot name="arm">
  )") + kMuJoCoOptions + R"(
  <link name="base">
    <inertial><origin xyz="0 0 0.05"/><mass value="2"/><inertia ixx="0.02" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.03"/></inertial>
  </link>
  <joint name="shoulder" type="revolute">
    <parent link="base"/><child link="upper"/>
    <origin xyz="0 0 0.1" rpy="0.2 -0.1 0.3"/><axis xyz="0 0 1"/>
    <limit lower="-2" upper="2" effort="30" velocity="3"/><dynamics damping="0.2"/>
  </joint>
  <link name="upper">
    <inertial><origin xyz="0.15 0.01 0" rpy="0.3 0.2 -0.4"/><mass value="1.1"/><inertia ixx="0.002" ixy="0" ixz="0" iyy="0.011" iyz="0" izz="0.012"/></inertial>
  </link>
  <joint name="elbow" type="continuous">
    <parent link="upper"/><child link="fore"/>
    <origin xyz="0.3 0 0" rpy="0 0.4 0"/><axis xyz="0 1 0.3"/><dynamics damping="0.05"/>
  </joint>
  <link name="fore">
    <inertial><origin xyz="0.12 0 0"/><mass value="0.7"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.006" iyz="0" izz="0.006"/></inertial>
  </link>
  <joint name="wrist" type="fixed"><parent link="fore"/><child link="hand"/><origin xyz="0.25 0 0" rpy="0 0 0.5"/></joint>
  <link name="hand">
    <inertial><origin xyz="0.03 0 0"/><mass value="0.3"/><inertia ixx="0.0002" ixy="0" ixz="0" iyy="0.0003" iyz="0" izz="0.0003"/></inertial>
  </link>
  <joint name="tool_mount" type="fixed"><parent link="hand"/><child link="tool0"/><origin xyz="0.06 0 0" rpy="0.1 0 0"/></joint>
  <link name="tool0"/>
  <joint name="finger" type="prismatic">
    <parent link="tool0"/><child link="slider"/>
    <origin xyz="0.01 0 0" rpy="0 0.2 0"/><axis xyz="1 0 0"/>
    <limit lower="0" upper="0.05" effort="10" velocity="0.2"/><dynamics damping="0.4"/>
  </joint>
  <link name="slider">
    <inertial><mass value="0.1"/><inertia ixx="0.0001" ixy="0" ixz="0" iyy="0.0001" iyz="0" izz="0.0001"/></inertial>
  </link>
</robot>)";

// A floating base (a floating joint from a massless world link) with two
// branches.
const std::string kFloating = std::string(R"(<robot name="floating">
  )") + kMuJoCoOptions + R"(
  <link name="world"/>
  <joint name="float" type="floating"><parent link="world"/><child link="body"/><origin xyz="0.1 0.2 0.3" rpy="0.3 0.2 0.1"/></joint>
  <link name="body">
    <inertial><origin xyz="0 0.02 0.05" rpy="0.1 0 0"/><mass value="3"/><inertia ixx="0.03" ixy="0" ixz="0" iyy="0.05" iyz="0" izz="0.06"/></inertial>
  </link>
  <joint name="left" type="revolute"><parent link="body"/><child link="arm_l"/><origin xyz="0.2 0.1 0" rpy="0 0 0.3"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="5" velocity="1"/><dynamics damping="0.1"/></joint>
  <link name="arm_l"><inertial><origin xyz="0.1 0 0"/><mass value="0.5"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.002" iyz="0" izz="0.002"/></inertial></link>
  <joint name="right" type="revolute"><parent link="body"/><child link="arm_r"/><origin xyz="-0.2 0.1 0" rpy="0.5 0 0"/><axis xyz="1 1 0"/>
    <limit lower="-1" upper="1" effort="5" velocity="1"/></joint>
  <link name="arm_r"><inertial><origin xyz="-0.1 0 0"/><mass value="0.4"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.0015" iyz="0" izz="0.002"/></inertial></link>
  <joint name="reach" type="prismatic"><parent link="arm_r"/><child link="hand_r"/><origin xyz="-0.2 0 0"/><axis xyz="0 0 1"/>
    <limit lower="-0.1" upper="0.1" effort="5" velocity="1"/></joint>
  <link name="hand_r"><inertial><mass value="0.2"/><inertia ixx="0.0002" ixy="0" ixz="0" iyy="0.0002" iyz="0" izz="0.0002"/></inertial></link>
</robot>)";


std::string joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  return all;
}

}  // namespace

TEST(UrdfImport, jointAccelerationsEqualMuJoCosAtRandomStates) {
  const std::string arm = writeTemp("arm.urdf", kArm), floating = writeTemp("floating.urdf", kFloating);
  const ImportResult a = importUrdf(arm), f = importUrdf(floating);
  ASSERT_SAME(a.spec.bodies.size(), std::size_t{5});  // tool0 is fused with hand
  ASSERT_SAME(a.spec.hinges.front().type, HingeType::Weld);
  ASSERT_SAME(f.spec.hinges.front().type, HingeType::Free);
  ASSERT_SAME(a.actuators.size(), std::size_t{2});
  ASSERT_SAME(*a.spec.hinges[1].loads.actuator->maxLoad, 30.0);
  ASSERT_SAME(*a.spec.hinges[1].loads.stops->lower, -2.0);
  const double armWorst = agreementWithMuJoCo("arm", arm, withoutLimitsOrContacts(a.spec), 25);
  const double floatingWorst = agreementWithMuJoCo("floating", floating, withoutLimitsOrContacts(f.spec), 25);
  info("imported URDF against MuJoCo's mj_forward on the same file, 25 random states each: serial arm on a fixed base (rpy frames, turned "
       "inertial, skew continuous axis, fixed and fused links, slide, damping) %.2e; floating base with two branches %.2e",
       armWorst, floatingWorst);
}

// A floating base by option: the root link gets a free hinge; with the
// world link it is the same model as kFloating's.
TEST(UrdfImport, aFloatingBaseByOption) {
  std::string xml = kFloating;
  xml.replace(xml.find("<link name=\"world\"/>"), 20, "");
  xml.replace(xml.find("<joint name=\"float\""), xml.find("</joint>", xml.find("<joint name=\"float\"")) + 8 - xml.find("<joint name=\"float\""), "");
  const ImportResult fixed = importUrdf(writeTemp("rooted.urdf", xml));
  ASSERT_SAME(fixed.spec.hinges.front().type, HingeType::Weld);
  ASSERT_TRUE(contains(joined(fixed.notTaken), "link 'body': the root link is fixed to the ground"));
  UrdfOptions options;
  options.floatingBase = true;
  const ImportResult floating = importUrdf(writeTemp("rooted.urdf", xml), options);
  ASSERT_SAME(floating.spec.hinges.front().type, HingeType::Free);
  ASSERT_TRUE(errorsOf(floating.spec).empty());
}

// The ROS pattern: a massless base link fixed to the trunk. With a floating
// base the fixed chain is merged and the trunk floats: the same model as
// kFloating's floating joint with that origin, checked against MuJoCo on
// kFloating itself; a massless link between them rides on the trunk.
TEST(UrdfImport, aFloatingBaseThroughAMasslessRootLink) {
  std::string xml = kFloating;
  const std::string floatingJoint = "<joint name=\"float\" type=\"floating\"><parent link=\"world\"/><child link=\"body\"/>";
  xml.replace(xml.find(floatingJoint), floatingJoint.size(),
              "<joint name=\"mount\" type=\"fixed\"><parent link=\"world\"/><child link=\"imu\"/></joint><link name=\"imu\"/>"
              "<joint name=\"float\" type=\"fixed\"><parent link=\"imu\"/><child link=\"body\"/>");
  UrdfOptions options;
  options.floatingBase = true;
  const ImportResult r = importUrdf(writeTemp("massless-base.urdf", xml), options);
  ASSERT_TRUE(errorsOf(r.spec).empty()) << errorsOf(r.spec);
  ASSERT_SAME(r.spec.bodies.size(), std::size_t{4});
  ASSERT_SAME(r.spec.hinges.front().type, HingeType::Free);
  ASSERT_SAME(r.spec.hinges.front().name, std::string("float"));
  ASSERT_TRUE(contains(joined(r.notTaken), "link 'world': has no mass; link 'body', fixed to it through joint 'float', is the floating base")) << joined(r.notTaken);
  const double worst = agreementWithMuJoCo("massless base", writeTemp("floating.urdf", kFloating), withoutLimitsOrContacts(r.spec), 25);
  info("a floating base through a massless root and a massless frame, against MuJoCo on the floating-joint file, 25 random states: %.2e", worst);
  const ImportResult fixed = importUrdf(writeTemp("massless-base.urdf", xml));
  ASSERT_SAME(fixed.spec.hinges.front().type, HingeType::Weld);  // without the option the trunk is fixed, as before
}

// Collision elements of a floating robot press on the plane z = 0 (issue
// 29.6, docs/interchange.md I10): a box at its corners, a sphere as a
// sphere, a cylinder at points around its rims, a mesh named. Dropped, the
// robot comes to rest with its weight on them.
TEST(UrdfImport, collisionElementsOfAFloatingRobotPressOnTheGround) {
  const std::string xml = R"(<robot name="dropped">
  <link name="base"/>
  <joint name="mount" type="fixed"><parent link="base"/><child link="trunk"/><origin xyz="0 0 0.5"/></joint>
  <link name="trunk"><inertial><mass value="4"/><inertia ixx="0.05" iyy="0.08" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><box size="0.4 0.2 0.1"/></geometry></collision></link>
  <joint name="hip" type="revolute"><parent link="trunk"/><child link="leg"/><origin xyz="0.2 0 0"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="0" velocity="1"/><dynamics damping="0.5"/></joint>
  <link name="leg"><inertial><origin xyz="0 0 -0.1"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.001" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><origin xyz="0 0 -0.2"/><geometry><sphere radius="0.05"/></geometry></collision>
    <collision><origin xyz="0 0 -0.1" rpy="1.5707963267948966 0 0"/><geometry><cylinder radius="0.03" length="0.1"/></geometry></collision>
    <collision><geometry><mesh filename="leg.stl"/></geometry></collision></link>
</robot>)";
  const std::string file = writeTemp("dropped.urdf", xml);
  const ImportResult fixed = importUrdf(file);
  ASSERT_TRUE(fixed.spec.contacts.empty() && contains(joined(fixed.notTaken), "collision geometry is not imported (a fixed base has no ground to touch"));
  UrdfOptions options;
  options.floatingBase = true;
  const ImportResult r = importUrdf(file, options);
  ASSERT_TRUE(errorsOf(r.spec).empty()) << errorsOf(r.spec);
  ASSERT_SAME(r.spec.contacts.size(), std::size_t{8 + 1 + 2 * 16});
  ASSERT_TRUE(contains(joined(r.notTaken), "link 'leg': mesh collision geometry is not taken")) << joined(r.notTaken);
  // The sphere's centre 0.2 m below the hip, in the leg's frame at the hip.
  ASSERT_TRUE((r.spec.contacts[8].point - Vec3(0.0, 0.0, -0.2)).norm() < 1e-15 && r.spec.contacts[8].radius == 0.05);
  const Results rest = runFor(r.spec, 3.0, r.spec.simulation.timeStep);
  double normal = 0.0;
  for (std::size_t c = 0; c < rest.loadChannels().size(); ++c)
    if (rest.loadChannels()[c].name.ends_with(".normal")) normal += rest.loadValue(rest.loadFrameCount() - 1, static_cast<int>(c));
  const double weight = 5.0 * 9.81, kinetic = rest.energy(rest.frameCount() - 1).kinetic;
  info("a floating URDF robot with %zu contacts from its collision elements, dropped from 0.5 m, after 3 s: normal forces %.9f N against its weight %.9f N "
       "(relative %.1e), kinetic energy %.1e J",
       r.spec.contacts.size(), normal, weight, std::abs(normal - weight) / weight, kinetic);
  ASSERT_TRUE(std::abs(normal - weight) < 1e-6 * weight);
  ASSERT_TRUE(kinetic < 1e-6);
}

// A full inertia tensor with products of inertia equals the same tensor
// given as principal moments in a turned inertial frame: R diag(I) R^T
// written out by hand, with R = Rz(yaw) Ry(pitch) Rx(roll) (URDF's rpy).
TEST(UrdfImport, fullInertiaTensorsAreTakenWithTheirProducts) {
  const double roll = 0.3, pitch = 0.2, yaw = -0.4;
  auto rx = [](double a) { Mat3 r; r << 1, 0, 0, 0, std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a); return r; };
  auto ry = [](double a) { Mat3 r; r << std::cos(a), 0, std::sin(a), 0, 1, 0, -std::sin(a), 0, std::cos(a); return r; };
  auto rz = [](double a) { Mat3 r; r << std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a), 0, 0, 0, 1; return r; };
  const Mat3 r = rz(yaw) * ry(pitch) * rx(roll);
  const Mat3 full = r * Vec3(0.002, 0.011, 0.012).asDiagonal() * r.transpose();
  auto robot = [](const std::string& inertial) {
    return "<robot name=\"r\"><link name=\"base\"><inertial><mass value=\"1\"/><inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"1\"/></inertial></link>"
           "<joint name=\"j\" type=\"revolute\"><parent link=\"base\"/><child link=\"l\"/><origin rpy=\"0 0 0.7\"/><axis xyz=\"0 0 1\"/>"
           "<limit effort=\"0\" velocity=\"0\"/></joint><link name=\"l\"><inertial>" +
           inertial + "</inertial></link></robot>";
  };
  const ImportResult turned = importUrdf(writeTemp("turned.urdf", robot("<origin rpy=\"0.3 0.2 -0.4\"/><mass value=\"1.1\"/><inertia ixx=\"0.002\" ixy=\"0\" ixz=\"0\" iyy=\"0.011\" iyz=\"0\" izz=\"0.012\"/>")));
  const ImportResult products = importUrdf(writeTemp("products.urdf", robot(text("<mass value=\"1.1\"/><inertia ixx=\"%1\" ixy=\"%2\" ixz=\"%3\" iyy=\"%4\" iyz=\"%5\" izz=\"%6\"/>",
                                                                                  full(0, 0), full(0, 1), full(0, 2), full(1, 1), full(1, 2), full(2, 2)))));
  const Mat3 link = rz(0.7);  // the link frame in the world: our body frame is parallel to the world
  const Mat3 expected = link * full * link.transpose();
  const double fromRpy = (turned.spec.bodies[1].shape.inertia - expected).norm() / expected.norm();
  const double fromProducts = (products.spec.bodies[1].shape.inertia - expected).norm() / expected.norm();
  info("a link's inertia in its world-parallel body frame against R diag(I) R^T by hand: from rpy and principal moments %.1e, from products of "
       "inertia (printed to 10 digits) %.1e",
       fromRpy, fromProducts);
  ASSERT_TRUE(fromRpy < 1e-14) << fromRpy;
  ASSERT_TRUE(fromProducts < 1e-9) << fromProducts;
}

// Visuals: boxes, cylinders and spheres as they are, placed in the body's
// world-parallel frame; STL and OBJ meshes found relative to the file,
// through package:// (a package root given, or a folder of that name above
// the file) or file://; other formats and missing files are named.
TEST(UrdfImport, visualsAndMeshesArePlacedAndFound) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(testing::TempDir()) / "urdf-visuals";
  fs::create_directories(root / "my_robot" / "urdf");
  fs::create_directories(root / "my_robot" / "meshes");
  fs::create_directories(root / "elsewhere" / "other_pkg" / "meshes");
  for (const fs::path& p : {root / "my_robot" / "meshes" / "base.stl", root / "elsewhere" / "other_pkg" / "meshes" / "arm.obj"})
    std::ofstream(p) << "solid x\nendsolid x\n";
  const std::string urdf = R"(<robot name="looks">
  <material name="red"><color rgba="1 0 0 1"/></material>
  <link name="base">
    <inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <visual><origin xyz="0 0 0.1" rpy="0 0 1.5707963267948966"/><geometry><box size="0.3 0.2 0.1"/></geometry><material name="red"/></visual>
    <visual><geometry><mesh filename="package://my_robot/meshes/base.stl" scale="0.001 0.001 0.001"/></geometry></visual>
    <visual><geometry><mesh filename="../meshes/base.stl"/></geometry></visual>
    <visual><geometry><mesh filename="package://other_pkg/meshes/arm.obj"/></geometry></visual>
    <visual><geometry><mesh filename="package://my_robot/meshes/base.dae"/></geometry></visual>
    <visual><geometry><mesh filename="../meshes/missing.stl"/></geometry></visual>
  </link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/><origin xyz="0.1 0 0.2" rpy="0 0 0.5"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="2" velocity="1"/></joint>
  <link name="arm">
    <inertial><mass value="0.5"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial>
    <visual><origin xyz="0.2 0 0" rpy="0 1.5707963267948966 0"/><geometry><cylinder radius="0.02" length="0.4"/></geometry></visual>
  </link>
  <joint name="tip_mount" type="fixed"><parent link="arm"/><child link="tip"/><origin xyz="0.4 0 0"/></joint>
  <link name="tip"><visual><geometry><sphere radius="0.03"/></geometry></visual></link>
</robot>)";
  const std::string path = (root / "my_robot" / "urdf" / "looks.urdf").string();
  std::ofstream(path) << urdf;
  const ImportResult r = importUrdf(path);
  const std::string notes = joined(r.notTaken);
  const BodySpec& base = r.spec.bodies[0];
  ASSERT_SAME(base.visuals.size(), std::size_t{3});  // the box, base.stl twice; arm.obj's package is not above the file
  ASSERT_SAME(base.visuals[0].type, VisualType::Box);
  ASSERT_TRUE((base.visuals[0].position - Vec3(0, 0, 0.1)).norm() < 1e-15);
  ASSERT_TRUE((rotationFromQuaternion(base.visuals[0].orientation) * Vec3::UnitX() - Vec3::UnitY()).norm() < 1e-15);
  ASSERT_TRUE(*base.visuals[0].colour == Vec3(1, 0, 0));
  ASSERT_SAME(base.visuals[1].mesh, (root / "my_robot" / "meshes" / "base.stl").string());
  ASSERT_TRUE(base.visuals[1].scale == Vec3::Constant(0.001));
  ASSERT_SAME(base.visuals[2].mesh, (root / "my_robot" / "meshes" / "base.stl").string());
  for (const char* part : {"mesh 'package://other_pkg/meshes/arm.obj': package 'other_pkg' not found", "mesh 'package://my_robot/meshes/base.dae': .dae meshes are not shown",
                           "missing.stl' does not exist", "link 'tip': has no mass, so it is fused with 'arm'"})
    ASSERT_TRUE(contains(notes, part)) << part << "\n" << notes;
  // The arm's cylinder: turned from z onto the joint frame's x, 0.2 along it;
  // the joint frame is turned by 0.5 about z. The tip's sphere sits 0.4 along it.
  const BodySpec& arm = r.spec.bodies[1];
  const Vec3 along(std::cos(0.5), std::sin(0.5), 0.0);
  ASSERT_SAME(arm.visuals.size(), std::size_t{2});
  ASSERT_TRUE((arm.visuals[0].position - 0.2 * along).norm() < 1e-15);
  ASSERT_TRUE((rotationFromQuaternion(arm.visuals[0].orientation) * Vec3::UnitZ() - along).norm() < 1e-15);
  ASSERT_SAME(arm.visuals[1].type, VisualType::Sphere);
  ASSERT_TRUE((arm.visuals[1].position - 0.4 * along).norm() < 1e-15);

  UrdfOptions options;
  options.packageRoot = (root / "elsewhere").string();
  const ImportResult withRoot = importUrdf(path, options);
  ASSERT_SAME(withRoot.spec.bodies[0].visuals.size(), std::size_t{3});  // my_robot is now looked for under the root only
  bool found = false;
  for (const VisualSpec& v : withRoot.spec.bodies[0].visuals) found = found || v.mesh == (root / "elsewhere" / "other_pkg" / "meshes" / "arm.obj").string();
  ASSERT_TRUE(found);
}

// What is not taken is named, with its line; bad files get the parser's
// message with the file (and the line, where tinyxml gives one); a link
// the engine cannot represent is named.
TEST(UrdfImport, whatIsNotTakenIsNamedWithItsLineAndBadFilesAreRefused) {
  const std::string path = writeTemp("extras.urdf", R"(<robot name="extras">
  <link name="base"><inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>
    <collision><geometry><box size="1 1 1"/></geometry></collision></link>
  <joint name="j" type="revolute"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="2" velocity="1"/><dynamics damping="0.1" friction="0.3"/>
    <safety_controller soft_lower_limit="-0.9" soft_upper_limit="0.9" k_position="10" k_velocity="1"/></joint>
  <link name="a"><inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
  <joint name="k" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="2" velocity="1"/>
    <mimic joint="j" multiplier="2"/></joint>
  <link name="b"><inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
  <transmission name="t1"><type>transmission_interface/SimpleTransmission</type></transmission>
  <gazebo reference="a"/>
</robot>)");
  const ImportResult r = importUrdf(path);
  const std::string notes = joined(r.notTaken);
  for (const char* part : {"line 3: link 'base': collision geometry is not imported", "line 6: joint 'j': <safety_controller> is not taken",
                           "line 9: joint 'k': <mimic> is not taken (the joint moves on its own)", "line 11: transmission 't1': transmissions are not imported",
                           "line 12: gazebo extension: not imported", "joint 'j': friction 0.3 is not taken", "2 joint velocity limits are not taken",
                           "2 joints with an effort limit get an actuator"})
    ASSERT_TRUE(contains(notes, part)) << part << "\n" << notes;
  ASSERT_SAME(r.spec.hinges[1].loads.spring->damping, 0.1);

  auto refusal = [](const std::string& name, const std::string& xml) {
    try {
      importUrdf(writeTemp(name, xml));
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("taken");
  };
  const std::string notXml = refusal("broken.urdf", "<robot name=\"x\">\n  <link name=\"a\">\n</robot>\n");
  const std::string unknownLink = refusal("dangling.urdf", R"(<robot name="x"><link name="a"/><joint name="j" type="fixed"><parent link="a"/><child link="nowhere"/></joint></robot>)");
  // A massless link that moves is a massless frame (issue 29.1); one that
  // carries nothing with mass is named by the model check at its joint.
  const std::string masslessMover = errorsOf(importUrdf(writeTemp("massless.urdf", R"(<robot name="x"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
    <joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/><limit effort="1" velocity="1"/></joint><link name="b"/></robot>)")).spec);
  const std::string mjcf = refusal("model.urdf", "<mujoco/>");
  const std::string missing = refusal("", "");
  info("bad URDF files:\n  %s\n  %s\n  %s\n  %s", notXml.c_str(), unknownLink.c_str(), masslessMover.c_str(), mjcf.c_str());
  ASSERT_TRUE(contains(notXml, "broken.urdf': line") && contains(notXml, "column")) << notXml;
  ASSERT_TRUE(contains(unknownLink, "dangling.urdf': urdfdom could not read it") && contains(unknownLink, "nowhere")) << unknownLink;
  ASSERT_TRUE(contains(masslessMover, "hinge 'j': body 'b' and everything beyond it are massless")) << masslessMover;
  ASSERT_TRUE(contains(mjcf, "not a URDF file (its root element is <mujoco>")) << mjcf;
  ASSERT_TRUE(contains(missing, "cannot be read")) << missing;
}

// The bundled arm, written twice (resources/interchange/arm.urdf and
// arm.xml): each import moves as MuJoCo moves the other file, and both draw
// its five meshes and its finger.
TEST(UrdfImport, theBundledArmIsTheSameArmInUrdfAndMjcf) {
  const std::string urdf = sourcePath("resources/interchange/arm.urdf"), mjcf = sourcePath("resources/interchange/arm.xml");
  const ImportResult fromUrdf = importUrdf(urdf), fromMjcf = importModelFile(mjcf);
  ASSERT_SAME(fromUrdf.spec.bodies.size(), std::size_t{6});
  ASSERT_SAME(fromMjcf.spec.bodies.size(), std::size_t{6});
  for (const ImportResult* r : {&fromUrdf, &fromMjcf}) {
    int meshes = 0, boxes = 0;
    for (const BodySpec& b : r->spec.bodies)
      for (const VisualSpec& v : b.visuals) {
        meshes += v.type == VisualType::Mesh && std::filesystem::exists(v.mesh);
        boxes += v.type == VisualType::Box;
      }
    ASSERT_SAME(meshes, 5);
    ASSERT_SAME(boxes, 1);
  }
  const double urdfAgainstMjcf = agreementWithMuJoCo("arm.urdf against MuJoCo on arm.xml", mjcf, withoutLimitsOrContacts(fromUrdf.spec), 25);
  const double mjcfAgainstUrdf = agreementWithMuJoCo("arm.xml against MuJoCo on arm.urdf", urdf, withoutLimitsOrContacts(fromMjcf.spec), 25);
  info("the bundled arm: its URDF import against MuJoCo running arm.xml %.2e, its MJCF import against MuJoCo running arm.urdf %.2e (25 random states each)",
       urdfAgainstMjcf, mjcfAgainstUrdf);
}

// The format is told by the first element, past the declaration and
// comments (which may well mention other elements).
TEST(UrdfImport, theFormatIsToldByTheRootElement) {
  ASSERT_TRUE(interchangeFormatOf(writeTemp("a.xml", "<?xml version=\"1.0\"?>\n<!-- a <mujoco> model? no: <robot> -->\n<robot name=\"r\"/>")) == InterchangeFormat::Urdf);
  ASSERT_TRUE(interchangeFormatOf(writeTemp("b.urdf", "<!-- <robot> --><!DOCTYPE x>\n<mujoco model=\"m\"/>")) == InterchangeFormat::Mjcf);
  ASSERT_TRUE(!interchangeFormatOf(writeTemp("c.xml", "<sdf version=\"1.6\"/>")));
  ASSERT_TRUE(!interchangeFormatOf(writeTemp("d.xml", "<!-- never closed <robot>")));
  try {
    importModelFile(testing::TempDir());
    FAIL() << "a folder was taken";
  } catch (const Error& e) {
    ASSERT_TRUE(contains(e.what(), "not a file (a folder or a device)")) << e.what();
  }
  try {
    importModelFile(writeTemp("e.xml", "<sdf/>"));
    FAIL() << "an SDF file was taken";
  } catch (const Error& e) {
    ASSERT_TRUE(contains(e.what(), "neither URDF (<robot>) nor MJCF (<mujoco>)")) << e.what();
  }
}

// Real robot descriptions the project did not write: the URDF files that
// Debian's dart-doc ships (a KUKA KR5, a Barrett WAM, DRC-Hubo, Atlas, and
// DART's own test files, some broken on purpose). Each imports (and then,
// when the model check passes, compiles and evaluates), or is refused by a
// message naming the file, link or joint; nothing crashes.
TEST(UrdfImport, debiansRobotDescriptionsImportOrAreRefusedByName) {
  const std::filesystem::path root("/usr/share/doc/dart/data");
  if (!std::filesystem::exists(root)) GTEST_SKIP() << "dart-doc is not installed";
  int evaluated = 0, refused = 0, files = 0;
  std::string report;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".urdf") continue;
    ++files;
    const std::string name = entry.path().filename().string();
    try {
      const ImportResult r = importModelFile(entry.path().string());
      const std::string errors = errorsOf(r.spec);
      if (!errors.empty()) {
        report += "  " + name + ": imported, the model check says: " + errors.substr(0, errors.find('\n')) + "\n";
        continue;
      }
      const auto model = compile(r.spec);
      SolverOutput out;
      makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), out);
      for (const Vec3& a : out.angularAcceleration) ASSERT_TRUE(a.allFinite()) << name;
      int meshes = 0;
      for (const BodySpec& b : r.spec.bodies) meshes += static_cast<int>(b.visuals.size());
      ++evaluated;
      report += "  " + name + ": imported and evaluated, " + std::to_string(model->bodyCount()) + " bodies, " + std::to_string(meshes) + " visuals, " +
                std::to_string(r.notTaken.size()) + " elements not taken\n";
    } catch (const Error& e) {
      const std::string what = e.what();
      ASSERT_TRUE(contains(what, name) || contains(what, "link '") || contains(what, "joint '")) << name << ": " << what;
      ++refused;
      report += "  " + name + ": refused: " + what.substr(what.find(name) == std::string::npos ? 0 : what.find(name) + name.size() + 2, 110) + "\n";
    }
  }
  info("Debian's dart-doc URDF files: %d tried, %d imported and evaluated, %d refused by name\n%s", files, evaluated, refused, report.c_str());
  ASSERT_TRUE(evaluated >= 5);
}


// The bundled arm.urdf run for 2 s with RK4 at the same step by MuJoCo (its
// own URDF reader) and by MSTMM Studio: the runs agree to the sum of the two
// truncation errors, each measured against its own run at a step 40 times
// finer (docs/interchange.md I3 explains why they differ at all).
TEST(UrdfImport, theArmsTrajectoryAgreesWithMuJoCosToTheTruncationLevel) {
  const std::string path = sourcePath("resources/interchange/arm.urdf");
  const ModelSpec spec = withoutLimitsOrContacts(importUrdf(path).spec);
  const TrajectoryComparison c = compareTrajectories(spec, path);
  info("arm.urdf, 2 s of RK4, centres of mass: ours against MuJoCo %.2e m at dt = 4e-3, %.2e m at 2e-3, %.2e m at 1e-4; truncation error ours %.2e / %.2e "
       "(ratio %.1f), MuJoCo's %.2e / %.2e (ratio %.1f)",
       c.between[0], c.between[1], c.converged, c.ours[0], c.ours[1], c.ours[0] / c.ours[1], c.mujoco[0], c.mujoco[1], c.mujoco[0] / c.mujoco[1]);
  for (int pass = 0; pass < 2; ++pass) ASSERT_TRUE(c.between[pass] <= 1.01 * (c.ours[pass] + c.mujoco[pass]) + 1e-9);
  ASSERT_TRUE(c.ours[0] / c.ours[1] > 12.0 && c.ours[0] / c.ours[1] < 20.0);
  ASSERT_TRUE(c.converged < 1e-7);
}
