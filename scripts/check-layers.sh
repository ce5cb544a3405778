#!/usr/bin/env bash
# The layers' dependencies point one way (docs/architecture.md): core/
# includes no Qt, VTK, gui/, render/, app/, interchange/ or collision/
# header (nor MuJoCo's or FCL's); collision/ (FCL) no Qt, VTK, gui/,
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
check core 'Q[A-Za-z]|qt|vtk|gui/|render/|app/|interchange/|collision/|mujoco|fcl/' "Qt, VTK, gui/, render/, app/, interchange/, collision/, MuJoCo or FCL headers"
check collision 'Q[A-Za-z]|qt|vtk|gui/|render/|app/|interchange/' "Qt, VTK, gui/, render/, app/ or interchange/ headers"
check interchange 'Q[A-Za-z]|qt|vtk|gui/|render/|app/' "Qt, VTK, gui/, render/ or app/ headers"
check render 'gui/|app/' "gui/ or app/ headers"
check gui 'app/' "app/ headers"
check tests/core 'Q[A-Za-z]|qt|vtk|gui/|render/' "Qt, VTK, gui/ or render/ headers (the core suites build without them)"
[ $status -eq 0 ] && echo "layers: core, collision, interchange, render, gui and the core suites include only what they may"
exit $status
