// mstmm: the headless command-line tool for batch runs.

#include <sys/resource.h>

#include <csignal>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"
#include "app/cli/interrupt.hpp"
#include "app/cli/simulation_options.hpp"
#include "collision/fcl_shape_query.hpp"
#include "stiff/cvode_bdf.hpp"
#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "core/version.hpp"

namespace {

// Each command's usage, printed by `mstmm COMMAND --help`; together, the
// tool's usage.
struct CommandUsage {
  const char* name;
  const char* text;
};

const CommandUsage kCommands[] = {
    {"simulate",
     "  simulate MODEL.json [--t-end T] [--dt DT] [--out RESULTS.csv] [--integrator rk4|dopri5|generalized-alpha|bdf]\n"
     "           [--rtol R] [--atol A] [--rho-inf R] [--every K] [--solver riccati|newton-euler|mass-matrix|classical-tmm]\n"
     "           [--bodies NAME,NAME...] [--float] [--angular-velocities] [--hinge-loads]\n"
     "           [--loop-stabilisation baumgarte|projection|none] [--alpha A] [--beta B] [--project-initial-state] [--threads N]\n"
     "      integrate the model and stream the results to CSV (docs/results-format.md) as they come;\n"
     "      generalized-alpha is implicit at a constant step, for stiff models; --rho-inf (0 to 1, default 0.9) sets\n"
     "      how strongly it damps what the step does not resolve (1: not at all); bdf (SUNDIALS CVODE, orders 1-5)\n"
     "      chooses its steps for stiff models by --rtol and --atol, as dopri5 does for others;\n"
     "      --threads 2 lets large trees run independent subtrees on a second thread (same results);\n"
     "      --every K records every K-th step, --bodies only these bodies, --float 7-digit numbers,\n"
     "      --angular-velocities and --hinge-loads add those columns per body;\n"
     "      options not given come from the model's simulation settings\n"},
    {"replay",
     "  replay RECORDING.json [--csv RESULTS.csv]\n"
     "      run a live run saved from the studio (Export > Live Run for Replay) again, with the user's pulls, torques\n"
     "      and control values at their steps: the same numbers, bit for bit (docs/model-format.md)\n"},
    {"export",
     "  export MODEL.json [simulate options] [--csv F.csv] [--plotted-csv F.csv] [--plot F.png|F.svg]\n"
     "           [--plot-quantity angle|angular-velocity|energy|hinge-force|hinge-moment|slide|slide-rate|loads|momentum|angular-momentum|centre-of-mass|measures] [--plot-component K|NAME]\n"
     "           [--plot-bodies NAME,...] [--angles cardan|axis|quaternion] [--axis X,Y,Z] [--radians] [--plot-size WxH]\n"
     "           [--image F.png] [--time T] [--view front|top|side|isometric] [--size WxH]\n"
     "           [--frames DIR] [--video F.mp4] [--fps F] [--speed S] [--from T0] [--to T1] [--trails] [--trail-window S] [--no-time-stamp]\n"
     "           [--no-shadows] [--paraview F.pvd] [--paraview-every K] [--angular-velocities] [--hinge-loads]\n"
     "      run the model, then write the results (CSV), plots (PNG/SVG), 3-D images, animation frames,\n"
     "      an MP4 video (needs ffmpeg) and a ParaView time series (.pvd + .vtp, every K-th recorded frame);\n"
     "      images and videos frame the whole motion for their size, seen from --view, with the bodies'\n"
     "      drop shadows on the floor unless --no-shadows; the 3-D exports\n"
     "      need an X display (run under xvfb-run on a headless machine)\n"},
    {"generate",
     "  generate chain --bodies N [--planar] --out F.json\n"
     "  generate branch --bodies N [--planar] --out F.json      (000 Fig. 1; 500 bodies give N = 999)\n"
     "  generate random-tree --bodies N --seed S [--planar] --out F.json\n"
     "  generate demo --out F.json                               (the planar example of 000 §5.1)\n"
     "  generate four-bar --out F.json                           (planar four-bar, a closed loop)\n"
     "  generate crank-slider --out F.json                       (004 Example 3.3: a loop with a sliding hinge)\n"
     "  generate mixed [--chain N] [--tree] --out F.json         (002 Fig. 2; --chain 238: Fig. 9; --tree: Fig. 4)\n"
     "  generate damped-double-pendulum|driven-pendulum|driven-crank-slider|servo-arm|quarter-car|stops-slider --out F.json\n"
     "                                                           (springs, dampers, drives, PD servos, struts, stops)\n"
     "  generate eight-body|eight-body-thrown|eight-body-loaded|cardan-shaft|crank-slider-printed --out F.json\n"
     "                                                           (free-floating systems, every joint type, loads on coordinates)\n"
     "  generate incline-block|dropped-chain|vehicle --out F.json (ground contact, friction, tyres on a road)\n"
     "  generate jeffcott-rotor|overhung-rotor|two-disk-rotor --out F.json (rotors on bearings, with closed forms: docs/rotors.md)\n"
     "  generate elastic-shaft [--bodies N] --out F.json         (a simply supported elastic shaft of N/2 spinning pieces; --spin 'spin*')\n"
     "  generate friswell-5-9-1|friswell-5-9-2|friswell-5-9-5|friswell-5-9-9 [--bodies N] --out F.json\n"
     "                                                           (Friswell et al. 2010's rotors: a Timoshenko shaft of N/4 pieces, default 48; --spin 'spin*')\n"
     "  generate stiff-chain [--bodies N] [--planar] [--k K] [--c C] --out F.json\n"
     "                                                           (rods with a spring K = 1e5 N m/rad, damper C = 0.1 in every hinge;\n"
     "                                                            generalized-alpha at 1e-3 s: docs/implicit-integration.md)\n"},
    {"import",
     "  import FILE.urdf|FILE.xml --out MODEL.json [--package-root DIR] [--floating-base]\n"
     "      reads a URDF model (urdfdom) or an MJCF model (MuJoCo's compiler), told apart by the root element\n"
     "      (docs/interchange.md); names every element it does not take. URDF: package:// meshes are found under\n"
     "      DIR; --floating-base lets the root link fly instead of fixing it to the ground\n"},
    {"export-model",
     "  export-model MODEL.json --out FILE.urdf|FILE.xml [--format urdf|mjcf]\n"
     "      writes the model as URDF or MJCF (format from --format or the extension); names every element the format\n"
     "      cannot hold (docs/interchange.md)\n"},
    {"info",
     "  info MODEL.json\n"
     "      bodies, hinges, degrees of freedom, tree depth, load elements, multi-input bodies\n"},
    {"study",
     "  study STUDY.json --out DIR [--threads N] [--restart]\n"
     "      a parameter study (docs/studies.md): vary parameters of a model over a grid, a list, Monte Carlo\n"
     "      or a Latin hypercube, record metrics of each run into DIR/summary.csv (one row per run, in run\n"
     "      order); runs go on N threads (default: all cores), or on MPI under mpirun -n K; a stopped study\n"
     "      resumes where it stopped, unless the study file or its model changed since (refused: --restart\n"
     "      computes every run afresh)\n"},
    {"equilibrium",
     "  equilibrium MODEL.json [--out EQ.json] [--time T] [--solver riccati|newton-euler|mass-matrix]\n"
     "      the static equilibrium from the initial state (Newton on the joint accelerations; drives at their value at T);\n"
     "      --out writes the model with the equilibrium as its initial state (docs/vibration.md)\n"},
    {"modes",
     "  modes MODEL.json [--count K] [--at equilibrium|initial|T] [--out MODES.csv] [--method auto|dense|sweep] [--solver ...]\n"
     "      natural frequencies (Hz), damping ratios and the coordinates and bodies of the K lowest modes (default 10),\n"
     "      linearised about the equilibrium (default), the initial state or the state a run reaches at T seconds;\n"
     "      rigid-body modes named as such; --out writes each mode with its shape; trees above 1000 degrees of freedom\n"
     "      take the O(N) path (Lanczos with the linearised Riccati sweep: undamped modes) (docs/vibration.md)\n"},
    {"frf",
     "  frf MODEL.json --input NAME --output QUANTITY [--from F0] [--to F1] [--points N] [--linear] [--frequencies F,...] [--at ...] [--out FRF.csv]\n"
     "      [--method auto|dense|sweep]\n"
     "      steady-state response (magnitude, dB, phase) from an input (a hinge's generalised load HINGE[.COORD],\n"
     "      BODY.fx .. BODY.mz, or the ground moved along ground.x|y|z or the contact plane's normal, road) to an\n"
     "      output (HINGE[.COORD], BODY.x|y|z, BODY.rx|ry|rz, or a hinge's load HINGE.fx .. HINGE.mz) from F0 to F1 Hz (default\n"
     "      0.1 to 10, 200 points, logarithmic unless --linear), or at the --frequencies listed (one or more, Hz,\n"
     "      ascending); trees above 1000 degrees of freedom take the complex\n"
     "      linearised Riccati sweep, O(N) per frequency (docs/vibration.md)\n"},
    {"campbell",
     "  campbell MODEL.json --spin HINGE[.angle] (--to W [--from W0] [--points N] | --speeds W1,W2,...) [--modes K] [--orders N1,N2,...]\n"
     "           [--out CAMPBELL.csv]\n"
     "      the Campbell diagram of a rotor spinning on HINGE at speeds from W0 (default 0) to W rad/s (N points, default 41)\n"
     "      (--spin H1,H2,...: parts on hinges of their own, all at that speed, as an elastic shaft's pieces on a frame that bends):\n"
     "      the K lowest modes (default 6) followed from speed to speed by their shapes (MAC), each with its damped\n"
     "      frequency, damping ratio, logarithmic decrement and whirl (forward, backward, mixed); the critical speeds\n"
     "      where a mode meets N x the spin (default 1x) and the stability threshold, both found by root finding\n"
     "      (docs/rotors.md)\n"},
    {"unbalance",
     "  unbalance MODEL.json --spin HINGE[.angle] (--to W [--from W0] [--points N] | --speeds W1,...) [--at BODY[@x,y,z];...] [--out F.csv]\n"
     "      the steady orbits that the model's unbalances drive at each speed: amplitude and phase of x and y, and the\n"
     "      orbit's major and minor semi-axes, at each bearing's journal (default) or the points given (docs/rotors.md)\n"},
    {"format",
     "  format MODEL.json [--out F.json] [--kind planar|spatial]\n"
     "      check a model file and rewrite it in canonical form; --kind converts it (pin <-> ball,\n"
     "      theta <-> rotation about z, rods <-> thin cylinders), refused if the result is invalid\n"},
};

void printUsage(std::ostream& out) {
  out << "usage: mstmm <command> [options]\n\ncommands:\n";
  for (const CommandUsage& c : kCommands) out << c.text;
  out << "  --version, --help; mstmm COMMAND --help: that command's usage\n";
}

const CommandUsage* findCommand(const std::string& name) {
  for (const CommandUsage& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

bool asksForHelp(const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") return true;
  return false;
}

/// One line: the first problem, and how many more there are.
/// Every problem of a multi-line message (a model check lists one per line),
/// each indented under the first, up to 20 of them.
std::string allProblems(const std::string& message) {
  constexpr int kShown = 20;
  std::string out;
  std::size_t start = 0;
  int line = 0, hidden = 0;
  while (start <= message.size()) {
    const std::size_t end = std::min(message.find('\n', start), message.size());
    if (end > start) {  // blank lines (a parser's trailing newline) are no problem
      if (line < kShown) out += (line ? "\n  " : "") + message.substr(start, end - start);
      else ++hidden;
      ++line;
    }
    start = end + 1;
  }
  if (hidden) out += "\n  (and " + std::to_string(hidden) + " more problem" + (hidden > 1 ? "s" : "") + ")";
  return out;
}

/// What held the memory back: the address-space limit (ulimit -v), or the system.
std::string memoryLimitText() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
    return "the process may map at most " + mstmm::formatNumber(static_cast<double>(limit.rlim_cur) / (1 << 20)) + " MiB (ulimit -v), and needed more";
  return "the system gave no more; " + mstmm::formatNumber(mstmm::cli::peakMemoryMiB()) + " MiB were in use at the most";
}

/// The command's exit code; its errors printed, every problem a line.
int runCommand(const std::string& command, const std::vector<std::string>& args) {
  try {
    if (command == "simulate") return mstmm::cli::simulateCommand(args);
    if (command == "generate") return mstmm::cli::generateCommand(args);
    if (command == "info") return mstmm::cli::infoCommand(args);
    if (command == "export") return mstmm::cli::exportCommand(args);
    if (command == "format") return mstmm::cli::formatCommand(args);
    if (command == "replay") return mstmm::cli::replayCommand(args);
    if (command == "study") return mstmm::cli::studyCommand(args);
    if (command == "import") return mstmm::cli::importCommand(args);
    if (command == "export-model") return mstmm::cli::exportModelCommand(args);
    if (command == "equilibrium") return mstmm::cli::equilibriumCommand(args);
    if (command == "modes") return mstmm::cli::modesCommand(args);
    if (command == "frf") return mstmm::cli::frfCommand(args);
    if (command == "campbell") return mstmm::cli::campbellCommand(args);
    if (command == "unbalance") return mstmm::cli::unbalanceCommand(args);
    std::cerr << "mstmm: error: unknown command '" << command << "' (try mstmm --help)\n";
    return 2;
  } catch (const mstmm::Error& e) {
    // A signal that cancelled an analysis is said once, by main, not as an error too.
    if (mstmm::cli::interruptSignal() == 0) std::cerr << "mstmm: error: " << allProblems(e.what()) << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "mstmm: error: " << command << " ran out of memory (" << memoryLimitText()
              << "); nothing was written: make the model or the run smaller (fewer bodies, a shorter run, --every N) or allow the process more memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "mstmm: error: " << allProblems(e.what()) << "\n";
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  mstmm::installFclShapeQuery();  // contacts between bodies
  mstmm::installCvodeBdf();        // the stiff BDF integrator
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    printUsage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "help") {  // mstmm help [COMMAND]
    const CommandUsage* c = args.size() > 1 ? findCommand(args[1]) : nullptr;
    if (c) std::cout << "usage:\n" << c->text;
    else printUsage(std::cout);
    return 0;
  }
  if (args[0] == "--version") {
    std::cout << "mstmm " << mstmm::kVersion << "\n";
    return 0;
  }
  const std::string command = args[0];
  args.erase(args.begin());
  if (const CommandUsage* c = findCommand(command); c && asksForHelp(args)) {
    std::cout << "usage:\n" << c->text;
    return 0;
  }
  mstmm::cli::catchInterrupt();  // from the start: a load or save that cannot stop part way ends with a message
  const int status = runCommand(command, args);
  if (const int signal = mstmm::cli::interruptSignal(); signal != 0 && status != 128 + signal) {
    std::cerr << "mstmm: interrupted by " << (signal == SIGTERM ? "SIGTERM" : "SIGINT")
              << " (the step under way was finished: nothing is left half-written)\n";
    return 128 + signal;
  }
  return status;
}
