#include "core/analysis/mode_table.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <Eigen/Eigenvalues>

#include "core/analysis/sweep_modes.hpp"

namespace mstmm {

const char* toString(ModeKind kind) {
  switch (kind) {
    case ModeKind::Vibration: return "vibration";
    case ModeKind::Rigid: return "rigid";
    case ModeKind::Unstable: return "unstable";
  }
  return "vibration";
}

namespace {

/// The indices of the three largest entries above 1 %, largest first.
std::vector<int> largest(const std::vector<double>& share) {
  std::vector<int> order(share.size());
  std::iota(order.begin(), order.end(), 0);
  const std::size_t keep = std::min<std::size_t>(3, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(), [&](int a, int b) { return share[static_cast<std::size_t>(a)] > share[static_cast<std::size_t>(b)]; });
  order.resize(keep);
  order.erase(std::remove_if(order.begin(), order.end(), [&](int k) { return share[static_cast<std::size_t>(k)] < 0.01; }), order.end());
  return order;
}

/// The damped mode whose shape matches x best (MAC in the metric M).
const DampedMode* matching(const ModalAnalysis& modes, const Eigen::MatrixXd& mass, const Eigen::VectorXd& x) {
  const DampedMode* best = nullptr;
  double bestMac = -1.0;
  const Eigen::VectorXcd mx = (mass * x).cast<std::complex<double>>();
  for (const DampedMode& d : modes.damped) {
    if (d.rigid) continue;
    const double mac = std::norm(d.shape.dot(mx)) / (d.shape.dot(mass.cast<std::complex<double>>() * d.shape).real() * x.dot(mass * x));
    if (mac > bestMac) bestMac = mac, best = &d;
  }
  return best;
}

/// Each body's share of the mode's kinetic energy, the shape taken as a velocity.
std::vector<double> bodyShares(const Linearisation& lin, const std::vector<Eigen::Matrix3Xd>& v, const std::vector<Eigen::Matrix3Xd>& w, const Eigen::VectorXd& x) {
  const Model& model = lin.chart().model();
  std::vector<double> share(static_cast<std::size_t>(model.bodyCount()));
  double total = 0.0;
  for (int b = 0; b < model.bodyCount(); ++b) {
    const auto s = static_cast<std::size_t>(b);
    const Mat3 a = bodyRotation(model, lin.chart().reference(), b);
    const Vec3 vc = v[s] * x, omega = w[s] * x;
    share[s] = model.body(b).mass * vc.squaredNorm() + omega.dot(a * model.body(b).inertiaAtCom * a.transpose() * omega);
    total += share[s];
  }
  for (double& e : share) e = total > 0.0 ? e / total : 0.0;
  return share;
}

/// The split of body b's kinetic energy in the mode x (ModeRow::motion):
/// m v_i^2 along each world axis i, and J_k w_k^2 about each principal axis
/// e_k of its inertia (w_k = e_k . Omega), which sum to its whole 2 T.
std::vector<std::pair<std::string, double>> motionOf(const Linearisation& lin, const std::vector<Eigen::Matrix3Xd>& v, const std::vector<Eigen::Matrix3Xd>& w,
                                                     const Eigen::VectorXd& x, int b) {
  const Model& model = lin.chart().model();
  const auto s = static_cast<std::size_t>(b);
  const Mat3 a = bodyRotation(model, lin.chart().reference(), b);
  const Vec3 vc = v[s] * x, omega = w[s] * x;
  const Eigen::SelfAdjointEigenSolver<Mat3> principal(a * model.body(b).inertiaAtCom * a.transpose());
  int vertical = -1;
  if (model.gravity().norm() > 0.0) model.gravity().cwiseAbs().maxCoeff(&vertical);
  std::vector<std::pair<std::string, double>> parts;
  double total = 0.0;
  for (int i = 0; i < 3; ++i) {
    const std::string axis(1, "xyz"[i]);
    parts.emplace_back("along " + axis + (i == vertical ? " (vertical)" : ""), model.body(b).mass * vc[i] * vc[i]);
    int nearest = 0;
    principal.eigenvectors().col(i).cwiseAbs().maxCoeff(&nearest);
    const double turn = principal.eigenvectors().col(i).dot(omega);
    parts.emplace_back(std::string("about ") + "xyz"[nearest], principal.eigenvalues()[i] * turn * turn);
  }
  for (const auto& p : parts) total += p.second;
  if (!(total > 0.0)) return {};
  for (auto& p : parts) p.second /= total;
  std::sort(parts.begin(), parts.end(), [](const auto& l, const auto& r) { return l.second > r.second; });
  parts.erase(std::remove_if(parts.begin(), parts.end(), [](const auto& p) { return p.second < 0.05; }), parts.end());
  return parts;
}

/// How much of the mode each tree joint coordinate carries: for a tree
/// |x_k (M x)_k| (its part of the kinetic energy, the shape as a velocity),
/// for a looped model, whose minimal coordinates are combinations of joint
/// coordinates, q_k^2 of the joint motion q = T x; normalised to sum 1.
std::vector<double> coordinateShares(const Linearisation& lin, const Eigen::VectorXd& x, const Eigen::VectorXd& massTimesX) {
  Eigen::VectorXd share;
  if (!lin.loops()) share = lin.toTree(x.cwiseProduct(massTimesX).cwiseAbs());
  else share = lin.toTree(x).cwiseAbs2();
  const double total = share.sum();
  if (total > 0.0) share /= total;
  return std::vector<double>(share.data(), share.data() + share.size());
}

}  // namespace

std::vector<ModeRow> modeTable(const Linearisation& lin, const LinearSystem& system, const ModalAnalysis& modes, int count) {
  std::vector<Eigen::Matrix3Xd> v, w;
  lin.velocityJacobians(v, w);
  std::vector<ModeRow> rows;
  for (std::size_t k = 0; k < modes.undamped.size() && (count <= 0 || static_cast<int>(rows.size()) < count); ++k) {
    const UndampedMode& m = modes.undamped[k];
    ModeRow row;
    row.number = static_cast<int>(k) + 1;
    row.kind = m.rigid ? ModeKind::Rigid : m.unstable ? ModeKind::Unstable : ModeKind::Vibration;
    row.frequency = m.frequency;
    row.omegaSquared = m.omegaSquared;
    row.shape = m.shape;
    if (const DampedMode* d = row.kind == ModeKind::Vibration ? matching(modes, system.mass, m.shape) : nullptr) {
      // An undamped model's ratio is zero up to the differences' noise.
      row.dampingRatio = std::abs(d->dampingRatio) < 1e-9 ? 0.0 : d->dampingRatio;
      row.dampedFrequency = d->dampedFrequency;
    }
    const std::vector<double> shares = coordinateShares(lin, m.shape, system.mass * m.shape);
    for (int c : largest(shares)) row.coordinates.emplace_back(lin.chart().coordinateName(c), shares[static_cast<std::size_t>(c)]);
    row.bodyShares = bodyShares(lin, v, w, m.shape);
    for (int b : largest(row.bodyShares)) row.bodies.emplace_back(b, row.bodyShares[static_cast<std::size_t>(b)]);
    if (!row.bodies.empty()) row.motion = motionOf(lin, v, w, m.shape, row.bodies.front().first);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<ModeRow> modeTable(const Linearisation& lin, const LinearTree& tree, const SweepModes& modes) {
  std::vector<ModeRow> rows;
  for (const UndampedMode& m : modes.modes) {
    ModeRow row;
    row.number = modes.rigid + modes.unstable + static_cast<int>(rows.size()) + 1;
    row.frequency = m.frequency;
    row.omegaSquared = m.omegaSquared;
    row.shape = m.shape;
    const std::vector<double> shares = coordinateShares(lin, m.shape, tree.massTimes(m.shape));
    for (int c : largest(shares)) row.coordinates.emplace_back(lin.chart().coordinateName(c), shares[static_cast<std::size_t>(c)]);
    row.bodyShares = tree.kineticShares(m.shape);
    for (int b : largest(row.bodyShares)) row.bodies.emplace_back(b, row.bodyShares[static_cast<std::size_t>(b)]);
    rows.push_back(std::move(row));
  }
  return rows;
}

namespace {
std::string percent(double share) { return std::to_string(static_cast<int>(std::lround(100.0 * share))) + "%"; }
}  // namespace

std::string describeCoordinates(const ModeRow& row) {
  std::string text;
  for (const auto& [name, share] : row.coordinates) text += (text.empty() ? "" : ", ") + name + " " + percent(share);
  return text;
}

std::string describeMotion(const Model& model, const ModeRow& row) {
  if (row.motion.empty() || row.bodies.empty()) return {};
  std::string text = "'" + model.body(row.bodies.front().first).name + "'";
  for (std::size_t k = 0; k < row.motion.size(); ++k) text += (k ? ", " : " ") + row.motion[k].first + " " + percent(row.motion[k].second);
  return text;
}

std::string describeBodies(const Model& model, const ModeRow& row) {
  std::string text;
  for (const auto& [body, share] : row.bodies) text += (text.empty() ? "" : ", ") + std::string("body '") + model.body(body).name + "' " + percent(share);
  return text;
}

}  // namespace mstmm
