// Runs the API (restarting on change) and the Vite dev server (which proxies /api and /uploads).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@capstan/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@capstan/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
