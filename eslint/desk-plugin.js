import coreEntryPoints from './core-entry-points.js'
import coreFolderCycles from './core-folder-cycles.js'
import noDoubleCast from './no-double-cast.js'
import noRowCast from './no-row-cast.js'
import oneSendGate from './one-send-gate.js'
import untrustedText from './untrusted-text.js'

/** The project's own lint rules. */
export default {
  rules: {
    'untrusted-text': untrustedText,
    'core-folder-cycles': coreFolderCycles,
    'core-entry-points': coreEntryPoints,
    'one-send-gate': oneSendGate,
    'no-double-cast': noDoubleCast,
    'no-row-cast': noRowCast,
  },
}
