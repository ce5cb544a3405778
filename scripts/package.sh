#!/usr/bin/env bash
# Builds the Debian package of MSTMM Studio: the studio, the CLI, their man
# pages and the Python module (only those targets), then CPack
# (packaging/package.cmake) writes build/mstmm-studio_VERSION_ARCH.deb.
# Install it with: apt-get install ./build/mstmm-studio_*.deb
# scripts/test-package.sh installs it into a fresh Debian 12 root and checks it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --app
scripts/build.sh mstmm-studio mstmm mstmm_python mstmm-man-pages
rm -f build/mstmm-studio_*.deb
(cd build && cpack -G DEB >/dev/null)
ls build/mstmm-studio_*.deb
