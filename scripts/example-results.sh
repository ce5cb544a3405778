#!/usr/bin/env bash
# Every bundled example's `mstmm simulate` results (with hinge loads and
# angular velocities, full precision), so that two builds can be compared
# byte for byte: a refactor that moves code without changing the arithmetic
# must leave every file identical (issue 52).
#   scripts/example-results.sh OUT_DIR [MSTMM_CLI]       write the results
#   scripts/example-results.sh --compare DIR_A DIR_B     compare two folders
#   scripts/example-results.sh --commits A B             build both commits and compare
# --commits builds the engine alone (MSTMM_CORE_ONLY) with -ffp-contract=off
# in throwaway worktrees: GCC fuses multiplies and adds in C++ even with
# -std=c++20, and where it does depends on what is inlined, so code that
# moves between files changes the last bits of a default build without
# changing the arithmetic the source writes. (About 20 minutes on 2 cores.)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
if [ "${1:-}" = "--compare" ]; then
  a=$2 b=$3 differ=0 same=0
  for f in "$a"/*.csv; do
    name=$(basename "$f")
    if cmp -s "$f" "$b/$name"; then same=$((same + 1)); else echo "differs: $name"; differ=$((differ + 1)); fi
  done
  echo "example results: $same identical, $differ different"
  [ "$differ" -eq 0 ]
  exit
fi
if [ "${1:-}" = "--commits" ]; then
  work=$(mktemp -d)
  trap 'git -C "$root" worktree remove --force "$work/a" 2>/dev/null; git -C "$root" worktree remove --force "$work/b" 2>/dev/null; rm -rf "$work"' EXIT
  for side in a b; do
    commit=$([ $side = a ] && echo "$2" || echo "$3")
    git -C "$root" worktree add --detach "$work/$side" "$commit" >/dev/null
    # CVODE's headers, when install-deps.sh unpacked them into this
    # checkout's .deps: the worktree has none of its own.
    cvode=()
    [ -d "$root/.deps/sundials/usr/include" ] && cvode=(-DMSTMM_CVODE_INCLUDE_DIR="$root/.deps/sundials/usr/include")
    cmake -S "$work/$side" -B "$work/$side/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMSTMM_CORE_ONLY=ON \
      "${cvode[@]}" -DCMAKE_CXX_FLAGS=-ffp-contract=off $(MSTMM_UNITY_BUILD=ON "$root/scripts/compiler-cache.sh") >/dev/null
    cmake --build "$work/$side/build" -j2 --target mstmm >/dev/null
    "$0" "$work/results-$side" "$work/$side/build/app/mstmm"
  done
  echo "$2 against $3:"
  "$0" --compare "$work/results-a" "$work/results-b"
  exit
fi
out=${1:?usage: example-results.sh OUT_DIR [MSTMM_CLI]}
cli=${2:-build/app/mstmm}
mkdir -p "$out"
rm -f "$out"/*.csv "$out"/*.log
for model in resources/examples/*.json; do
  name=$(basename "$model" .json)
  # Short runs: long enough for every element to act, short enough to repeat.
  "$cli" simulate "$model" --t-end 0.2 --hinge-loads --angular-velocities --out "$out/$name.csv" >/dev/null 2>"$out/$name.log" ||
    { cat "$out/$name.log"; exit 1; }
done
echo "wrote $(ls "$out"/*.csv | wc -l) results to $out"
