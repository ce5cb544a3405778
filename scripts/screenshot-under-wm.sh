#!/usr/bin/env bash
# A screenshot of the studio as a user sees it: under a window manager
# (openbox) on a virtual 1280 x 800 screen, a model opened, then the mouse
# and keyboard steps given, the whole screen saved as PNG. For the
# screenshots in docs/screenshots (a bare X server hides what a title bar
# pushes off screen). Needs openbox, xdotool, xwininfo and netpbm (installed
# if missing).
# Usage: scripts/screenshot-under-wm.sh MODEL.json OUT.png [click X Y | scroll X Y N | key KEY | type TEXT | wait S]...
# (scroll: N wheel steps up, zooming in, at X Y; key takes xdotool's options: key "--repeat 5 Right")
# e.g.   scripts/screenshot-under-wm.sh resources/examples/vehicle.json guide.png click 1100 230 key F1
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 MODEL.json OUT.png [click X Y | scroll X Y N | key KEY | type TEXT | wait S]..." >&2; exit 2; }
model=$(realpath "$1"); out=$(realpath -m "$2"); shift 2
for tool in openbox xdotool xwdtopnm xwininfo; do
  command -v $tool >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends openbox xdotool netpbm x11-apps x11-utils >/dev/null
done
steps=""
while [ $# -gt 0 ]; do
  case "$1" in
    click) steps+="xdotool mousemove $2 $3 click 1; sleep 0.5; "; shift 3 ;;
    scroll) steps+="xdotool mousemove $2 $3 click --repeat $4 --delay 100 $([ "$4" -gt 0 ] && echo 4 || echo 5); sleep 0.5; "; shift 4 ;;
    key) steps+="xdotool key $2; sleep 1; "; shift 2 ;;
    type) steps+="xdotool type '$2'; sleep 0.5; "; shift 2 ;;
    wait) steps+="sleep $2; "; shift 2 ;;
    *) echo "unknown step: $1" >&2; exit 2 ;;
  esac
done
studio=$PWD/build/app/mstmm-studio
home=$(mktemp -d)  # fresh settings: the window as a first start opens it
cat > "$home/shot.sh" <<SCRIPT
openbox & sleep 1
"$studio" "$model" &
for i in \$(seq 60); do xdotool search --name "MSTMM Studio" >/dev/null 2>&1 && break; sleep 0.5; done
sleep 4
xdotool windowactivate --sync \$(xdotool search --name "MSTMM Studio" | head -1) 2>/dev/null || true
$steps
# The root's image leaves out windows of another depth (the studio's
# dialogs are 32-bit: X's GetImage of the root leaves them black), so each
# visible named window but the main one is read on its own and pasted where
# it stands.
xwd -root -silent | xwdtopnm 2>/dev/null > "\$HOME/shot.pnm"
for id in \$(xdotool search --onlyvisible --name '.' 2>/dev/null); do
  case "\$(xdotool getwindowname \$id)" in *"MSTMM Studio"*|"") continue ;; esac
  X=\$(xwininfo -id \$id | awk '/Absolute upper-left X/ {print \$4}'); Y=\$(xwininfo -id \$id | awk '/Absolute upper-left Y/ {print \$4}')
  xwd -silent -id \$id | xwdtopnm 2>/dev/null > "\$HOME/window.pnm" &&
    pnmpaste "\$HOME/window.pnm" \$X \$Y "\$HOME/shot.pnm" > "\$HOME/pasted.pnm" 2>/dev/null && mv "\$HOME/pasted.pnm" "\$HOME/shot.pnm"
done
pnmtopng "\$HOME/shot.pnm" > "$out"
pkill -f "$studio"; pkill openbox; true
SCRIPT
HOME=$home XDG_CONFIG_HOME=$home xvfb-run -a -s "-screen 0 1280x800x24" sh "$home/shot.sh" 2>/dev/null
rm -rf "$home"
echo "screenshot: $out"
