// CPU time from /proc (Linux), in ms: this process's threads, and the PostgreSQL server's
// processes when it runs on the same machine. Ticks are 10 ms (USER_HZ 100).
import fs from 'node:fs';

const TICK_MS = 10;

function cpuTicksOf(
  statPath: string,
): { comm: string; ticks: number; reapedChildrenTicks: number } | null {
  try {
    const stat = fs.readFileSync(statPath, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime: fields 14 and 15 of stat(5), 12th and 13th after the command; cutime and
    // cstime (children waited for) right after them.
    return {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      ticks: Number(fields[11]) + Number(fields[12]),
      reapedChildrenTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null; // the thread or process ended meanwhile
  }
}

/** CPU ms of each thread of this process, by thread id (the request thread's id is the pid). */
export function threadCpuMs(): Record<string, number> {
  const result: Record<string, number> = {};
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = cpuTicksOf(`/proc/self/task/${tid}/stat`);
    if (stat) result[tid] = stat.ticks * TICK_MS;
  }
  return result;
}

/**
 * CPU ms of every process named postgres on this machine (server, backends, background), and of
 * the backends that have ended: the server counts their time as its reaped children's, so a
 * connection that closes between two readings (a pool's idle timeout) does not take its CPU
 * out of the difference.
 */
export function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = cpuTicksOf(`/proc/${pid}/stat`);
    if (stat?.comm.startsWith('postgres')) ticks += stat.ticks + stat.reapedChildrenTicks;
  }
  return ticks * TICK_MS;
}
