#!/usr/bin/env bash
# The Debian package on a machine that has never built MSTMM Studio: a fresh
# Debian 12 root (debootstrap --variant=minbase into build/package-root)
# gets the package's dependencies from Debian and nothing else (no -dev
# package may come with them), then the package, and the installed programs
# are run as a user would: mstmm info and simulate on an installed example,
# `import mstmm` with no path, man pages, the desktop entry
# (desktop-file-validate), the MIME type of a model file (xdg-mime), and the
# studio opened on a model by its MIME type (xdg-open, through the desktop
# entry, under a window manager on a virtual X server), whose screenshot is
# left in build/artifacts/installed-studio.png. Then the package is purged,
# and the root must hold exactly the files it held before the install.
# Runs as root (debootstrap, chroot, mount). Takes about 3 minutes.
# Usage: scripts/test-package.sh   (after scripts/package.sh or scripts/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/package.sh
deb=$(ls build/mstmm-studio_*.deb)
root=$PWD/build/package-root
source scripts/lib/fresh-root.sh
trap unmount EXIT
make_root
fail() { echo "test-package: FAILED: $*" >&2; exit 1; }

in_root apt-get update -q >/dev/null
# What a user's desktop has (X, a window manager, the MIME and menu tools,
# man) and the package's dependencies as the package states them.
in_root apt-get install -y -q --no-install-recommends \
  xvfb xauth openbox x11-apps x11-utils netpbm xdg-utils libfile-mimeinfo-perl shared-mime-info \
  desktop-file-utils man-db procps >/dev/null
in_root apt-get satisfy -y -q --no-install-recommends "$(dpkg-deb -f "$deb" Depends)" >/dev/null
dev=$(in_root dpkg-query -W -f '${Package}\n' | grep -- '-dev$' || true)
[ -z "$dev" ] || fail "the dependencies brought development packages: $dev"
echo "test-package: dependencies from Debian alone: $(in_root dpkg-query -W -f '${Package}\n' | wc -l) packages in the root, none -dev"

snapshot() {
  chroot "$root" find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /tmp -o -path /run -o -path /root \
    -o -path /var/lib/dpkg -o -path /var/lib/apt -o -path /var/cache -o -path /var/log \) -prune -o -print | sort
}
snapshot > build/package-root.before
cp "$deb" "$root/tmp/"
in_root apt-get install -y -q --no-install-recommends "/tmp/$(basename "$deb")" >/dev/null
echo "test-package: installed $(basename "$deb"): $(in_root dpkg-query -W -f '${Installed-Size}' mstmm-studio) KiB"

examples=/usr/share/mstmm-studio/examples
in_root mstmm --version
in_root mstmm info $examples/riccati-demo-planar.json | head -3
in_root mstmm simulate $examples/riccati-demo-planar.json --t-end 0.5 --out /tmp/demo.csv
rows=$(wc -l < "$root/tmp/demo.csv")
[ "$rows" -ge 50 ] || fail "mstmm simulate wrote $rows lines"
in_root python3 -c "
import mstmm
run = mstmm.simulate(mstmm.load('$examples/riccati-demo-planar.json'), end_time=0.5)
print('python3: import mstmm', mstmm.__version__, 'from', mstmm.__file__, '-', len(run.time), 'samples')"
for page in mstmm mstmm-simulate mstmm-studio; do in_root man -w $page; done
in_root sh -c 'MANWIDTH=80 man mstmm-simulate 2>/dev/null | grep -q -- "--rho-inf"' || fail "man mstmm-simulate lacks --rho-inf"
in_root desktop-file-validate /usr/share/applications/mstmm-studio.desktop
type=$(in_root xdg-mime query filetype $examples/vehicle.json)
[ "$type" = application/x-mstmm-model ] || fail "xdg-mime says $type for a model file"
app=$(in_root xdg-mime query default application/x-mstmm-model)
[ "$app" = mstmm-studio.desktop ] || fail "model files open with '$app'"
echo "test-package: a model file is $type and opens with $app"

# The studio opened by double-click's route: xdg-open -> MIME type -> the
# desktop entry's Exec, under openbox at 1280 x 800.
mkdir -p build/artifacts
cat > "$root/tmp/open-model.sh" <<SCRIPT
titles() { for w in \$(xprop -root _NET_CLIENT_LIST | grep -o '0x[0-9a-f]*'); do xprop -id \$w _NET_WM_NAME; done; }
openbox & sleep 1
xdg-open $examples/vehicle.json &
for i in \$(seq 60); do titles | grep -q 'vehicle.json.*MSTMM Studio' && break; sleep 1; done
sleep 5
titles | grep 'MSTMM Studio'
xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng > /tmp/installed-studio.png
pkill -f /usr/bin/mstmm-studio; pkill openbox; true
SCRIPT
in_root xvfb-run -a -s "-screen 0 1280x800x24" sh /tmp/open-model.sh | grep -q 'vehicle.json.*MSTMM Studio' || fail "xdg-open did not show the vehicle in the studio"
cp "$root/tmp/installed-studio.png" build/artifacts/installed-studio.png
echo "test-package: the studio opened the vehicle through its desktop entry: build/artifacts/installed-studio.png"

in_root apt-get purge -y -q mstmm-studio >/dev/null
in_root python3 -c "import mstmm" 2>/dev/null && fail "mstmm still imports after removal"
in_root man -w mstmm >/dev/null 2>&1 && fail "man mstmm still found after removal"
snapshot > build/package-root.after
if ! diff build/package-root.before build/package-root.after; then
  fail "removal left the root different (above: < missing, > left behind)"
fi
echo "test-package: removed; the root holds exactly the files it held before"
unmount
rm -rf --one-file-system "$root"
