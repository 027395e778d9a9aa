import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
const child = spawn(process.execPath, ['--import','tsx','bench/render/server.ts'], { env: { ...process.env, LOG_LEVEL:'warn', RENDER_PAGES:'2' }, stdio: ['ignore','inherit','inherit','ipc'] });
const hello: any = await new Promise((r) => child.once('message', r));
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const content = readFileSync('../shared/fixtures/diagrams/small.mmd','utf8');
function post(path: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: hello.port, path, method: path==='/healthz'?'GET':'POST', agent, headers: { authorization: 'Bearer '+token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = []; res.on('data', (c) => chunks.push(c)); res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject); req.end(path==='/healthz'?undefined:body);
  });
}
async function time(label: string, f: () => Promise<unknown>, n = 400) {
  for (let i=0;i<30;i++) await f();
  const s: number[] = [];
  for (let i=0;i<n;i++){ const t=performance.now(); await f(); s.push(performance.now()-t); }
  s.sort((a,b)=>a-b); console.log(label, s[n/2|0].toFixed(2), s[(n*0.95)|0].toFixed(2));
}
const body = JSON.stringify({content, format:'svg'});
await time('healthz', () => post('/healthz', '', ''));
await time('convert bad token', () => post('/api/v1/convert', 'll_x', body));
await time('convert cached svg', () => post('/api/v1/convert', hello.token, body));
child.send('stop');
