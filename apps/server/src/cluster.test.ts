import { describe, expect, it } from 'vitest';
import { restartDelayMs, workerCount } from './cluster.js';
import { loadConfig } from './config.js';

describe('the cluster primary', () => {
  it('starts one process a core unless WORKERS says how many', () => {
    expect(workerCount({ WORKERS: undefined }, 16)).toBe(16);
    expect(workerCount({ WORKERS: 3 }, 16)).toBe(3);
    expect(workerCount({ WORKERS: undefined }, 0)).toBe(1);
    expect(loadConfig({ WORKERS: '4' }).WORKERS).toBe(4);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow(/WORKERS/);
  });

  it('replaces a process that ran at once, and waits longer while starts keep failing', () => {
    expect(restartDelayMs(0)).toBe(0);
    expect([1, 2, 3].map(restartDelayMs)).toEqual([1000, 2000, 4000]);
    expect(restartDelayMs(20)).toBe(30_000);
  });
});
