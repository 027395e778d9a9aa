// Development: the API server (restarting on change) on :3001 and Vite with hot reload on :5173,
// which proxies /api, /auth and /healthz to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '3001', HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
  // The server's render pages run the shared render module, rebuilt on change.
  spawn('npx', ['vite', 'build', '-c', 'vite.render-page.config.ts', '--watch'], {
    stdio: 'inherit',
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
