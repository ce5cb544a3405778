#!/usr/bin/env bash
# Configures and builds MSTMM Studio (Release) into ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release $(scripts/compiler-cache.sh)
cmake --build build -j2
