#!/usr/bin/env bash
# What a hinge type is, lives in core/model/joints/ (issue 52): one file per
# type and one dispatch. Outside that folder at most two `switch` statements
# on HingeType may remain (the file format's names are a table, not a
# switch). Prints every switch on HingeType outside the folder and fails if
# there are more than the allowance.
set -uo pipefail
cd "$(dirname "$0")/.."
allowed=${1:-2}
# A switch is on HingeType when the first case label after it names one.
hits=$(find core interchange collision gui render app python -name '*.cpp' -o -name '*.hpp' | grep -v '^core/model/joints/' | sort |
  xargs awk '
    /switch[[:space:]]*\(/ { pending = FNR; where = FILENAME ":" FNR; next }
    pending && /case[[:space:]]/ { if ($0 ~ /case[[:space:]]+HingeType::/) print where; pending = 0 }
  ')
count=$(printf '%s' "$hits" | grep -c . || true)
[ -n "$hits" ] && echo "$hits"
echo "switches on HingeType outside core/model/joints/: $count (at most $allowed)"
[ "$count" -le "$allowed" ]
