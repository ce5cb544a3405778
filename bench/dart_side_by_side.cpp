#include "bench/dart_side_by_side.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/generate/generators.hpp"
#include "core/model/model.hpp"

#ifdef MSTMM_HAVE_DART
#include "bench/dart_system.hpp"
#include "bench/timing.hpp"
#endif

namespace mstmm::bench {

#ifndef MSTMM_HAVE_DART

int runAgainstDart(const SideBySideOptions&) {
  std::fprintf(stderr,
               "mstmm-bench: this build has no DART: install Debian's libdart-dev (DART 6.12) and configure again; CMake finds it and builds "
               "the side-by-side comparison\n");
  return 2;
}

#else

namespace {

Mat3 orientationOf(const Model& model, const Eigen::VectorXd& y, int body) {
  const auto q = y.segment<4>(statePerBody(model) * body);
  return Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
}

Vec3 angularVelocityOf(const Model& model, const Eigen::VectorXd& y, int body) { return y.segment<3>(statePerBody(model) * body + 4); }

// The compiled model as DART bodies: each at its frame (origin I_1), hung
// by a ball joint at the root side's input end (the ground hinge's anchor)
// and its own output end; mass, centre of mass and inertia about it as
// compiled. Bodies are compiled tips first, so DART gets them root first:
// DART's body k is our body n - 1 - k.
std::vector<DartBody> dartBodies(const Model& model) {
  const int n = model.bodyCount();
  std::vector<DartBody> list(static_cast<std::size_t>(n));
  auto put = [](const Vec3& v) { return std::array<double, 3>{v.x(), v.y(), v.z()}; };
  for (int i = 0; i < n; ++i) {
    const CompiledBody& b = model.body(i);
    DartBody& d = list[static_cast<std::size_t>(n - 1 - i)];
    d.parent = b.parent < 0 ? -1 : n - 1 - b.parent;
    d.jointInParent = put(b.parent < 0 ? model.hinge(i).anchor : model.body(b.parent).inputs[static_cast<std::size_t>(b.parentInput)]);
    d.jointInChild = put(b.output);
    d.mass = b.mass;
    d.com = put(b.com);
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) d.inertia[static_cast<std::size_t>(3 * r + c)] = b.inertiaAtCom(r, c);
  }
  return list;
}

// A ball joint's coordinates: the rotation vector of the child relative to
// the parent; its rates: the relative angular velocity in the child's axes.
void dartState(const Model& model, const Eigen::VectorXd& y, std::vector<double>& q, std::vector<double>& dq) {
  const int n = model.bodyCount();
  q.assign(static_cast<std::size_t>(3 * n), 0.0);
  dq.assign(q.size(), 0.0);
  for (int i = 0; i < n; ++i) {
    const int p = model.body(i).parent;
    const Mat3 a = orientationOf(model, y, i), ap = p < 0 ? Mat3::Identity() : orientationOf(model, y, p);
    const Eigen::AngleAxisd turn(Mat3(ap.transpose() * a));
    const Vec3 rotation = turn.angle() * turn.axis();
    const Vec3 rate = a.transpose() * (angularVelocityOf(model, y, i) - (p < 0 ? Vec3::Zero() : angularVelocityOf(model, y, p)));
    for (int k = 0; k < 3; ++k) {
      q[static_cast<std::size_t>(3 * (n - 1 - i) + k)] = rotation[k];
      dq[static_cast<std::size_t>(3 * (n - 1 - i) + k)] = rate[k];
    }
  }
}

struct Row {
  std::string system;
  int bodies = 0;
  double ours = 0.0, dart = 0.0;  // seconds per evaluation
  double difference = 0.0;        // largest |Omega'_ours - Omega'_DART| over the largest |Omega'|
};

Row compare(const std::string& system, const ModelSpec& spec, const SideBySideOptions& o) {
  const auto model = compile(spec);
  Eigen::VectorXd y = initialState(*model);
  // A moving state: every body turning, so the velocity terms count.
  for (int i = 0; i < model->bodyCount(); ++i) y.segment<3>(statePerBody(*model) * i + 4) = Vec3(0.3, -0.2, 0.5) * (1.0 + 0.1 * (i % 7));
  auto solver = makeSolver(SolverKind::Riccati, model);
  SolverOutput out;
  out.resize(*model);
  DartSystem dart(dartBodies(*model), {spec.gravity.x(), spec.gravity.y(), spec.gravity.z()});
  std::vector<double> q, dq, dartAcceleration;
  dartState(*model, y, q, dq);
  dart.setState(q, dq);
  Row row{system, model->bodyCount()};
  row.ours = medianSecondsPerCall([&] { solver->evaluate(y, out); }, o.minTime, o.batches);
  // Setting the state marks DART's kinematics dirty, so each call does the
  // whole forward dynamics from its own state vectors, as each of ours does
  // from y.
  row.dart = medianSecondsPerCall([&] { dart.forwardDynamics(); }, o.minTime, o.batches);
  dart.angularAccelerations(dartAcceleration);
  const int n = model->bodyCount();
  double scale = 0.0;
  for (int i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(3 * (n - 1 - i));
    const Vec3 theirs(dartAcceleration[k], dartAcceleration[k + 1], dartAcceleration[k + 2]);
    row.difference = std::max(row.difference, (theirs - out.angularAcceleration[static_cast<std::size_t>(i)]).norm());
    scale = std::max(scale, out.angularAcceleration[static_cast<std::size_t>(i)].norm());
  }
  row.difference /= scale;
  return row;
}

}  // namespace

int runAgainstDart(const SideBySideOptions& o) {
  std::printf("Riccati MSTMM and DART 6.12 side by side: one evaluation (forward dynamics) of the same ball-jointed system, median of %d batches\n",
              o.batches);
  std::printf("%-8s %8s %14s %14s %8s %14s\n", "system", "bodies", "ours us/body", "DART us/body", "DART/us", "relative difference");
  for (const char* system : {"chain", "branch"}) {
    for (int n : o.sizes) {
      ModelSpec spec;
      if (std::string(system) == "chain") {
        ChainOptions c;
        c.bodies = n;
        spec = generateChain(c);
      } else {
        spec = generateBranch({n, false});
      }
      if (n > o.largestForDart) {
        std::printf("%-8s %8d   DART not run: its skeleton is quadratic in a chain's depth (over %d bodies; --dart-max N)\n", system, n, o.largestForDart);
        continue;
      }
      const Row r = compare(system, spec, o);
      const double perBody = 1e6 / r.bodies;
      std::printf("%-8s %8d %14.4f %14.4f %8.2f %14.2e\n", r.system.c_str(), r.bodies, r.ours * perBody, r.dart * perBody, r.dart / r.ours, r.difference);
      std::fflush(stdout);
    }
  }
  return 0;
}

#endif

}  // namespace mstmm::bench
