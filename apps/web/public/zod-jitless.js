// Runs before the app's modules (a deferred classic script in index.html's head: deferred scripts and module
// scripts run in document order, after parsing). Zod compiles object parsers with
// `new Function` unless told not to; the Content-Security-Policy forbids eval (docs/decisions/0133), and even
// zod's own probe for it is reported as a violation. The setting must exist before zod's first schema is made,
// which happens when the app's first chunk is evaluated, so it cannot be a module of the app.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
