#!/usr/bin/env bash
# Makes sure the system packages the tests need are present: Chromium (benches) and its headless shell (e2e),
# gnome-keyring + D-Bus for a real keychain, strace to count a process's disk waits, Poppler's pdftotext to read a
# receipt back.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
command -v gnome-keyring-daemon >/dev/null || need+=(gnome-keyring)
command -v dbus-run-session >/dev/null || need+=(dbus)
command -v dbus-launch >/dev/null || need+=(dbus-x11)
command -v secret-tool >/dev/null || need+=(libsecret-tools)
command -v strace >/dev/null || need+=(strace)
command -v pdftotext >/dev/null || need+=(poppler-utils)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "The tests need these system packages: ${need[*]}" >&2
  echo "Install them with: sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
  exit 2
fi
echo "installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
