// `npm run dev`: the API server on API_PORT (default 8081) and Vite's dev server (default 5173) proxying to it.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', resolve(root, 'server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort, PORT: process.env.DEV_PORT ?? '5173' },
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
