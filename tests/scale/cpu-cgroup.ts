/**
 * A CPU quota of its own for one process (issue 25's scale-out figures): a cgroup v1 `cpu`
 * group with cpu.cfs_quota_us (e.g. half a core), or cgroup v2's cpu.max, so several portal
 * instances on one small machine cannot take PostgreSQL's or the load generator's share.
 * Needs root; `available()` says whether this machine allows it.
 */
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const V1 = '/sys/fs/cgroup/cpu';
const V2 = '/sys/fs/cgroup';
const PERIOD_US = 100_000;

export interface CpuGroup {
  path: string;
  /** Moves the process (all its threads) into the group. */
  add(pid: number): void;
  /** Removes the group (its processes must have exited or moved). */
  remove(): void;
}

export function cpuCgroupAvailable(): 'v1' | 'v2' | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (existsSync(join(V1, 'cpu.cfs_quota_us'))) return 'v1';
  if (existsSync(join(V2, 'cgroup.controllers'))) return 'v2';
  return undefined;
}

/** A group limited to `cores` CPU (0.5: half a core), named `name`. */
export function createCpuGroup(name: string, cores: number): CpuGroup {
  const version = cpuCgroupAvailable();
  if (!version) throw new Error('no writable cgroup cpu controller (needs root and cgroup v1 cpu or v2)');
  const quota = Math.round(cores * PERIOD_US);
  const path = join(version === 'v1' ? V1 : V2, name);
  mkdirSync(path, { recursive: true });
  if (version === 'v1') {
    writeFileSync(join(path, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(path, 'cpu.cfs_quota_us'), String(quota));
  } else {
    writeFileSync(join(path, 'cpu.max'), `${quota} ${PERIOD_US}`);
  }
  return {
    path,
    add(pid) {
      writeFileSync(join(path, 'cgroup.procs'), String(pid));
    },
    remove() {
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          rmdirSync(path);
          return;
        } catch {
          // Still busy for a moment after its process exited.
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        }
      }
    },
  };
}
