// `npm start`: build the client if needed, then run the server (client and API on one port).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { buildClientIfNeeded } from './client-build.mjs';

const root = resolve(import.meta.dirname, '..');
buildClientIfNeeded();
const server = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
