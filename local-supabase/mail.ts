import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { PROJECT_ROOT, type StackConfig } from './config.ts';
import { waitForListener } from './ports.ts';

/** The mail catcher (maildev): SMTP for what the product sends, a web inbox to read it. */
export interface Mailer {
  send(message: { to: string; subject: string; html: string; text: string }): Promise<void>;
  stop(): Promise<void>;
}

/** A maildev left behind by a stack that was killed outright holds the ports: end it. */
export function stopStaleMail(config: StackConfig) {
  const pidFile = path.join(config.stateDir, 'maildev.pid');
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    if (pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('maildev'))
      process.kill(pid, 'SIGKILL');
  } catch {
    /* no stale process */
  }
}

export async function startMail(config: StackConfig): Promise<Mailer> {
  const pidFile = path.join(config.stateDir, 'maildev.pid');
  stopStaleMail(config);
  const child = spawn(
    process.execPath,
    [
      path.join(PROJECT_ROOT, 'node_modules', 'maildev', 'bin', 'maildev'),
      '--smtp',
      String(config.smtpPort),
      '--web',
      String(config.inboxPort),
      '--ip',
      config.host,
      '--mail-directory',
      path.join(config.stateDir, 'mail'),
      '--silent',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  fs.writeFileSync(pidFile, String(child.pid));
  let err = '';
  child.stderr?.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    await Promise.all([
      waitForListener(config.smtpPort, config.host, 15000),
      waitForListener(config.inboxPort, config.host, 15000),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`maildev did not start: ${(error as Error).message}\n${err}`);
  }
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
    async stop() {
      transport.close();
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(pidFile, { force: true });
    },
  };
}
