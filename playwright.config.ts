import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/browser.ts';

const chromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three at once on two cores: in the headless shell a test leaves the CPU idle about a third of
  // the time at two workers (waits on the stack, on timers), and at three it is busy throughout.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: process.env.SITE_URL ?? 'http://127.0.0.1:5400',
    // A trace costs every test its screencast and snapshots: record one only when a test is run
    // again after failing (CI retries once), which is the run that shows a flake.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    // Signs the demo accounts in once and saves their state (tests/e2e/.auth/<role>.json).
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      // The session room, in Chromium with a fake camera and microphone (a moving test pattern and
      // a beep). Listed first: its tests run one after another (one room at a time), and started
      // first they run beside the others instead of being the suite's last minute on one core.
      name: 'room',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            ...chromiumArgs,
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
            '--autoplay-policy=no-user-gesture-required',
          ],
        },
        permissions: ['camera', 'microphone'],
      },
      testMatch: /session-room\.spec\.ts/,
      dependencies: ['setup'],
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /.*(\.mobile\.spec|\.setup|session-room\.spec)\.ts/,
      dependencies: ['setup'],
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'] },
      testMatch: /.*\.mobile\.spec\.ts/,
      dependencies: ['setup'],
    },
  ],
});
