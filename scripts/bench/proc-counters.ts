import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU seconds (user + system) a process has used so far, from /proc; null where there is no
 * /proc (not Linux) or the process is gone. Coarse (10 ms ticks): read it around runs of thousands
 * of requests, not one.
 */
export function processCpuSeconds(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return null;
  }
}

export interface ListenQueueCounters {
  /** Connections the kernel dropped because the server's accept queue was full. */
  listenOverflows: number;
  /** SYNs clients sent again after such a drop (1 s, then 3 s, 7 s… later). */
  synRetransmits: number;
}

/** The machine-wide TCP counters of /proc/net/netstat; null where there is no /proc. */
export function listenQueueCounters(): ListenQueueCounters | null {
  try {
    const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const headerIndex = lines.findIndex((line) => line.startsWith('TcpExt:'));
    const names = lines[headerIndex]!.split(' ');
    const values = lines[headerIndex + 1]!.split(' ');
    const value = (name: string) => Number(values[names.indexOf(name)] ?? Number.NaN);
    const counters = { listenOverflows: value('ListenOverflows'), synRetransmits: value('TCPSynRetrans') };
    return Number.isFinite(counters.listenOverflows) && Number.isFinite(counters.synRetransmits) ? counters : null;
  } catch {
    return null;
  }
}

export const counterDelta = (
  before: ListenQueueCounters | null,
  after: ListenQueueCounters | null,
): ListenQueueCounters | null =>
  before === null || after === null
    ? null
    : {
        listenOverflows: after.listenOverflows - before.listenOverflows,
        synRetransmits: after.synRetransmits - before.synRetransmits,
      };
