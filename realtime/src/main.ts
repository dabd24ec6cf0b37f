// The realtime process: the Socket.IO gateway at /socket.io (and /healthz, /readyz) on PORT,
// consuming the `events` queue. Run as many as needed; the Redis adapter shares rooms.
import { loadConfig } from '../../api/src/config';
import { closeDeps, createDeps } from '../../api/src/infra';
import { createLogger } from '../../api/src/lib/logger';
import { onShutdown } from '../../api/src/lib/shutdown';
import { composeServer } from './compose';

const config = loadConfig();
const logger = createLogger(config.logLevel, 'realtime');
const deps = await createDeps(config, { logger });
const composed = await composeServer(deps, { realtime: true });
composed.server.listen(config.port, () => logger.info({ port: config.port }, 'realtime running'));

// Stop consuming events, disconnect every socket (clients reconnect to another node), then close.
onShutdown(logger, 'realtime', async () => {
  await composed.close();
  await closeDeps(deps);
});
