import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` and first probes whether it may, when each
// object schema is built. Our CSP has no 'unsafe-eval', so the probe logged a CSP violation on
// every page that loads schemas (the admin). The interpreted parser validates the same.
// Imported first by main.tsx: it must run before any module that builds a schema.
config({ jitless: true });
