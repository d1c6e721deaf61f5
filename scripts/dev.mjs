// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: 'development', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=source', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env, cwd: 'apps/web' }),
];
console.log(`Development: open http://localhost:5173 (API on http://localhost:${process.env.PORT ?? 3000})`);
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
