#!/usr/bin/env bash
# Times the README's set-up command as a new user meets it: a fresh Debian
# 12 root (debootstrap --variant=minbase, in build/setup-root), a fresh
# clone of this checkout's HEAD in it, no compiler cache, and then
# scripts/setup.sh (apt-get included) run in it. Prints the seconds each
# part took (the installs and builds interleave; build/time-setup.log has
# the whole output). Runs as root; about 10 minutes and 4 GB of disk.
# Usage: scripts/time-setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD/build/setup-root
source scripts/lib/fresh-root.sh
trap unmount EXIT
make_root
git clone -q . "$root/root/mstmm-studio"
echo "time-setup: a fresh root, a fresh clone of $(git rev-parse --short HEAD); scripts/setup.sh runs"
start=$(date +%s)
in_root sh -c 'cd /root/mstmm-studio && scripts/setup.sh' > build/time-setup.log 2>&1 ||
  { tail -30 build/time-setup.log; echo "time-setup: scripts/setup.sh failed" >&2; exit 1; }
end=$(date +%s)
grep -E '^setup: ' build/time-setup.log || true
echo "time-setup: scripts/setup.sh took $((end - start)) s in a fresh root; its screenshot: build/artifacts/setup-root-demo.png"
mkdir -p build/artifacts
cp "$root/root/mstmm-studio/build/artifacts/studio-demo.png" build/artifacts/setup-root-demo.png
# What the packages weighed: apt's own lines from the two installs.
grep -hE '^(Need to get|After this operation)' build/time-setup.log "$root/root/mstmm-studio/build/install-deps.log" | sed 's/^/time-setup: apt: /' || true
unmount
rm -rf --one-file-system "$root"
