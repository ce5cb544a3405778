#!/usr/bin/env bash
# Installs the dependencies, builds, and runs MSTMM Studio on the paper's
# demonstration example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
example=resources/examples/riccati-demo-planar.json
build/app/mstmm info "$example"
build/app/mstmm simulate "$example" --out build/riccati-demo-planar.csv
echo "results: build/riccati-demo-planar.csv"
