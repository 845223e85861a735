/**
 * `npm run dev`: the API (restarted on change) on API_PORT (default 8081) and Vite with hot module
 * replacement on http://localhost:5173, proxying /api to it. The API serves the development tools
 * (LAVABO_DEV_TOOLS=1: the outbox, order advance) to this machine only.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../server/config';

const apiPort = process.env.API_PORT ?? '8081';
const bin = (pkg: string, file: string) => path.join(projectRoot, 'node_modules', pkg, file);

const children = [
  spawn(
    process.execPath,
    [bin('tsx', 'dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/main.ts'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: apiPort,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        LAVABO_DEV_TOOLS: '1',
      },
    },
  ),
  spawn(process.execPath, [bin('vite', 'bin/vite.js')], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
