// Where the end-to-end tests and benchmarks find Chromium (Debian's package; Playwright cannot download here).
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function assertChromium() {
  if (existsSync(chromiumPath)) return;
  console.error(
    `Chromium was not found at ${chromiumPath}. The end-to-end tests drive Debian's Chromium:\n` +
      '    sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to another Chromium binary).',
  );
  process.exit(1);
}
