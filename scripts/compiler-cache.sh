#!/usr/bin/env bash
# Prints the CMake arguments that make builds fast:
# - ccache, when it is there, with paths taken relative to the checkout, so
#   that the full build reuses the engine's objects from the core-only build
#   (the same flags), and a second run of scripts/test.sh recompiles only
#   what changed;
# - unity batches (CMAKE_UNITY_BUILD) as MSTMM_UNITY_BUILD says (.ci/run
#   sets ON): on a fresh machine, with nothing cached, compiling eight source
#   files at once parses Eigen, Qt and VTK once for the eight and saves about
#   40 % of the compile time; at a desk, with ccache, one file per unit
#   recompiles less after an edit. Unset, a build folder's first
#   configuration gets them (its first build is a cold one) and a later one
#   keeps what the folder has (MSTMM_UNITY_BUILD=OFF for a desk's tree).
# Usage: cmake -B BUILD_DIR ... $(scripts/compiler-cache.sh BUILD_DIR)
root="$(cd "$(dirname "$0")/.." && pwd)"
if command -v ccache >/dev/null 2>&1; then
  # The suites' precompiled header is cached too (ccache's manual, "Precompiled headers").
  echo "-DCMAKE_CXX_COMPILER_LAUNCHER=env;CCACHE_BASEDIR=$root;CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime;ccache -DCMAKE_C_COMPILER_LAUNCHER=env;CCACHE_BASEDIR=$root;ccache"
fi
build_dir=${1:-build}
case "$build_dir" in /*) ;; *) build_dir="$root/$build_dir" ;; esac
if [ -n "${MSTMM_UNITY_BUILD:-}" ]; then
  echo "-DCMAKE_UNITY_BUILD=$MSTMM_UNITY_BUILD"
elif [ ! -f "$build_dir/CMakeCache.txt" ]; then
  echo "-DCMAKE_UNITY_BUILD=ON"
fi
