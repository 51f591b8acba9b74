import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DeskError } from '../errors'
import { summarize } from '../ipc/router'
import { writeFileAtomic } from './atomic-write'
import type { Algorithm, Environment, Profile } from './profile'
import { EMPTY_PROFILE_FILE, ProfileFileSchema, type ProfileFile } from './profile-file'
import { normalizeBaseUrl, validateKeyId, validateProfileName } from './profile-validation'

export interface NewProfile {
  name: string
  environment: Environment
  baseUrl: string
  algorithm: Algorithm
  embedded?: boolean
}

export type ProfilePatch = Partial<
  Pick<Profile, 'name' | 'baseUrl' | 'keyId' | 'algorithm' | 'agentWriteTools' | 'agentWhileLocked' | 'pendingKey'>
>

/**
 * The profiles of one data directory, in `<dataDir>/profiles.json`. Reads the file on every call so
 * the app and the admin CLI can share a data directory; changes are serialised and written atomically.
 */
export class ProfileStore {
  readonly path: string
  private queue: Promise<unknown> = Promise.resolve()

  constructor(readonly dataDir: string) {
    this.path = join(dataDir, 'profiles.json')
  }

  async list(): Promise<Profile[]> {
    return (await this.read()).profiles
  }

  async get(id: string): Promise<Profile> {
    const profile = (await this.read()).profiles.find((p) => p.id === id)
    if (!profile)
      throw new DeskError('profile_not_found', 'That profile no longer exists. Pick another one in Keys & profiles.')
    return profile
  }

  async getByName(name: string): Promise<Profile> {
    const wanted = name.trim().toLowerCase()
    const profile = (await this.read()).profiles.find((p) => p.name.toLowerCase() === wanted)
    if (!profile)
      throw new DeskError('profile_not_found', `There is no profile named "${name}". "profile list" shows the names.`)
    return profile
  }

  async current(): Promise<Profile | null> {
    const file = await this.read()
    return file.profiles.find((p) => p.id === file.currentProfileId) ?? null
  }

  add(input: NewProfile): Promise<Profile> {
    return this.mutate((file) => {
      const profile: Profile = {
        id: `p_${randomUUID().replaceAll('-', '')}`,
        name: validateProfileName(input.name, file.profiles),
        environment: input.environment,
        baseUrl: normalizeBaseUrl(input.baseUrl),
        keyId: null,
        algorithm: input.algorithm,
        embedded: input.embedded ?? false,
        agentWriteTools: false,
        pendingKey: null,
        createdAt: new Date().toISOString(),
      }
      file.profiles.push(profile)
      return profile
    })
  }

  update(id: string, patch: ProfilePatch): Promise<Profile> {
    return this.mutate((file) => {
      const index = file.profiles.findIndex((p) => p.id === id)
      const before = file.profiles[index]
      if (!before) throw new DeskError('profile_not_found', 'That profile no longer exists.')
      const next: Profile = { ...before, ...patch }
      if (patch.name !== undefined) next.name = validateProfileName(patch.name, file.profiles, id)
      if (patch.baseUrl !== undefined) next.baseUrl = normalizeBaseUrl(patch.baseUrl)
      if (patch.keyId) next.keyId = validateKeyId(patch.keyId)
      if (patch.pendingKey?.keyId) next.pendingKey = { keyId: validateKeyId(patch.pendingKey.keyId) }
      file.profiles[index] = next
      return next
    })
  }

  remove(id: string): Promise<Profile> {
    return this.mutate((file) => {
      const profile = file.profiles.find((p) => p.id === id)
      if (!profile) throw new DeskError('profile_not_found', 'That profile no longer exists.')
      file.profiles = file.profiles.filter((p) => p.id !== id)
      if (file.currentProfileId === id) file.currentProfileId = null
      return profile
    })
  }

  select(id: string): Promise<Profile> {
    return this.mutate((file) => {
      const profile = file.profiles.find((p) => p.id === id)
      if (!profile) throw new DeskError('profile_not_found', 'That profile no longer exists.')
      file.currentProfileId = id
      return profile
    })
  }

  /** Read-modify-write under a queue, so two changes in one process never overwrite each other. */
  private mutate<T>(change: (file: ProfileFile) => T): Promise<T> {
    const run = this.queue.then(async () => {
      const file = await this.read()
      const result = change(file)
      await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`)
      return result
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private async read(): Promise<ProfileFile> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(EMPTY_PROFILE_FILE)
      throw new DeskError('profiles_unreadable', `Cannot read ${this.path}: ${(err as Error).message}`)
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw corrupt(this.path, 'it is not valid JSON')
    }
    const parsed = ProfileFileSchema.safeParse(json)
    // Never reset a damaged file silently: it names the user's keys, and a reset would orphan them.
    if (!parsed.success) throw corrupt(this.path, summarize(parsed.error))
    return parsed.data
  }
}

function corrupt(path: string, why: string): DeskError {
  return new DeskError(
    'profiles_corrupt',
    `The profile file ${path} is damaged (${why}). Restore it from a backup or move it aside to start over; ` +
      `keys stay in the OS keychain.`,
  )
}
