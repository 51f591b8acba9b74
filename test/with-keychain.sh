#!/usr/bin/env bash
# Runs a command inside a private D-Bus session whose Secret Service is an unlocked gnome-keyring, so tests use a real
# keychain. The session's own service file (in the throwaway XDG_DATA_HOME, which D-Bus searches first) makes D-Bus
# start test/keychain-daemon.sh on demand, so a daemon that dies mid-run is replaced by an unlocked one at the next call.
set -euo pipefail
if [ "${PAYOUT_DESK_KEYCHAIN_READY:-}" = 1 ]; then exec "$@"; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null || { echo "missing $tool: run 'bash test/setup-system.sh' (as root) first" >&2; exit 2; }
done
export XDG_DATA_HOME="${XDG_DATA_HOME_FOR_TESTS:-$(mktemp -d)}"
mkdir -p "$XDG_DATA_HOME/dbus-1/services"
daemon="$(cd "$(dirname "$0")" && pwd)/keychain-daemon.sh"
printf '[D-BUS Service]\nName=org.freedesktop.secrets\nExec=%s\n' "$daemon" > "$XDG_DATA_HOME/dbus-1/services/org.freedesktop.secrets.service"
export PAYOUT_DESK_KEYCHAIN_READY=1
exec dbus-run-session -- "$@"
