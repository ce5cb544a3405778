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
# its own and the ones before it. The includes that still run back up are
# listed here by file until they move (../shared/docs/structure.md, "the
# spec tier apart"): the model owns its compiled loads and reads the loads'
# specs, and the applied loads read the state's layout and poses.
inner_order="math model loads dynamics sim analysis,plot io study"
known_back_up="core/model/model_spec.hpp:core/loads/ core/model/model.hpp:core/loads/ core/model/model.cpp:core/loads/"
known_back_up+=" core/model/validation.cpp:core/loads/ core/loads/applied_loads.hpp:core/dynamics/ core/loads/load_channels.cpp:core/dynamics/"
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
    case " $known_back_up " in *" $file:core/$target/ "*) continue ;; esac
    echo "core/$folder/ must not include core/$target/ (core's order: $inner_order): $hit"
    status=1
  done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"core/[a-z_]+/' "core/$folder" --include='*.hpp' --include='*.cpp' || true)
done
[ $status -eq 0 ] && echo "layers: core, collision, stiff, interchange, render, gui and the core suites include only what they may; inside core: $inner_order"
exit $status
