#include "core/dynamics/state.hpp"

#include <cmath>
#include "core/loads/compiled_loads.hpp"

namespace mstmm {

void SolverOutput::resize(const Model& model) { resize(model.bodyCount(), model.sliderCount(), model.loads().drivenCount()); }

void SolverOutput::resize(int bodies, int sliders, int driven) {
  const auto n = static_cast<std::size_t>(bodies);
  drivingLoad.assign(static_cast<std::size_t>(driven), 0.0);
  inputPower = dissipatedPower = 0.0;
  slideAcceleration.assign(static_cast<std::size_t>(sliders), 0.0);
  angularAcceleration.assign(n, Vec3::Zero());
  comAcceleration.assign(n, Vec3::Zero());
  hingeForce.assign(n, Vec3::Zero());
  hingeMoment.assign(n, Vec3::Zero());
}

bool SolverOutput::fits(const Model& model) const {
  return static_cast<int>(angularAcceleration.size()) == model.bodyCount() && static_cast<int>(slideAcceleration.size()) == model.sliderCount() &&
         static_cast<int>(drivingLoad.size()) == model.loads().drivenCount();
}

Eigen::VectorXd initialState(const Model& model) {
  Eigen::VectorXd y(stateSize(model));
  const int per = statePerBody(model);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const BodySpec& b = model.spec().bodies[static_cast<std::size_t>(model.body(i).specIndex)];
    if (model.planar()) {
      y[per * i] = b.theta;
      y[per * i + 1] = b.thetaDot;
    } else {
      y.segment<4>(per * i) = b.orientation.normalized();
      y.segment<3>(per * i + 4) = b.angularVelocity;
    }
  }
  for (int k = 0; k < model.sliderCount(); ++k) {
    const CompiledHinge& compiled = model.hinge(model.sliderBody(k));
    const HingeSpec& h = model.spec().hinges[static_cast<std::size_t>(compiled.specIndex)];
    const int j = k - compiled.slider;
    y[slideOffset(model) + 2 * k] = compiled.slides == 1 ? h.slide : h.translation[j];
    y[slideOffset(model) + 2 * k + 1] = compiled.slides == 1 ? h.slideRate : h.translationRate[j];
  }
  if (model.hasLoads()) y.segment<2>(energyOffset(model)).setZero();
  return y;
}

Quat bodyQuaternion(const Model& model, const Eigen::VectorXd& y, int i) {
  if (model.planar()) return quaternionFromAxisAngle(Vec3::UnitZ(), y[2 * i]);
  const Quat p = y.segment<4>(7 * i);
  return p / p.norm();
}

Mat3 bodyRotation(const Model& model, const Eigen::VectorXd& y, int i) {
  if (model.planar()) {
    const double c = std::cos(y[2 * i]), s = std::sin(y[2 * i]);
    Mat3 a;
    a << c, -s, 0, s, c, 0, 0, 0, 1;
    return a;
  }
  return rotationFromQuaternion(bodyQuaternion(model, y, i));
}

Vec3 bodyAngularVelocity(const Model& model, const Eigen::VectorXd& y, int i) {
  if (model.planar()) return Vec3(0.0, 0.0, y[2 * i + 1]);
  return y.segment<3>(7 * i + 4);
}

void normaliseState(const Model& model, Eigen::VectorXd& y) {
  if (model.planar()) return;
  for (int i = 0; i < model.bodyCount(); ++i) y.segment<4>(7 * i).normalize();
}

void stateDerivative(const Model& model, const Eigen::VectorXd& y, const SolverOutput& out, Eigen::VectorXd& dy) {
  const int n = model.bodyCount();
  for (int k = 0, at = slideOffset(model); k < model.sliderCount(); ++k, at += 2) {
    dy[at] = y[at + 1];
    dy[at + 1] = out.slideAcceleration[static_cast<std::size_t>(k)];
  }
  if (model.hasLoads()) {
    dy[energyOffset(model)] = out.inputPower;
    dy[energyOffset(model) + 1] = out.dissipatedPower;
  }
  if (model.planar()) {
    for (int i = 0; i < n; ++i) {
      dy[2 * i] = y[2 * i + 1];
      dy[2 * i + 1] = out.angularAcceleration[static_cast<std::size_t>(i)].z();
    }
    return;
  }
  for (int i = 0; i < n; ++i) {
    const double* s = y.data() + 7 * i;
    double* d = dy.data() + 7 * i;
    const Quat rate = quaternionRate(Quat(s[0], s[1], s[2], s[3]), Vec3(s[4], s[5], s[6]));
    const Vec3& alpha = out.angularAcceleration[static_cast<std::size_t>(i)];
    d[0] = rate[0], d[1] = rate[1], d[2] = rate[2], d[3] = rate[3];
    d[4] = alpha.x(), d[5] = alpha.y(), d[6] = alpha.z();
  }
}

}  // namespace mstmm
