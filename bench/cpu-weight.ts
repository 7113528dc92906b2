/**
 * CPU weight for the scale-out bench on a shared machine. A cgroup competes with the processes
 * beside it as one task: an instance in its own quota group (tests/scale/cpu-cgroup.ts) weighs
 * as much as one thread of a neighbour, and with twenty runnable neighbours it got a fifth of its
 * half core. A weight of WEIGHT tasks lets it reach its quota (the quota still caps it); the load
 * generator gets a group of its own with the same weight (no quota), so its calls are not delayed
 * by the neighbours either. PostgreSQL is the system's and keeps its place.
 */
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** As many default tasks as a weighted group counts for. */
const WEIGHT = 4;
const V1 = '/sys/fs/cgroup/cpu';

/** Gives a cgroup (v1 cpu.shares or v2 cpu.weight) the weight of WEIGHT ordinary tasks. */
export function weigh(groupPath: string): void {
  if (existsSync(join(groupPath, 'cpu.shares'))) writeFileSync(join(groupPath, 'cpu.shares'), String(1024 * WEIGHT));
  else if (existsSync(join(groupPath, 'cpu.weight'))) writeFileSync(join(groupPath, 'cpu.weight'), String(100 * WEIGHT));
}

/** Moves this process (the load generator) into a weighted group of its own; returns how to move it back and remove the group. */
export function weighGenerator(): () => void {
  const root = existsSync(join(V1, 'cpu.shares')) ? V1 : '/sys/fs/cgroup';
  const path = join(root, `portal-bench-${process.pid}-generator`);
  mkdirSync(path, { recursive: true });
  weigh(path);
  writeFileSync(join(path, 'cgroup.procs'), String(process.pid));
  return () => {
    writeFileSync(join(root, 'cgroup.procs'), String(process.pid));
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        rmdirSync(path);
        return;
      } catch {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      }
    }
  };
}
