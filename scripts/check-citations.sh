#!/usr/bin/env bash
# Every section of docs/equations.md that the code cites ("equations.md §3.3")
# exists there as a heading, and core/ cites no document outside the
# repository. Prints each dangling citation and fails if there is one.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
headings=$(grep -oE '^#{2,3} [0-9]+(\.[0-9]+)?' docs/equations.md | awk '{print $2}')
for cited in $(grep -rhoE 'equations\.md §[0-9]+(\.[0-9]+)?' core render gui app python docs tests | grep -oE '[0-9]+(\.[0-9]+)?$' | sort -u); do
  if ! grep -qx "$cited" <<< "$headings"; then
    echo "equations.md §$cited is cited but docs/equations.md has no such section"
    status=1
  fi
done
outside=$(grep -rnE 'shared/docs|shared/refs|method\.md' core || true)
if [ -n "$outside" ]; then
  echo "core/ cites documents outside the repository (cite docs/equations.md instead):"
  echo "$outside"
  status=1
fi
[ $status -eq 0 ] && echo "citations: every equations.md section cited exists; core cites nothing outside the repository"
exit $status
