// `npm run dev`: the API (tsx watch, port 3000) and the Vite dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];

function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
