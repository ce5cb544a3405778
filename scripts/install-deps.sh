#!/usr/bin/env bash
# Installs the Debian 12 packages MSTMM Studio needs: to build and run the
# application (--app: scripts/setup.sh and scripts/package.sh), or that and
# what the tests need besides (no argument: scripts/test.sh).
# Skips apt-get entirely when everything is already there.
# Usage: scripts/install-deps.sh [--app]
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config ccache
  libeigen3-dev nlohmann-json3-dev
  libspectra-dev  # Lanczos with shift-and-invert (the lowest modes of large models), header-only on Eigen
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-qpa-plugins
  libvtk9-dev
  libgtest-dev  # configured with the rest (tests/), though only scripts/test.sh builds the tests
  pybind11-dev python3-dev python3-numpy
  openmpi-bin libopenmpi-dev  # studies on MPI (VTK needs them too)
  libmujoco-dev  # MJCF import through MuJoCo's compiler, and the tests' independent reference
  liburdfdom-dev  # URDF import (urdfdom, the ROS parser)
  libfcl-dev  # shape queries of contacts between bodies (collision/)
  xvfb xauth libgl1-mesa-dri fonts-dejavu-core  # the studio's first run without a display (scripts/setup.sh)
)
if [ "${1:-}" != "--app" ]; then
  packages+=(
    libbenchmark-dev python3-pytest
    libmujoco-samples  # real MJCF models the project did not write, imported by the tests
    dart-doc  # real URDF robot descriptions (KUKA KR5, Barrett WAM, DRC-Hubo, Atlas) the tests import
    ffmpeg  # optional for users (MP4 export); installed so the tests cover it
    clang libclang-rt-14-dev llvm-14  # sanitizer builds and fuzzing (CI); llvm-14 names the frames of their reports
    lld  # links the sanitizer builds (scripts/test-sanitizers.sh) in a third of the time
  )
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
