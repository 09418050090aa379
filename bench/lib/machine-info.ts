import os from 'node:os';

/** The machine the figures were measured on. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    /** 1-minute load average when the run started: other work on the machine skews every figure. */
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}
