import type { ChildProcess } from 'node:child_process';
import { HttpError } from '../http.ts';

/**
 * One edge function's Deno process: started on demand (concurrent first requests share one start),
 * replaced after an edit once its requests in flight are answered, and started again when it died.
 */

export interface Running {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
  /** requests being answered by this process */
  inflight: number;
  /** replaced after a code change: ends once its last request is answered */
  retired: boolean;
}

const alive = (running: Running) => running.child.exitCode === null && running.child.signalCode === null;

export class FunctionProcess {
  private running?: Running;
  private starting?: Promise<Running>;

  constructor(
    private readonly entry: string,
    private readonly spawnDeno: (entry: string) => ChildProcess,
    private readonly log: (message: string) => void,
    private readonly startTimeoutMs: number,
  ) {}

  private stale = false;
  private readonly retired = new Set<Running>();

  /** The code changed: the next request gets a new process; requests in flight finish on the old one. */
  markStale() {
    this.stale = true;
  }

  /** Runs `work` with the listening process, started if needed; concurrent first requests share one start. */
  async use<T>(work: (running: Running) => Promise<T>): Promise<T> {
    const running = await this.ready();
    running.inflight += 1;
    try {
      return await work(running);
    } finally {
      running.inflight -= 1;
      if (running.retired && running.inflight === 0) running.child.kill('SIGTERM');
    }
  }

  private ready(): Promise<Running> {
    // A start under way may have read the old code: it is replaced on a later request.
    if (this.stale && !this.starting) {
      this.stale = false;
      const old = this.running;
      this.running = undefined;
      if (old && alive(old)) {
        old.retired = true;
        this.retired.add(old);
        void old.exited.then(() => this.retired.delete(old));
        if (old.inflight === 0) old.child.kill('SIGTERM');
      }
    }
    if (this.running && alive(this.running)) return Promise.resolve(this.running);
    this.starting ??= this.start().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private start(): Promise<Running> {
    const started = Date.now();
    const child = this.spawnDeno(this.entry);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let output = '';
    return new Promise<Running>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(
        () => fail(`did not start listening within ${this.startTimeoutMs} ms`),
        this.startTimeoutMs,
      );
      const fail = (reason: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.kill('SIGKILL');
        this.log(`failed to start: ${reason}\n${output.trim()}`);
        reject(
          new HttpError(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }),
        );
      };
      const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        if (!settled) {
          output += text;
          const listening = /Listening on https?:\/\/[^\s:]+:(\d+)\/?/.exec(output);
          if (listening) {
            settled = true;
            clearTimeout(timer);
            const running: Running = {
              child,
              port: Number(listening[1]),
              exited,
              inflight: 0,
              retired: false,
            };
            this.running = running;
            this.log(`started in ${Date.now() - started} ms`);
            resolve(running);
            const rest = output.slice(listening.index + listening[0].length).trim();
            if (rest) this.log(rest);
            return;
          }
        } else {
          for (const line of text.split('\n'))
            if (line.trim()) this.log(stream === 'stderr' ? line : `(stdout) ${line}`);
        }
      };
      child.stdout?.on('data', onData('stdout'));
      child.stderr?.on('data', onData('stderr'));
      child.once('error', (error) => fail(error.message));
      child.once('exit', (code, signal) => {
        if (!settled) fail(`exited with ${signal ?? code}`);
        else if (this.running?.child === child)
          this.log(`exited with ${signal ?? code}; restarts on the next request`);
      });
    });
  }

  /** Stops the process (if any) now; the next request starts a fresh one. */
  async stop(): Promise<void> {
    const starting = this.starting;
    if (starting) await starting.catch(() => undefined);
    const running = this.running;
    this.running = undefined;
    await Promise.all([running, ...this.retired].map((r) => (r ? terminate(r) : undefined)));
  }
}

async function terminate(running: Running): Promise<void> {
  if (!alive(running)) return;
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 2000);
  await running.exited;
  clearTimeout(timer);
}
