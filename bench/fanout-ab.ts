// A/B of the gateway's local fan-out (realtime/src/fanout.ts), interleaved so that each variant
// sees the same load: one Socket.IO server (in-memory adapter) in this process, N raw display
// clients in the bench's client processes (bench/lib/display-clients.mjs), and bursts of BURST
// broadcasts to one room, GAP ms apart, in turn through engine.io as Socket.IO does it (plain),
// the direct writes (window 0) and the direct writes with the coalescing window; each burst's
// recipient messages per CPU-second of this process. Not part of `npm run bench` (the realtime
// bench measures the gateway as deployed); run it alone when changing the broadcast path:
//   N=1000 BURST=100 GAP=10 ROUNDS=3 npx tsx bench/fanout-ab.ts
import { createServer } from 'node:http';
import { COALESCE_MS, FrameWriter, withDirectFanout } from '@oppslag/realtime';
import { Server } from 'socket.io';
import { Adapter } from 'socket.io-adapter';
import { clock, DisplayClients } from './lib/clients';

const N = Number(process.env.N ?? 1000);
const BURST = Number(process.env.BURST ?? 100);
const GAP = Number(process.env.GAP ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
let adapterRef: Record<string, unknown> = {};
const variants: Record<string, { encode: unknown; apply: unknown }> = {};
const http = createServer();
const io = new Server(http, {
  // Socket.IO constructs the adapter option with `new`: a plain function (not an arrow) returning
  // the adapter it wrapped.
  adapter: function wrappedAdapter(nsp: never) {
    const a = new Adapter(nsp) as unknown as Record<string, unknown>;
    variants.plain = { encode: a._encode, apply: a.apply };
    for (const [name, ms] of [
      ['direct', 0],
      ['coalesce', COALESCE_MS],
    ] as const) {
      a._encode = variants.plain.encode;
      a.apply = variants.plain.apply;
      withDirectFanout(a, new FrameWriter(ms));
      variants[name] = { encode: a._encode, apply: a.apply };
    }
    adapterRef = a;
    return a;
  } as never,
});
io.on('connection', (s) => s.join('room'));
await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
const clients = await DisplayClients.start();
await clients.connect(
  url,
  Array.from({ length: N }, () => 'x'),
);
clients.watch(['probe']);
console.log(`connected ${io.of('/').sockets.size}`);
let seq = 0;
const text = 'x'.repeat(250);
const results: Record<string, number[]> = { plain: [], direct: [], coalesce: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const m of ['plain', 'direct', 'coalesce']) {
    adapterRef._encode = variants[m].encode;
    adapterRef.apply = variants[m].apply;
    clients.reset();
    const before = process.cpuUsage();
    const t = clock();
    for (let i = 0; i < BURST; i++) {
      io.to('room').emit('probe' as never, { id: `p${++seq}`, seq, entityId: 1, data: { text } } as never);
      if (GAP) await new Promise((r) => setTimeout(r, GAP));
    }
    const { events, lost } = await clients.waitComplete(BURST, 60_000);
    const cpu = process.cpuUsage(before);
    const delivered = [...events.values()].reduce((n, a) => n + a.times.length, 0);
    const perCpuS = delivered / ((cpu.user + cpu.system) / 1e6);
    results[m].push(perCpuS);
    console.log(
      `${m}: ${delivered} in ${((clock() - t) / 1000).toFixed(2)} s; ${Math.round(perCpuS)} per CPU-s${lost ? `, lost ${lost}` : ''}`,
    );
    await new Promise((r) => setTimeout(r, 200));
  }
}
for (const [m, v] of Object.entries(results))
  console.log(`${m}: median ${Math.round(v.sort((a, b) => a - b)[v.length >> 1])}`);
clients.close();
io.close();
process.exit(0);
