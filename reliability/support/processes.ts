/** The server's Chromium, seen from outside through /proc and ps. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  args: string;
}

function table(): Proc[] {
  return execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }));
}

/** The main process of the Chromium the server launched (a direct child, not a helper). */
export function browserOf(serverPid: number): number | null {
  const found = table().find(
    (p) => p.ppid === serverPid && /chrom/i.test(p.args) && !p.args.includes('--type='),
  );
  return found?.pid ?? null;
}

/** The process and everything below it. */
export function descendants(root: number): number[] {
  const all = table();
  const found = [root];
  for (let i = 0; i < found.length; i += 1) {
    for (const p of all) if (p.ppid === found[i]) found.push(p.pid);
  }
  return found;
}

/** CPU time (clock ticks, user + system) the processes have used so far. */
export function cpuTicks(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces) start at ") ".
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}
