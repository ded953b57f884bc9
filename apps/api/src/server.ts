import { buildApp } from './app';
import { ConfigError, loadConfig } from './env';

// The only place that listens; closes cleanly on SIGTERM/SIGINT.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    await app.close();
    process.exit(0);
  });
}
await app.listen({ host: config.HOST, port: config.PORT });
