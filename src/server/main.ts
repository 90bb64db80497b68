import { loadEnvFile, readEnv } from './env.ts';
import { listenOrigin } from './public-origin.ts';
import { startServer } from './start.ts';

// .env in the working directory, as the owner's commands read it too (the environment wins)
loadEnvFile();
const env = readEnv();
const { app, db } = await startServer(env);

await app.listen({ port: env.port, host: env.host });
const origin = listenOrigin(app);
app.log.info(`Storefront ready at ${origin} (${db.dialect}, Node ${process.version})`);
// also for the person who typed `npm start`, whatever the log level
console.log(`\n  Shop running at ${origin}\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // in-flight requests finish, then the database closes; a stuck close is cut off after 10 s
    setTimeout(() => process.exit(1), 10_000).unref();
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0));
  });
}
