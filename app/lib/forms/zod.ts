import { z } from "zod";

/**
 * zod as every form schema uses it. `jitless`: zod otherwise probes `new Function` to compile
 * faster parsers, which our Content-Security-Policy (no 'unsafe-eval') refuses and the browser
 * reports as a violation on every page with a form. The interpreted parsers are plenty fast for
 * forms. Schemas read this setting when they are created, so they must import `z` from here.
 */
z.config({ jitless: true });

export { z };
