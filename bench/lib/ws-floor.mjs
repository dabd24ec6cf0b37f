// The raw `ws` floor: a bare WebSocket server in a process of its own that broadcasts a message
// the size of a pushed note to every connected client the way `ws` documents it (one `send` per
// client), with no Socket.IO, rooms, adapter or Engine.IO. The gateway's fan-out, latency and heap
// per connection are compared with what this does on the same machine with the same clients.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
await new Promise((resolve) => wss.once('listening', resolve));

const gc = globalThis.gc;
const heapUsed = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
};
// The shape the gateway pushes: `42["event",{"id":…,"seq":…,"entityId":…,"data":{…}}]`.
const message = (id, size) => {
  const head = `42["bench.floor",{"id":"${id}","seq":1,"entityId":1,"data":{"text":"`;
  return `${head}${'x'.repeat(Math.max(0, size - head.length - 5))}"}}]`;
};

process.on('message', (msg) => {
  const reply = (body) => process.send?.({ id: msg.id, body });
  if (msg.type === 'broadcast') {
    const data = message(msg.payload.id, msg.payload.size);
    for (const client of wss.clients) client.send(data);
    reply(true);
  } else if (msg.type === 'cpu') reply(process.cpuUsage());
  else if (msg.type === 'heap') reply(heapUsed());
  else if (msg.type === 'sockets') reply(wss.clients.size);
  else if (msg.type === 'close') {
    for (const client of wss.clients) client.terminate();
    wss.close(() => {
      reply(true);
      process.exit(0);
    });
  }
});
process.send?.({ id: 0, body: { url: `http://127.0.0.1:${wss.address().port}` } });
