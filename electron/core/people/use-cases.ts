/**
 * People at the desk: named local identities with a role, kept at the data folder's level (`<data>/people.json`)
 * and shared by every profile. Each function takes the data folder (`deskDir`) last.
 */
export {
  addPerson,
  changePassphrase,
  listPeople,
  removePerson,
  setRole,
  verifyPerson,
  type ActingAs,
  type Credentials,
  type NewPerson,
} from './people-admin'
export {
  authorizeAct,
  fourEyesOn,
  isViewOnly,
  type Acting,
  type ActAsk,
  type VerifiedPerson,
  type WriteAct,
  verified,
} from './act-guard'
export { destinationAdder, personInWho, requireSecondPerson, type SecondPersonAsk } from './four-eyes'
export { requireSecondPersonFor, secondPersonAtDesk, type SecondPersonCheck, type TrustAct } from './second-person'
export { profileSeat, setFourEyes, setViewOnly, type ProfileSeat } from './profile-seat'
export { MIN_PASSPHRASE_CHARS, SCRYPT_PARAMS, type ScryptCost } from './passphrase-hash'
export { ROLES, sameName, type Person, type Role } from './person'
export { auditDeskEvent, type DeskEvent, type WithProfileStore } from './desk-audit'
