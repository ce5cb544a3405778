// mstmm-mujoco-implicit-bench (issue 53): one stiff spring-damper chain run
// by MuJoCo 2.2.2 and by this program in the same process. MuJoCo's
// `implicit` integrator takes the joints' damping implicitly and their
// stiffness explicitly (mujoco#3443); generalized-alpha here takes both into
// each Newton iteration's sweep (docs/implicit-integration.md). For each
// integrator: the largest stable step among 1e-2 s / n (n of a sequence
// growing by about 1.25), and the wall time (best of three) of the longest
// such step whose body angles stay within 1e-3 rad of the reference at every
// 1e-2 s of the run. A report, not a test: it asserts nothing.
//
// The chain: `bodies` rods of 0.1 m and 0.1 kg on revolute hinges about z,
// each with a spring k and damper c at rest in the initial shape
// (horizontal), swung by gravity. Ours and MuJoCo's are the same model: the
// MJCF is exportMjcf's, every number at 17 digits. The reference is our RK4
// at a sixteenth of its largest stable step.
//
// Usage: mstmm-mujoco-implicit-bench [--bodies N] [--k K] [--c C] [--end S]
// (defaults: 50 bodies, k = 1e4 N m/rad, c = 0.1 N m s/rad, 1 s; about 30 s)

#include <mujoco/mujoco.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <vector>


#include "bench/mujoco_scratch.hpp"
#include "bench/timing.hpp"
#include "core/dynamics/state.hpp"
#include "core/generate/generators.hpp"
#include "core/model/model.hpp"
#include "core/model/model_kind_conversion.hpp"
#include "core/sim/simulation.hpp"
#include "interchange/model_export.hpp"

namespace {

using namespace mstmm;
using Clock = std::chrono::steady_clock;
using bench::secondsSince;

constexpr double kSampling = 1e-2;   // s between compared instants; every step tried divides it
constexpr double kAccuracy = 1e-3;   // rad
constexpr double kUnstable = 1.0;    // rad: an angle change this large is a run gone unstable (the true ones stay under 0.1)

/// The divisors n of kSampling tried, h = kSampling / n: about 1.25 apart,
/// from 1e-2 s down to about 1e-6 s.
std::vector<long> divisors() {
  std::vector<long> n{1};
  while (n.back() < 10000) n.push_back(std::max(n.back() + 1, std::lround(n.back() * 1.25)));
  return n;
}

/// Each body's rotation about z since the start, at every sampled instant.
using Angles = std::vector<std::vector<double>>;

double angleAboutZ(const Quat& now, const Quat& start) {
  const Quat turn = quaternionProduct(now, quaternionConjugate(start));
  return 2.0 * std::atan2(turn[3], turn[0]);
}

/// A spatial chain of revolute hinges about z with a spring-damper in each.
ModelSpec stiffChain(int bodies, double k, double c, double end) {
  const ModelSpec planar = generateChain({bodies, true, 0.1, 0.1, 0.01});
  ModelSpec spec = convertedToKind(planar, ModelKind::Spatial);
  spec.name = "stiff revolute chain";
  for (std::size_t h = 0; h < spec.hinges.size(); ++h) {
    HingeSpec& hinge = spec.hinges[h];
    const HingeSpec& before = planar.hinges[h];
    const double child = planar.bodies[static_cast<std::size_t>(planar.bodyIndex(before.child))].theta;
    const double parent = before.parent ? planar.bodies[static_cast<std::size_t>(planar.bodyIndex(*before.parent))].theta : 0.0;
    hinge.type = HingeType::Revolute;
    hinge.axis = Vec3::UnitZ();
    hinge.loads.spring = HingeSpringSpec::linear(k, c, child - parent);
  }
  spec.simulation.endTime = end;
  return spec;
}

// ---- ours ----

struct SampledAngles : ResultSink {
  const Model& model;
  std::vector<Quat> start;
  Angles angles;
  explicit SampledAngles(const Model& m) : model(m) {}
  void record(const Frame& f) override {
    const Eigen::VectorXd& y = *f.y;
    if (start.empty())
      for (int i = 0; i < model.bodyCount(); ++i) start.push_back(bodyQuaternion(model, y, i));
    std::vector<double> now;
    for (int i = 0; i < model.bodyCount(); ++i) now.push_back(angleAboutZ(bodyQuaternion(model, y, i), start[static_cast<std::size_t>(i)]));
    angles.push_back(std::move(now));
  }
};

struct Outcome {
  bool stable = false;
  double wall = 0.0;
  Angles angles;  // bodies in our processing order
};

Outcome runOurs(ModelSpec spec, IntegratorKind integrator, double h) {
  spec.simulation.integrator = integrator;
  spec.simulation.timeStep = h;
  spec.simulation.outputEvery = static_cast<int>(std::lround(kSampling / h));
  const auto model = compile(spec);
  SampledAngles sink(*model);
  const auto start = Clock::now();
  const RunReport report = simulate(model, spec.simulation, sink);
  Outcome o;
  o.wall = secondsSince(start);
  o.angles = std::move(sink.angles);
  o.stable = !report.error && report.status == RunStatus::Completed;
  for (const auto& row : o.angles)
    for (double a : row) o.stable = o.stable && std::isfinite(a) && std::abs(a) < kUnstable;
  return o;
}

// ---- MuJoCo ----

struct MuJoCoModel {
  mjModel* m = nullptr;
  std::vector<int> bodyIds;  // MuJoCo's body of each of our bodies, in our order
  MuJoCoModel(const ModelSpec& spec, const Model& ours) {
    const ExportResult mjcf = exportMjcf(spec);
    for (const std::string& note : mjcf.notWritten) std::fprintf(stderr, "MJCF export: %s\n", note.c_str());
    m = bench::loadMjcfText(mjcf.text, "mstmm-mujoco-implicit-bench");
    m->opt.disableflags |= mjDSBL_CONTACT;
    for (int i = 0; i < ours.bodyCount(); ++i) {
      const int id = mj_name2id(m, mjOBJ_BODY, ours.body(i).name.c_str());
      if (id < 0) {
        std::fprintf(stderr, "MuJoCo has no body '%s'\n", ours.body(i).name.c_str());
        std::exit(1);
      }
      bodyIds.push_back(id);
    }
  }
  ~MuJoCoModel() { mj_deleteModel(m); }
  MuJoCoModel(const MuJoCoModel&) = delete;
  MuJoCoModel& operator=(const MuJoCoModel&) = delete;
};

Quat bodyQuat(const mjData* d, int id) { return Quat(d->xquat[4 * id], d->xquat[4 * id + 1], d->xquat[4 * id + 2], d->xquat[4 * id + 3]); }

Outcome runMuJoCo(const MuJoCoModel& mj, int integrator, double h, double end) {
  mj.m->opt.integrator = integrator;
  mj.m->opt.timestep = h;
  mjData* d = mj_makeData(mj.m);
  mj_forward(mj.m, d);
  std::vector<Quat> start;
  for (int id : mj.bodyIds) start.push_back(bodyQuat(d, id));
  const long every = std::lround(kSampling / h), steps = std::lround(end / h);
  Outcome o;
  o.stable = true;
  double stepping = 0.0;
  for (long k = 0; k <= steps && o.stable; ++k) {
    if (k % every == 0) {
      mj_kinematics(mj.m, d);  // xquat of the state reached (mj_step leaves that of the state before)
      std::vector<double> now;
      for (std::size_t b = 0; b < mj.bodyIds.size(); ++b) {
        const double a = angleAboutZ(bodyQuat(d, mj.bodyIds[b]), start[b]);
        o.stable = o.stable && std::isfinite(a) && std::abs(a) < kUnstable;
        now.push_back(a);
      }
      o.angles.push_back(std::move(now));
    }
    if (k == steps) break;
    const auto t0 = Clock::now();
    mj_step(mj.m, d);
    stepping += secondsSince(t0);
    // MuJoCo resets the state when its accelerations are not finite.
    if (d->warning[mjWARN_BADQACC].number > 0) o.stable = false;
  }
  o.wall = stepping;
  mj_deleteData(d);
  return o;
}

// ---- the comparison ----

double largestDifference(const Angles& a, const Angles& reference) {
  if (a.size() != reference.size()) return INFINITY;
  double worst = 0.0;
  for (std::size_t t = 0; t < a.size(); ++t)
    for (std::size_t b = 0; b < a[t].size(); ++b) worst = std::max(worst, std::abs(a[t][b] - reference[t][b]));
  return worst;
}

/// Steps kSampling / n from the largest down: the first stable one, and the
/// first (largest) one within kAccuracy of the reference, with its wall
/// time, the best of three runs.
void survey(const char* name, const std::function<Outcome(double)>& run, const Angles& reference) {
  std::optional<double> stableStep;
  for (long n : divisors()) {
    const double h = kSampling / static_cast<double>(n);
    const Outcome o = run(h);
    if (!o.stable) continue;
    if (!stableStep) stableStep = h;
    const double error = largestDifference(o.angles, reference);
    if (error <= kAccuracy) {
      const double wall = std::min({o.wall, run(h).wall, run(h).wall});
      std::printf("| %s | %.3g s | %.3g s | %.3g rad | %.4f s |\n", name, *stableStep, h, error, wall);
      return;
    }
  }
  std::printf("| %s | %s | none down to %.2g s | | |\n", name, stableStep ? std::to_string(*stableStep).c_str() : "none", kSampling / static_cast<double>(divisors().back()));
}

/// The reference step: a sixteenth of RK4's largest stable step here.
double referenceStep(const ModelSpec& spec) {
  for (long n : divisors())
    if (runOurs(spec, IntegratorKind::Rk4, kSampling / static_cast<double>(n)).stable) return kSampling / static_cast<double>(16 * n);
  std::fprintf(stderr, "RK4 is unstable at every step tried\n");
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  // 50 bodies: MuJoCo 2.2.2's XML reader refuses nesting deeper than 100,
  // two levels a body.
  int bodies = 50;
  double k = 1e4, c = 0.1, end = 1.0;
  if (argc % 2 == 0) {
    std::fprintf(stderr, "usage: %s [--bodies N] [--k K] [--c C] [--end S]\n", argv[0]);
    return 2;
  }
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--bodies") bodies = std::atoi(argv[i + 1]);
    else if (a == "--k") k = std::atof(argv[i + 1]);
    else if (a == "--c") c = std::atof(argv[i + 1]);
    else if (a == "--end") end = std::atof(argv[i + 1]);
    else {
      std::fprintf(stderr, "usage: %s [--bodies N] [--k K] [--c C] [--end S]\n", argv[0]);
      return 2;
    }
  }
  if (bodies < 1 || bodies > 50 || !(k > 0) || !(c >= 0) || !(end > 0) || end > 100) {
    std::fprintf(stderr, "mstmm-mujoco-implicit-bench: --bodies must be 1 to 50 (MuJoCo's reader nests at most 100 levels, two a body), "
                         "--k positive, --c zero or more, --end in (0, 100] s\n");
    return 2;
  }
  // MuJoCo warns on stderr of every run that goes unstable; the table says so.
  mju_user_warning = [](const char*) {};
  const ModelSpec spec = stiffChain(bodies, k, c, end);
  const auto model = compile(spec);
  const MuJoCoModel mj(spec, *model);

  const double hRef = referenceStep(spec);
  const Outcome reference = runOurs(spec, IntegratorKind::Rk4, hRef);
  const Outcome mjCheck = runMuJoCo(mj, mjINT_RK4, hRef, end);
  std::printf("Stiff chain: %d revolute hinges, k = %g N m/rad, c = %g N m s/rad, %g s; the reference is RK4 here at %.3g s;\n"
              "MuJoCo's RK4 at that step is %.2e rad from it (the same model in both).\n\n",
              bodies, k, c, end, hRef, largestDifference(mjCheck.angles, reference.angles));
  std::printf("| integrator | largest stable step | largest step within %g rad | its error | its wall time |\n|---|---|---|---|---|\n", kAccuracy);
  survey("MuJoCo implicit", [&](double h) { return runMuJoCo(mj, mjINT_IMPLICIT, h, end); }, reference.angles);
  survey("MuJoCo Euler", [&](double h) { return runMuJoCo(mj, mjINT_EULER, h, end); }, reference.angles);
  survey("MuJoCo RK4", [&](double h) { return runMuJoCo(mj, mjINT_RK4, h, end); }, reference.angles);
  survey("MSTMM RK4", [&](double h) { return runOurs(spec, IntegratorKind::Rk4, h); }, reference.angles);
  survey("MSTMM generalized-alpha 0.9", [&](double h) { return runOurs(spec, IntegratorKind::GeneralizedAlpha, h); }, reference.angles);
  return 0;
}
