# Sourced by scripts that need a Debian 12 machine that has never seen
# MSTMM Studio (scripts/test-package.sh, scripts/time-setup.sh): a fresh
# `debootstrap --variant=minbase bookworm` root with the host's mirrors,
# /proc and /dev mounted, and in_root to run a command in it as root.
# Set `root` before sourcing; call make_root, and unmount (also on EXIT).

# The mirror the machine's own apt uses (deb822 or one-line sources).
host_mirror=$( { grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}';
                 grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}'; } | grep -v security | head -1 || true)
mirror=${MSTMM_DEBIAN_MIRROR:-${host_mirror:-http://deb.debian.org/debian}}

unmount() {
  for m in "$root/dev/shm" "$root/dev/pts" "$root/dev" "$root/proc"; do
    if mountpoint -q "$m"; then umount "$m" 2>/dev/null || { sleep 2; umount --lazy "$m"; }; fi
  done
  return 0
}

make_root() {
  command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >/dev/null
  unmount
  rm -rf --one-file-system "$root"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null ||
    { echo "$(basename "$0"): debootstrap failed once; again"; rm -rf --one-file-system "$root";
      debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null; }
  cp /etc/resolv.conf "$root/etc/"
  if [ -d /etc/apt/sources.list.d ] && ls /etc/apt/sources.list.d/* >/dev/null 2>&1; then
    cp /etc/apt/sources.list.d/* "$root/etc/apt/sources.list.d/"  # the host's mirrors and suites (security, updates)
    [ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$root/etc/apt/" || rm -f "$root/etc/apt/sources.list"
  fi
  mount -t proc proc "$root/proc"
  mount --bind /dev "$root/dev"
  mount --bind /dev/pts "$root/dev/pts"
  mount --bind /dev/shm "$root/dev/shm"
}

in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
