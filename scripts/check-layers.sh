#!/usr/bin/env bash
# The layers' dependencies point one way (docs/architecture.md): core/
# includes no Qt, VTK, gui/, render/, app/, interchange/, collision/ or
# stiff/ header (nor MuJoCo's, FCL's or SUNDIALS'); collision/ (FCL) and
# stiff/ (CVODE) no Qt, VTK, gui/,
# render/, app/ or interchange/; interchange/ no Qt, VTK, gui/, render/ or app/; render/ no gui/
# or app/; gui/ no app/. Prints each offending line and fails if there is one.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
check() {  # folder, pattern of forbidden includes, what it must not use
  local hits
  hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]($2)" "$1" --include='*.hpp' --include='*.cpp' --include='*.h' --include='*.in' || true)
  if [ -n "$hits" ]; then
    echo "$1/ must not include $3:"
    echo "$hits"
    status=1
  fi
}
check core 'Q[A-Za-z]|qt|vtk|gui/|render/|app/|interchange/|collision/|stiff/|mujoco|fcl/|cvode/|sundials/|nvector/|sunlinsol/' "Qt, VTK, gui/, render/, app/, interchange/, collision/, stiff/, MuJoCo, FCL or SUNDIALS headers"
check collision 'Q[A-Za-z]|qt|vtk|gui/|render/|app/|interchange/|stiff/' "Qt, VTK, gui/, render/, app/, interchange/ or stiff/ headers"
check stiff 'Q[A-Za-z]|qt|vtk|gui/|render/|app/|interchange/|collision/' "Qt, VTK, gui/, render/, app/, interchange/ or collision/ headers"
check interchange 'Q[A-Za-z]|qt|vtk|gui/|render/|app/' "Qt, VTK, gui/, render/ or app/ headers"
check render 'gui/|app/' "gui/ or app/ headers"
check gui 'app/' "app/ headers"
check tests/core 'Q[A-Za-z]|qt|vtk|gui/|render/' "Qt, VTK, gui/ or render/ headers (the core suites build without them)"
# Inside core the folders stand in one order (issue 52): each includes only
# its own and the ones before it. spec/ holds what the user gives (the
# model's, the loads' and the beams' specs), below the compiled tiers.
inner_order="math spec model loads dynamics sim analysis,plot io study"
rank=0
declare -A rank_of
for level in $inner_order; do
  for folder in ${level//,/ }; do rank_of[$folder]=$rank; done
  rank=$((rank + 1))
done
for folder in "${!rank_of[@]}"; do
  while IFS= read -r hit; do
    [ -z "$hit" ] && continue
    file=${hit%%:*}
    target=$(sed -E 's/.*#[[:space:]]*include[[:space:]]*"core\/([a-z_]+)\/.*/\1/' <<<"$hit")
    [ -n "${rank_of[$target]:-}" ] || continue
    [ "${rank_of[$target]}" -le "${rank_of[$folder]}" ] && continue
    echo "core/$folder/ must not include core/$target/ (core's order: $inner_order): $hit"
    status=1
  done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"core/[a-z_]+/' "core/$folder" --include='*.hpp' --include='*.cpp' || true)
done
[ $status -eq 0 ] && echo "layers: core, collision, stiff, interchange, render, gui and the core suites include only what they may; inside core: $inner_order"
exit $status
