import type { PersonRole } from '@shared/ipc/channels/desk-lock'

/** Each desk role as the screens name it, in sentence case; the store and the CLI keep the internal words. */
export const ROLE_NAMES: Readonly<Record<PersonRole, string>> = {
  admin: 'Admin',
  treasurer: 'Treasurer',
  viewer: 'Viewer',
}
