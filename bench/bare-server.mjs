/**
 * The baseline for the API benchmark: a bare `node:http` server answering fixed JSON. It answers
 * each path with the bytes the real server sent for it (captured once), so the comparison measures
 * the app (routing, auth, validation, database) and not the size of the answer.
 *
 *   node bench/bare-server.mjs <file.json>   (the file maps paths to bodies; prints the port)
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([p, body]) => [p, Buffer.from(body)]));
const notFound = Buffer.from('{"error":{"code":"not_found","message":"There is nothing at this address."}}');

const server = http.createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  res.writeHead(body ? 200 : 404, { 'content-type': 'application/json; charset=utf-8', 'content-length': (body ?? notFound).length, 'cache-control': 'no-store' });
  res.end(body ?? notFound);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
