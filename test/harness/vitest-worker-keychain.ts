import { inject } from 'vitest'

// Each test file uses its worker slot's keychain (VITEST_POOL_ID counts slots from 1), so two files running at once
// never share a gnome-keyring daemon; the children a test starts (the CLI, the connector) inherit it.
const buses = inject('keychainBuses')
const slot = Number(process.env.VITEST_POOL_ID ?? 1) - 1
process.env.DBUS_SESSION_BUS_ADDRESS = buses[slot % buses.length]
