import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { randomToken } from './store.ts';

/**
 * Password hashing off the event loop. bcrypt at GoTrue's cost (10) takes tens of milliseconds of
 * CPU; run on the thread that serves every request it stalls REST, Realtime and the functions
 * gateway for each sign-in. A few worker threads run bcryptjs instead, and requests queue for them.
 */
export const BCRYPT_COST = 10; // GoTrue's bcrypt.DefaultCost; supabase/seed.sql hashes with the same

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether `password` matches `hash`; with no hash it compares against a dummy, so it takes as long. */
  verify(password: string, hash: string | null | undefined): Promise<boolean>;
  close(): Promise<void>;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', (job) => {
  let result;
  try {
    result = job.op === 'hash' ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
    return;
  }
  parentPort.postMessage({ id: job.id, result });
});
`;

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
interface Pending {
  worker: Worker;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

export function createPasswordHasher(threads = Math.max(1, Math.min(4, os.availableParallelism() - 1))) {
  const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs');
  const workers: { worker: Worker; busy: number }[] = [];
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;

  function start() {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath } });
    worker.unref();
    const slot = { worker, busy: 0 };
    worker.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
      slot.busy -= 1;
      const job = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) job?.reject(new Error(message.error));
      else job?.resolve(message.result as string | boolean);
    });
    worker.on('error', (error) => {
      // A crashed worker fails what it held; the next job starts a fresh one.
      workers.splice(workers.indexOf(slot), 1);
      for (const [id, job] of pending) {
        if (job.worker !== worker) continue;
        job.reject(error);
        pending.delete(id);
      }
    });
    workers.push(slot);
    return slot;
  }

  function run(job: Job): Promise<string | boolean> {
    if (closed) return Promise.reject(new Error('password hasher is closed'));
    const idle = workers.find((slot) => slot.busy === 0);
    const slot =
      idle ?? (workers.length < threads ? start() : workers.reduce((a, b) => (b.busy < a.busy ? b : a)));
    const id = (nextId += 1);
    slot.busy += 1;
    return new Promise((resolve, reject) => {
      pending.set(id, { worker: slot.worker, resolve, reject });
      slot.worker.postMessage({ id, ...job });
    });
  }

  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    async hash(password) {
      return (await run({ op: 'hash', password, cost: BCRYPT_COST })) as string;
    },
    async verify(password, hash) {
      if (!hash) {
        dummy ??= hasher.hash(randomToken(12));
        await run({ op: 'compare', password, hash: await dummy });
        return false;
      }
      try {
        return (await run({ op: 'compare', password, hash })) === true;
      } catch {
        return false; // not a bcrypt hash
      }
    },
    async close() {
      closed = true;
      await Promise.all(workers.map((slot) => slot.worker.terminate()));
      workers.length = 0;
    },
  };
  return hasher;
}
