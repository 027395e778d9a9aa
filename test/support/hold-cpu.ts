/**
 * Holds the event loop for `ms` of the process's CPU time: the work of a slow request, however
 * busy the machine (wall time would be stretched by other processes). Counts system time too, as
 * the event-loop watch does: each look at the clock is a system call, and counting only user time
 * spent about three times the CPU asked for (5 s of wall time for 700 ms on a busy machine).
 */
export function holdCpu(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= ms * 1000) return;
  }
}
