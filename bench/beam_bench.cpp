// mstmm-beam-bench (issue 28): the cost of one Riccati evaluation of a chain
// of beams against a chain of rigid bodies of the same topology (ball
// joints between consecutive members, the first on a ball to the ground),
// and what each elastic coordinate adds. A benchmark: it prints numbers
// and asserts nothing.
//
// Usage: mstmm-beam-bench [members (1000)] [segments per beam (2 4 8)]

#include <algorithm>
#include <cmath>
#include <optional>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/model/model.hpp"

namespace {

using namespace mstmm;
using Clock = std::chrono::steady_clock;

/// Median seconds per call over five batches of at least 0.2 s each.
template <class F>
double timePerCall(F&& op) {
  op();
  std::vector<double> perCall;
  for (int b = 0; b < 5; ++b) {
    long calls = 0;
    const auto start = Clock::now();
    double elapsed = 0.0;
    do {
      op();
      ++calls;
      elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < 0.2);
    perCall.push_back(elapsed / static_cast<double>(calls));
  }
  std::sort(perCall.begin(), perCall.end());
  return perCall[2];
}

/// A chain of `members` 0.5 m steel members hanging from the ground,
/// tilted so that gravity bends them: beams of `segments` segments (a
/// 20 mm round section), or (segments = 0) rigid cylinders of the same mass.
ModelSpec chain(int members, int segments) {
  ModelSpec spec;
  spec.name = "chain";
  std::optional<BodyId> parent;
  for (int k = 0; k < members; ++k) {
    BodySpec& b = spec.addBody("m" + std::to_string(k));
    b.inputs = {Vec3(0.5, 0, 0)};
    b.output = Vec3::Zero();
    b.orientation = Quat(std::cos(0.3), 0.0, 0.0, std::sin(0.3));
    if (segments > 0) {
      BeamSpec beam;
      beam.length = 0.5;
      beam.section.kind = BeamSectionKind::Circle;
      beam.section.radius = 0.01;
      beam.segments = segments;
      b.beam = beam;
    } else {
      b.shape.type = ShapeType::Cylinder;
      b.shape.length = 0.5;
      b.shape.radius = 0.01;
      b.shape.mass = 7850.0 * 3.141592653589793e-4 * 0.5;
    }
    const BodyId id = b.id;
    spec.addHinge("h" + std::to_string(k), HingeType::Ball, id, parent);
    parent = id;
  }
  return spec;
}

struct Row {
  int bodies = 0, coordinates = 0;
  double seconds = 0.0;
};

Row measure(int members, int segments) {
  const auto model = compile(chain(members, segments));
  auto solver = makeSolver(SolverKind::Riccati, model);
  Eigen::VectorXd y = initialState(*model);
  SolverOutput out;
  Row r;
  r.bodies = model->bodyCount();
  r.coordinates = 3 * model->bodyCount();  // every hinge, elastic joints included, is a ball
  r.seconds = timePerCall([&] { solver->evaluate(y, out); });
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int members = argc > 1 ? std::atoi(argv[1]) : 1000;
  std::vector<int> segments;
  for (int k = 2; k < argc; ++k) segments.push_back(std::atoi(argv[k]));
  if (segments.empty()) segments = {2, 4, 8};
  const Row rigid = measure(members, 0);
  std::printf("%d rigid bodies: %d coordinates, %.1f us per evaluation, %.3f us per body\n", rigid.bodies, rigid.coordinates, 1e6 * rigid.seconds,
              1e6 * rigid.seconds / rigid.bodies);
  for (int n : segments) {
    const Row beams = measure(members, n);
    const int elastic = beams.coordinates - rigid.coordinates;
    std::printf("%d beams of %d segments: %d pieces, %d coordinates (%d elastic), %.1f us per evaluation (%.2f x the rigid chain), %.3f us per body, %.3f us per elastic coordinate added\n",
                members, n, beams.bodies, beams.coordinates, elastic, 1e6 * beams.seconds, beams.seconds / rigid.seconds, 1e6 * beams.seconds / beams.bodies,
                1e6 * (beams.seconds - rigid.seconds) / elastic);
  }
  return 0;
}
