/**
 * V8 heap sizing of the API process, applied before the rest of the server is evaluated
 * (server.ts sets it, then imports the server dynamically).
 *
 * Node 24's V8 grows the young generation's semi-spaces with the allocation rate, up to a size
 * derived from the machine's memory: while the server loads its modules and compiles its route
 * schemas and serializers, the heap reserves ~270 MB (~175 MB used) at the start-up peak and
 * keeps ~205 MB reserved after. Keeping the semi-spaces at their initial size stops that growth.
 * Measured with Node 24.21 on PostgreSQL (2-core machine, busy): peak RSS of a restart 370 →
 * 204 MB, RSS after start 333 → 196 MB, heap reserved 271 → 96 MB.
 *
 * Only the growth factor can be changed at run time: `--max-semi-space-size` is read when the
 * heap is set up, so `setFlagsFromString` of it does nothing (measured). A heap flag given on the
 * command line or in NODE_OPTIONS (`--max-semi-space-size=16`, say, for more throughput at the
 * cost of memory) turns this off.
 */
import { setFlagsFromString } from 'node:v8';

const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some(
  (arg) => arg.includes('--max-semi-space-size') || arg.includes('--semi-space-growth-factor'),
);
// 1: a semi-space never grows past its initial size (V8's default factor is 2).
if (!given) setFlagsFromString('--semi-space-growth-factor=1');
