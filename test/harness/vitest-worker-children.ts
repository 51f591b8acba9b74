import { inject } from 'vitest'
import { CHILD_BUNDLES_ENV } from './ts-child'

// The child bundles of this run (test/harness/vitest-child-bundles.ts) for tsChild, in this worker and its children.
process.env[CHILD_BUNDLES_ENV] = inject('childBundles')
