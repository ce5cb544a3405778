// mstmm-published-bench: two of the published benchmark problems
// (docs/benchmarks.md) run by this program and by MuJoCo 2.2.2 on the same
// machine, RK4 at the same step: the IFToMM simple pendulum (A01) and the
// N-four-bar mechanism (A02, N = 40; MuJoCo closes its loops with soft
// connect constraints). Prints each one's cost and where each puts the
// problem's reference point, against the other. A report, not a test.
//
// Usage: mstmm-published-bench [--end-a01 S] [--end-a02 S]   (run from the source tree or give MSTMM_SOURCE_DIR)

#include <mujoco/mujoco.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <sstream>
#include <string>


#include "bench/mujoco_scratch.hpp"
#include "bench/timing.hpp"
#include "core/io/model_json.hpp"
#include "core/sim/simulation.hpp"

namespace {

using namespace mstmm;
using Clock = std::chrono::steady_clock;
using bench::secondsSince;

// Keeps the last state of a run.
struct LastState : ResultSink {
  Eigen::VectorXd y;
  void record(const Frame& f) override { y = *f.y; }
};

// Our run of a bundled example to `end`; returns the wall time and the
// planar angle of body `body` at the end.
double ours(const std::string& example, double end, const std::string& body, double& angle) {
  ModelSpec spec = loadModel(std::string(MSTMM_SOURCE_DIR) + "/resources/examples/" + example + ".json");
  spec.simulation.endTime = end;
  spec.simulation.outputEvery = 1000;
  const auto model = compile(spec);
  LastState sink;
  const auto start = Clock::now();
  const RunReport report = simulate(model, spec.simulation, sink);
  const double wall = secondsSince(start);
  if (report.error) {
    std::fprintf(stderr, "%s: %s\n", example.c_str(), report.error->what());
    std::exit(1);
  }
  angle = sink.y[2 * model->bodyByName(body)];
  return wall;
}

struct MuJoCoRun {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  explicit MuJoCoRun(const std::string& xml) {
    m = bench::loadMjcfText(xml, "mstmm-published-bench");
    d = mj_makeData(m);
  }
  ~MuJoCoRun() {
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  double run(double end) {
    const auto start = Clock::now();
    const long steps = std::lround(end / m->opt.timestep);
    for (long k = 0; k < steps; ++k) mj_step(m, d);
    return secondsSince(start);
  }
};

const char* kOptions = R"(<option timestep="0.001" integrator="RK4" gravity="0 -9.81 0"><flag contact="disable"/></option>)";

// A01: the bar along +x at rest, the 1 kg point at its end (MuJoCo refuses
// zero principal inertias: 1e-9 kg m^2 about the point, against 1 kg m^2).
void simplePendulum(double end) {
  std::ostringstream xml;
  xml << "<mujoco>" << kOptions
      << R"(<worldbody><body name="bar"><joint type="hinge" axis="0 0 1"/><inertial pos="1 0 0" mass="1" diaginertia="1e-9 1e-9 1e-9"/></body></worldbody></mujoco>)";
  MuJoCoRun mj(xml.str());
  const double theirs = mj.run(end);
  double angle = 0.0;
  const double wall = ours("iftomm-a01-simple-pendulum", end, "bar", angle);
  const double distance = 2.0 * std::abs(std::sin(0.5 * (mj.d->qpos[0] - angle)));
  std::printf("A01, %g s, RK4 at 1e-3 s: ours %.3f s, MuJoCo %.3f s (%.2fx); the mass %.2e m apart at the end (ours is 9e-9 m from the closed form)\n", end,
              wall, theirs, theirs / wall, distance);
}

// A02: cranks upright, each body's frame at the joint that hangs it (crank0
// at its pivot, the couplers at their left ends, cranks 1..40 at their
// tops), nested as our spanning tree; the pivots of cranks 1..40 held to the
// ground by connect constraints.
void nFourBar(double end) {
  const int n = 40;
  std::ostringstream xml, close;
  xml << "<mujoco>" << kOptions << "<worldbody>";
  xml << R"(<body name="crank0"><joint type="hinge" axis="0 0 1"/><inertial pos="0 0.5 0" mass="1" diaginertia="0.0833333333333333 1e-9 0.0833333333333333"/>)";
  for (int i = 1; i <= n; ++i) {
    xml << (i == 1 ? R"(<body name="coupler1" pos="0 1 0">)" : "<body name=\"coupler" + std::to_string(i) + "\" pos=\"0 0 0\">")
        << R"(<joint type="hinge" axis="0 0 1"/><inertial pos="0.5 0 0" mass="1" diaginertia="1e-9 0.0833333333333333 0.0833333333333333"/>)";
    xml << "<body name=\"crank" << i << R"(" pos="1 0 0"><joint type="hinge" axis="0 0 1"/><inertial pos="0 -0.5 0" mass="1" diaginertia="0.0833333333333333 1e-9 0.0833333333333333"/>)";
    close << "<connect body1=\"crank" << i << "\" anchor=\"0 -1 0\"/>";
  }
  for (int i = 0; i < 2 * n + 1; ++i) xml << "</body>";
  xml << "</worldbody><equality>" << close.str() << "</equality></mujoco>";
  MuJoCoRun mj(xml.str());
  // Joint rates are relative: crank0 -1 rad/s, each coupler +1 (it
  // translates), each crank after it -1.
  for (int k = 0; k < mj.m->nv; ++k) mj.d->qvel[k] = k % 2 == 0 ? -1.0 : 1.0;
  const double theirs = mj.run(end);
  double angle = 0.0;
  const double wall = ours("iftomm-a02-n-four-bar", end, "crank0", angle);
  const double phi = std::numbers::pi / 2 + mj.d->qpos[0];
  std::printf("A02, N = 40, %g s, RK4 at 1e-3 s: ours %.1f s, MuJoCo %.2f s (%.2fx); B0 ours (%.6f, %.6f), MuJoCo (%.6f, %.6f): %.2e m apart "
              "(ours is 3.3e-5 m from the reference at 20 s)\n",
              end, wall, theirs, theirs / wall, std::cos(angle), std::sin(angle), std::cos(phi), std::sin(phi), std::hypot(std::cos(angle) - std::cos(phi), std::sin(angle) - std::sin(phi)));
}

}  // namespace

int main(int argc, char** argv) {
  double endA01 = 2000.0, endA02 = 20.0;
  for (int i = 1; i < argc; i += 2) {
    const std::string a = argv[i];
    double* end = a == "--end-a01" ? &endA01 : a == "--end-a02" ? &endA02 : nullptr;
    char* rest = nullptr;
    const double value = i + 1 < argc ? std::strtod(argv[i + 1], &rest) : 0.0;
    if (!end || i + 1 >= argc || *rest != '\0' || !(value > 0.0) || !std::isfinite(value)) {
      std::fprintf(stderr, "usage: mstmm-published-bench [--end-a01 SECONDS] [--end-a02 SECONDS]   (end times > 0; defaults 2000 and 20)\n");
      return 2;
    }
    *end = value;
  }
  simplePendulum(endA01);
  nFourBar(endA02);
  return 0;
}
