#!/usr/bin/env bash
# Prints the CMake arguments that compile through ccache when it is there,
# with paths taken relative to the checkout, so that the full build reuses
# the engine's objects from the core-only build (the same flags), and a
# second run of scripts/test.sh recompiles only what changed.
# Usage: cmake ... $(scripts/compiler-cache.sh)
root="$(cd "$(dirname "$0")/.." && pwd)"
if command -v ccache >/dev/null 2>&1; then
  echo "-DCMAKE_CXX_COMPILER_LAUNCHER=env;CCACHE_BASEDIR=$root;ccache -DCMAKE_C_COMPILER_LAUNCHER=env;CCACHE_BASEDIR=$root;ccache"
fi
