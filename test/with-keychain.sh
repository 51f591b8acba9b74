#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so tests use a real Secret Service.
set -euo pipefail
if [ "${PAYOUT_DESK_KEYCHAIN_READY:-}" = 1 ]; then exec "$@"; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  command -v "$tool" >/dev/null || { echo "missing $tool: run 'bash test/setup-system.sh' (as root) first" >&2; exit 2; }
done
export XDG_DATA_HOME="${XDG_DATA_HOME_FOR_TESTS:-$(mktemp -d)}"
export PAYOUT_DESK_KEYCHAIN_READY=1
quoted=$(printf '%q ' "$@")
watchdog=$(printf '%q' "$(dirname "$0")/keychain-watchdog.sh")
exec dbus-run-session -- sh -c "echo -n test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; sh $watchdog & $quoted"
