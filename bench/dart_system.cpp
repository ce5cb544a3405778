#include "bench/dart_system.hpp"

#include <string>

#include <dart/dynamics/BallJoint.hpp>
#include <dart/dynamics/BodyNode.hpp>
#include <dart/dynamics/Skeleton.hpp>

namespace mstmm::bench {

namespace {
Eigen::Vector3d vec(const std::array<double, 3>& a) { return Eigen::Vector3d(a[0], a[1], a[2]); }
}  // namespace

struct DartSystem::Impl {
  dart::dynamics::SkeletonPtr skeleton = dart::dynamics::Skeleton::create("mstmm");
  std::vector<dart::dynamics::BodyNode*> nodes;
  Eigen::VectorXd q, dq;
};

DartSystem::DartSystem(const std::vector<DartBody>& bodies, const std::array<double, 3>& gravity) : m(std::make_unique<Impl>()) {
  m->skeleton->setGravity(vec(gravity));
  for (const DartBody& b : bodies) {
    // Unique names: DART renames a repeated one, with a message and a
    // search over all the names so far each time.
    const std::string k = std::to_string(m->nodes.size());
    dart::dynamics::BallJoint::Properties joint;
    joint.mName = "j" + k;
    joint.mT_ParentBodyToJoint.translation() = vec(b.jointInParent);
    joint.mT_ChildBodyToJoint.translation() = vec(b.jointInChild);
    dart::dynamics::BodyNode::Properties body;
    body.mName = "b" + k;
    body.mInertia = dart::dynamics::Inertia(b.mass, vec(b.com), Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(b.inertia.data()));
    dart::dynamics::BodyNode* parent = b.parent < 0 ? nullptr : m->nodes[static_cast<std::size_t>(b.parent)];
    m->nodes.push_back(m->skeleton->createJointAndBodyNodePair<dart::dynamics::BallJoint>(parent, joint, body).second);
  }
  m->q.resize(static_cast<Eigen::Index>(3 * bodies.size()));
  m->dq.resize(m->q.size());
}

DartSystem::~DartSystem() = default;

// Bodies were added in order, one ball joint each: the skeleton's
// coordinates are theirs, three by three, in the same order.
void DartSystem::setState(const std::vector<double>& q, const std::vector<double>& dq) {
  m->q = Eigen::Map<const Eigen::VectorXd>(q.data(), m->q.size());
  m->dq = Eigen::Map<const Eigen::VectorXd>(dq.data(), m->dq.size());
}

void DartSystem::forwardDynamics() {
  m->skeleton->setPositions(m->q);
  m->skeleton->setVelocities(m->dq);
  m->skeleton->computeForwardDynamics();
}

void DartSystem::angularAccelerations(std::vector<double>& out) const {
  out.resize(3 * m->nodes.size());
  for (std::size_t i = 0; i < m->nodes.size(); ++i) {
    const Eigen::Vector3d a = m->nodes[i]->getAngularAcceleration();
    for (int k = 0; k < 3; ++k) out[3 * i + static_cast<std::size_t>(k)] = a[k];
  }
}

}  // namespace mstmm::bench
