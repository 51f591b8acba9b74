#!/bin/sh
# The test session's Secret Service: gnome-keyring in the foreground, its login keyring unlocked with the password
# "test". D-Bus starts this whenever org.freedesktop.secrets has no owner: at the first keychain call, and again if the
# daemon dies (it now and then aborts on a glib assertion under load, "trap int3" in dmesg). The stock service file
# would start a locked daemon instead, and the next keychain call would wait on a password prompt that cannot open.
printf test | exec gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null
