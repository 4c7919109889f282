/**
 * CPU accounting from /proc, to read figures that survive a busy machine: CPU time a process
 * spent (all its threads), and how much of the machine other processes used meanwhile.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Linux USER_HZ (`getconf CLK_TCK`); 100 on every mainstream kernel. */
const TICK_MS = 10;

/** CPU time (user + system, all threads) a live process has used so far, in ms. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

export interface CpuUsage {
  /** CPU ms used by each watched process during the window. */
  byPid: Map<number, number>;
  /** Average number of cores kept busy by everything else on the machine. */
  otherCores: number;
}

/**
 * Starts a window over `pids`; call the returned function to close it, passing the pids of
 * processes started during the window (counted from zero).
 */
export function cpuWindow(pids: readonly number[]): (startedSince?: readonly number[]) => CpuUsage {
  const before = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  const machineBefore = machineTicks();
  return (startedSince = []) => {
    const byPid = new Map([...pids, ...startedSince].map((pid) => [pid, processCpuMs(pid) - (before.get(pid) ?? 0)]));
    const machine = machineTicks();
    const totalTicks = machine.total - machineBefore.total;
    const ownTicks = [...byPid.values()].reduce((a, b) => a + b, 0) / TICK_MS;
    const otherTicks = Math.max(0, machine.busy - machineBefore.busy - ownTicks);
    const wallTicks = totalTicks / os.cpus().length;
    return { byPid, otherCores: wallTicks > 0 ? otherTicks / wallTicks : 0 };
  };
}
