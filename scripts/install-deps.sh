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
  libvtk9.1  # VTK's libraries; its headers and CMake files: unpacked_vtk below
  # what VTK's CMake files look for when render/ asks for its modules
  libglew-dev libgl-dev libx11-dev libfreetype-dev libexpat1-dev libtbb-dev
  libdouble-conversion-dev liblz4-dev liblzma-dev zlib1g-dev libutfcpp-dev
  libpng-dev libjpeg-dev libtiff-dev libjsoncpp-dev
  libgtest-dev  # configured with the rest (tests/), though only scripts/test.sh builds the tests
  pybind11-dev python3-dev python3-numpy
  openmpi-bin libopenmpi-dev  # studies on MPI (VTK needs them too)
  libmujoco-dev  # MJCF import through MuJoCo's compiler, and the tests' independent reference
  libqhull-dev  # MuJoCo's CMake target names /usr/include/libqhull_r, which libmujoco-dev does not depend on
  liburdfdom-dev  # URDF import (urdfdom, the ROS parser)
  libfcl-dev  # shape queries of contacts between bodies (collision/)
  libsundials-cvode6  # CVODE, the stiff BDF integrator (stiff/); its headers: unpacked_sundials below
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
# Headers and CMake files of two libraries are unpacked from their Debian
# -dev packages into .deps/ rather than installed, because those packages
# depend on far more than MSTMM Studio uses; the libraries themselves are
# the runtime packages above, of the same version.
#   CVODE: libsundials-dev depends on PETSc, hypre and gfortran, some 800 MB
#   that CVODE's serial solver does not use.
#   VTK: libvtk9-dev depends on a JDK, GDAL, HDF5 with MPI, NetCDF, the
#   PostgreSQL, MySQL and FFmpeg -dev packages, Tcl/Tk and VTK's Python and
#   Java wrappers (over 300 MB, and minutes of a fresh set-up) for modules
#   render/ does not use; what render/'s modules need is listed above.
unpack_dev() {  # PACKAGE RUNTIME_PACKAGE DIR
  local version
  version=$(dpkg-query -W -f '${Version}' "$2")
  rm -rf ".deps/$3" && mkdir -p ".deps/$3"
  (cd .deps && apt-get download -q "$1=$version" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
  dpkg-deb -x .deps/"$1"_*.deb ".deps/$3"
  rm -f .deps/"$1"_*.deb
  echo "install-deps: $1 ($version) unpacked in .deps/$3"
}
unpacked_sundials() {
  [ -f /usr/include/cvode/cvode.h ] || [ -f .deps/sundials/usr/include/cvode/cvode.h ] && return 0
  [ -n "$check" ] && return 1
  unpack_dev libsundials-dev libsundials-cvode6 sundials
}
# VTK's CMake files name each library by its path under their own prefix
# (.deps/vtk/usr): the runtime's libraries are linked there. What no
# package here provides is declared absent in that copy: the Python and Java
# wrappers (whose targets' files CMake would require), and the check of the
# files behind the Qt 5 libraries and VTK's tools (a warning each).
unpacked_vtk() {
  local lib=usr/lib/x86_64-linux-gnu
  [ -f /usr/include/vtk-9.1/vtkVersion.h ] || [ -f .deps/vtk/$lib/cmake/vtk-9.1/vtk-config.cmake ] && return 0
  [ -n "$check" ] && return 1
  unpack_dev libvtk9-dev libvtk9.1 vtk
  ln -sf /$lib/libvtk*-9.1.so.* .deps/vtk/$lib/
  local targets=.deps/vtk/$lib/cmake/vtk-9.1/VTK-targets-relwithdebinfo.cmake target file
  grep -o '_cmake_import_check_files_for_VTK::[A-Za-z0-9_]* "[^"]*"' "$targets" |
    while read -r target file; do
      target=${target#_cmake_import_check_files_for_}
      file=${file//\"/}
      [ -e ".deps/vtk/usr${file#'${_IMPORT_PREFIX}'}" ] ||
        sed -i "/^list(APPEND _cmake_import_check_targets $target )\$/d" "$targets"
    done
  sed -i -E 's/^set\("\$\{CMAKE_FIND_PACKAGE_NAME\}_WRAP_(PYTHON|JAVA)" "ON"\)/set("${CMAKE_FIND_PACKAGE_NAME}_WRAP_\1" "OFF")/' \
    .deps/vtk/$lib/cmake/vtk-9.1/vtk-config.cmake
}
unpacked_dev_files() {
  [ "$set_name" = --engine ] && return 0
  unpacked_sundials && unpacked_vtk
}
cd "$(dirname "$0")/.."
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ -n "$check" ]; then [ ${#missing[@]} -eq 0 ] && unpacked_dev_files; exit; fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  unpacked_dev_files
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
unpacked_dev_files
