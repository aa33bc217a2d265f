// Node 20 lacks fs.globSync, which the conformance CLI imports. Redirect its
// `fs` import to a shim that re-exports node:fs plus a fallback globSync.
import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
