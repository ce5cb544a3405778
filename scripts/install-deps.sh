#!/usr/bin/env bash
# Installs the Debian 12 packages MSTMM Studio needs: to compile the engine
# alone (--engine: the compiler, CMake and header-only libraries, which
# scripts/setup.sh installs first so that the engine compiles while the
# rest installs), to build and run the application (--app: scripts/setup.sh
# and scripts/package.sh), or that and what the tests need besides (no
# argument: scripts/test.sh). Skips apt-get entirely when everything is
# already there; --check only says (exit status) whether it is.
# Usage: scripts/install-deps.sh [--engine|--app|--all] [--check]
set -euo pipefail
set_name=${1:---all}
case "$set_name" in --engine|--app|--all) ;; *) echo "usage: $0 [--engine|--app|--all] [--check]" >&2; exit 2 ;; esac
check=""
[ "${2:-}" = --check ] && check=1
engine=(
  build-essential cmake ninja-build pkg-config ccache
  libeigen3-dev nlohmann-json3-dev
  libspectra-dev  # Lanczos with shift-and-invert (the lowest modes of large models), header-only on Eigen
)
packages=("${engine[@]}"
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-qpa-plugins
  libvtk9-dev
  libgtest-dev  # configured with the rest (tests/), though only scripts/test.sh builds the tests
  pybind11-dev python3-dev python3-numpy
  openmpi-bin libopenmpi-dev  # studies on MPI (VTK needs them too)
  libmujoco-dev  # MJCF import through MuJoCo's compiler, and the tests' independent reference
  liburdfdom-dev  # URDF import (urdfdom, the ROS parser)
  libfcl-dev  # shape queries of contacts between bodies (collision/)
  libsundials-cvode6  # CVODE, the stiff BDF integrator (stiff/); its headers: sundials_headers below
  xvfb xauth libgl1-mesa-dri fonts-dejavu-core  # the studio's first run without a display (scripts/setup.sh)
)
[ "$set_name" = --engine ] && packages=("${engine[@]}")
if [ "$set_name" = --all ]; then
  packages+=(
    libbenchmark-dev python3-pytest
    libmujoco-samples  # real MJCF models the project did not write, imported by the tests
    dart-doc  # real URDF robot descriptions (KUKA KR5, Barrett WAM, DRC-Hubo, Atlas) the tests import
    ffmpeg  # optional for users (MP4 export); installed so the tests cover it
    clang libclang-rt-14-dev llvm-14  # sanitizer builds and fuzzing (CI); llvm-14 names the frames of their reports
    lld  # links the sanitizer builds (scripts/test-sanitizers.sh) in a third of the time
  )
fi
# CVODE's headers come from Debian's libsundials-dev, unpacked into
# .deps/sundials (not installed: that package depends on PETSc, hypre and
# gfortran, some 800 MB that CVODE's serial solver does not use); the
# library is libsundials-cvode6's, of the same version.
sundials_headers() {
  [ "$set_name" = --engine ] && return 0
  [ -f /usr/include/cvode/cvode.h ] || [ -f .deps/sundials/usr/include/cvode/cvode.h ] && return 0
  [ -n "$check" ] && return 1
  local version
  version=$(dpkg-query -W -f '${Version}' libsundials-cvode6)
  rm -rf .deps/sundials && mkdir -p .deps/sundials
  (cd .deps && apt-get download -q "libsundials-dev=$version" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
  dpkg-deb -x .deps/libsundials-dev_*.deb .deps/sundials
  rm -f .deps/libsundials-dev_*.deb
  echo "install-deps: CVODE's headers ($version) in .deps/sundials"
}
cd "$(dirname "$0")/.."
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ -n "$check" ]; then [ ${#missing[@]} -eq 0 ] && sundials_headers; exit; fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  sundials_headers
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -q
# dpkg's unsafe I/O skips the fsync after every file it unpacks (as
# Debian's container images do): in a fresh root the 550 MB of packages
# took 250-430 s with those syncs, the variance being the disk's; a crash during
# the install may leave files to reinstall (apt-get install --reinstall).
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends -o Dpkg::Options::=--force-unsafe-io "${missing[@]}"
sundials_headers
