#!/bin/sh
# Keeps the test session's Secret Service unlocked. gnome-keyring-daemon now and then aborts under load (a glib
# assertion, seen in dmesg as "trap int3"); D-Bus then starts a new daemon whose keyring is locked, and every later
# keychain call waits on a password prompt that cannot open. When the owner of org.freedesktop.secrets changes or is
# gone, this replaces it with a daemon unlocked like the first one (the keyring file, and the keys in it, stay).
owner() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null | awk '/uint32/ {print $2}'
}
# The daemon started before this script may take a moment to own its name.
expected=$(owner)
for _ in 1 2 3 4 5 6 7 8 9 10; do
  [ -n "$expected" ] && break
  sleep 0.2
  expected=$(owner)
done
bus_alive() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.GetId >/dev/null 2>&1
}
while sleep 0.5; do
  # The session ends with the tests; so does the watchdog.
  bus_alive || exit 0
  now=$(owner)
  [ -n "$now" ] && [ "$now" = "$expected" ] && continue
  echo "keychain watchdog: the Secret Service daemon ${expected:-?} is gone; starting an unlocked one" >&2
  echo -n test | gnome-keyring-daemon --replace --unlock --components=secrets >/dev/null 2>&1
  sleep 0.5
  expected=$(owner)
done
