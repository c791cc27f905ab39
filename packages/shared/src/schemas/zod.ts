import { z } from 'zod';
import { globalConfig } from 'zod/v4/core';

// Zod compiles object parsers with `new Function`, and probes first whether it may, when each
// object schema is built. The site's CSP has no 'unsafe-eval', so in the browser the probe was a
// CSP violation on every page that builds schemas (the admin, the login dialog). The interpreted
// parser validates the same. Every schema module takes `z` from here, so this runs before any
// schema is built, and only in the chunks that build schemas (public pages load none).
// The package is marked free of side effects for tree-shaking, except this file (package.json):
// otherwise the bundler drops this statement and the setting is silently lost.
globalConfig.jitless = true;

export { z };
