#!/usr/bin/env bash
# Installs the dependencies, builds, and runs MSTMM Studio on the paper's
# demonstration example. With a display the window opens; on a machine
# without one the application runs the example under a virtual X server,
# saves a screenshot of its window, and the command-line tool runs it too.
# It builds what a user runs (the studio, the CLI, their man pages and the
# Python module; `cmake --install build` then installs them),
# not the tests: scripts/test.sh builds those.
#
# On a fresh machine the Debian packages take about as long to install as
# the program to compile, and installing them keeps one of two cores busy.
# So the compiler and the engine's header-only libraries come first, and
# the engine (core/, a third of the compile, needing nothing else) compiles
# while Qt, VTK and the rest install; the full build then finds its objects
# done (the same build folder, the same commands).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(mstmm-studio mstmm mstmm_python mstmm-man-pages)
if ! scripts/install-deps.sh --app --check; then
  scripts/install-deps.sh --engine
  mkdir -p build
  scripts/install-deps.sh --app > build/install-deps.log 2>&1 &
  installing=$!
  echo "setup: compiler and engine headers installed at ${SECONDS} s; the engine compiles while the rest installs"
  MSTMM_ENGINE_ONLY=ON scripts/build.sh mstmm_core ||
    echo "setup: the engine's early build failed; the full build below tries again"
  echo "setup: engine compiled at ${SECONDS} s"
  wait $installing || { cat build/install-deps.log; echo "setup: installing the packages failed" >&2; exit 1; }
  echo "setup: all packages installed at ${SECONDS} s (build/install-deps.log)"
fi
scripts/build.sh "${targets[@]}"
echo "setup: built at ${SECONDS} s"
example=resources/examples/riccati-demo-planar.json
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec build/app/mstmm-studio "$example"
fi
mkdir -p build/artifacts
xvfb-run -a -s "-screen 0 1920x1080x24" \
  build/app/mstmm-studio "$example" --run --screenshot build/artifacts/studio-demo.png --size 1280x800
echo "mstmm-studio ran the demonstration example headless: build/artifacts/studio-demo.png"
build/app/mstmm info "$example"
build/app/mstmm simulate "$example" --out build/riccati-demo-planar.csv
echo "results: build/riccati-demo-planar.csv"
