import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DeskStore, ledgerRepo, MIGRATIONS, openDatabase, STORE_FILE } from '../../../electron/core/store'

const MIGRATIONS_DIR = resolve('electron/core/store/migrations')
const REAL = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const BAIT = '0x5aaeb6053f3e94c9b9a02f33669435e7ef1beaed'
const OPS = '0xdef0000000000000000000000000000000000000'
const PAYEE = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const PAYOUT_ID = '6f1c1c1e-0000-4000-8000-000000000001'

/** Rows as the app of `version` wrote them, in that version's table shapes. */
interface Seed {
  version: number
  write(db: DatabaseSync): void
  /** What the rows read as once the store is at today's version. */
  check(store: DeskStore, db: DatabaseSync): void
}

const all = (db: DatabaseSync, sql: string) =>
  db
    .prepare(sql)
    .all()
    .map((r) => ({ ...r }))

const SEEDS: Seed[] = [
  {
    version: 1,
    write(db) {
      const body = {
        id: PAYOUT_ID,
        status: 'completed',
        wallet_id: 'w1',
        asset: 'BTC',
        amount: '1',
        destination: PAYEE,
        network: 'bitcoin',
        tx_hash: null,
        created_at: '2026-02-01T00:00:00.000Z',
        updated_at: '2026-02-02T00:00:00.000Z',
      }
      db.prepare('INSERT INTO withdrawal_cache (id, body, read_at) VALUES (?, ?, ?)').run(
        PAYOUT_ID,
        JSON.stringify(body),
        '2026-02-02T00:00:00.000Z',
      )
    },
    check(_store, db) {
      expect(all(db, 'SELECT payout_id FROM payout_index')).toEqual([{ payout_id: PAYOUT_ID }])
      expect(all(db, "SELECT network, address, seen_at FROM known_addresses WHERE source = 'payout'")).toEqual([
        { network: 'bitcoin', address: PAYEE, seen_at: '2026-02-02T00:00:00.000Z' },
      ])
    },
  },
  {
    version: 4,
    write(db) {
      db.exec("INSERT INTO ledger_state (id, scope, complete) VALUES (1, 'https://sandbox|k1', 1)")
      db.exec(`INSERT INTO ledger_parties (id, key, name, address, search) VALUES (1, 'a', NULL, '${REAL}', ''),
        (2, 'b', NULL, '${BAIT}', ''), (3, 'c', 'Ops', '${OPS}', '')`)
      db.exec(`INSERT INTO ledger_legs (id, direction, at_ms, created_at, asset, network, status, final, amount,
        amount_key, from_party, to_party, read_at_ms) VALUES
        ('t1', 'out', 1, '2026-01-01T00:00:00.000Z', 'USDC', 'ethereum', 'completed', 1, '900', '003900', 3, 1, 0),
        ('t2', 'in', 2, '2026-01-02T00:00:00.000Z', 'USDC', 'ethereum', 'completed', 1, '0', '0010', 2, 3, 0),
        ('t3', 'in', 3, '2026-01-03T00:00:00.000Z', 'USDC', 'ethereum', 'completed', 1, '0.5', '0010.5', 1, 3, 0)`)
    },
    check(store, db) {
      const rows = [...store.repo(ledgerRepo).rows({})].map((r) => ({
        id: r.id,
        direction: r.direction,
        amount: r.amount,
        asset: r.asset,
        created_at: r.created_at,
        from: r.from.address,
        bait: r.suspected_poisoning,
      }))
      expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
        {
          id: 't1',
          direction: 'out',
          amount: '900',
          asset: 'USDC',
          created_at: '2026-01-01T00:00:00.000Z',
          from: OPS,
          bait: false,
        },
        {
          id: 't2',
          direction: 'in',
          amount: '0',
          asset: 'USDC',
          created_at: '2026-01-02T00:00:00.000Z',
          from: BAIT,
          bait: true,
        },
        {
          id: 't3',
          direction: 'in',
          amount: '0.5',
          asset: 'USDC',
          created_at: '2026-01-03T00:00:00.000Z',
          from: REAL,
          bait: false,
        },
      ])
      expect(all(db, "SELECT address FROM known_addresses WHERE source = 'ledger' ORDER BY address")).toEqual(
        [BAIT, REAL.toLowerCase(), OPS].sort().map((address) => ({ address })),
      )
      // The opening sums were counted from the legs: they match every write.
      expect(all(db, 'SELECT legs_written = sums_written AS fresh FROM ledger_state')).toEqual([{ fresh: 1 }])
      expect(
        all(db, 'SELECT month_ms, net, legs FROM ledger_opening_months ORDER BY wallet, asset, network'),
      ).not.toEqual([])
    },
  },
  {
    version: 11,
    write(db) {
      db.exec("INSERT INTO price_table (date, asset, fiat, price) VALUES ('2026-01-01', 'BTC', 'USD', '90000')")
    },
    check(_store, db) {
      expect(all(db, 'SELECT date, asset, fiat, price FROM price_table')).toEqual([
        { date: '2026-01-01', asset: 'BTC', fiat: 'USD', price: '90000' },
      ])
      const sealed = all(db, "SELECT entry FROM audit WHERE json_extract(entry, '$.path') = 'prices.sealed'")
      expect(sealed.map((r) => JSON.parse(String(r.entry)).detail)).toEqual([
        { rows: [['2026-01-01', 'BTC', 'USD', '90000']] },
      ])
    },
  },
  {
    version: 20,
    write(db) {
      const line = { line: 1, payee: ' Acme ', destination: PAYEE, amount: '1', asset: 'BTC', walletId: 'w1' }
      db.prepare(
        "INSERT INTO pay_runs (id, name, schedule, lines, created_at, updated_at) VALUES ('r1', 'Payroll', " +
          "'monthly', ?, '2026-01-01', '2026-01-01')",
      ).run(JSON.stringify([line]))
      db.prepare(
        "INSERT INTO pay_run_periods (run_id, period, state, lines, at, actor) VALUES ('r1', '2026-01', 'sent', ?, " +
          "'2026-01-01', 'ana')",
      ).run(JSON.stringify([{ payee: ' Acme ', key: 'k1' }]))
    },
    check(_store, db) {
      expect(all(db, 'SELECT lines FROM pay_runs').map((r) => JSON.parse(String(r.lines)))).toEqual([
        [{ id: 'acme', line: 1, payee: ' Acme ', destination: PAYEE, amount: '1', asset: 'BTC', walletId: 'w1' }],
      ])
      expect(
        all(db, 'SELECT lines, origin FROM pay_run_periods').map((r) => [JSON.parse(String(r.lines)), r.origin]),
      ).toEqual([[[{ lineId: 'acme', payee: ' Acme ', key: 'k1' }], 'here']])
    },
  },
  {
    version: 21,
    write(db) {
      db.exec(`INSERT INTO screening_lists (id, name, source, imported_at, addresses) VALUES (1, 'OFAC', 'file',
        '2026-01-01', 1)`)
      db.exec(`INSERT INTO screening_addresses (address_key, list_id, address, currency, entry) VALUES
        ('0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED ', 1, '0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED ', 'ETH', 'e1')`)
    },
    check(_store, db) {
      expect(all(db, 'SELECT address_key, entry FROM screening_addresses')).toEqual([
        { address_key: REAL.toLowerCase(), entry: 'e1' },
      ])
    },
  },
]

describe('a store filled with rows at an old version', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'migrations-data-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  /** The file at `version`, each seed written when the file was at the seed's version. */
  function fileAt(at: string, version: number): Seed[] {
    const file = join(at, STORE_FILE)
    const upTo = (v: number) => MIGRATIONS.filter((m) => m.version <= v)
    const seeds = SEEDS.filter((s) => s.version <= version)
    for (const seed of seeds) {
      const db = openDatabase(file, upTo(seed.version))
      seed.write(db)
      db.close()
    }
    openDatabase(file, upTo(version)).close()
    return seeds
  }

  it('reads as it was written once upgraded, from every version', () => {
    for (const step of MIGRATIONS.slice(0, -1)) {
      const at = join(dir, `v${step.version}`)
      const seeds = fileAt(at, step.version)
      const store = DeskStore.open(at, 'test')
      const db = openDatabase(join(at, STORE_FILE))
      try {
        for (const seed of seeds) seed.check(store, db)
      } catch (err) {
        throw new Error(`upgraded from version ${step.version}: ${String(err)}`, { cause: err })
      } finally {
        db.close()
        store.close()
      }
    }
  })
})

describe('a migration step is frozen', () => {
  it('imports nothing but node: modules and the helpers beside it in store/migrations', () => {
    const steps = readdirSync(MIGRATIONS_DIR).filter((f) => /^m\d{2}-/.test(f))
    const outside = steps.flatMap((f) =>
      [...readFileSync(join(MIGRATIONS_DIR, f), 'utf8').matchAll(/from '([^']+)'/g)]
        .map((m) => m[1]!)
        .filter((source) => !source.startsWith('node:') && !/^\.\/[a-z0-9-]+$/.test(source))
        .map((source) => `${f}: ${source}`),
    )
    expect(outside).toEqual([])
  })
})
