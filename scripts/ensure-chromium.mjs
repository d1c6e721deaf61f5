// Browser tests use Debian's Chromium. Install it when we can (root with apt-get); never download a browser of our own.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log('Chromium is missing; installing Debian\'s chromium package…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`Browser tests need Chromium at ${CHROMIUM}: run "sudo apt-get install chromium" (or set CHROMIUM_PATH) and try again.`);
    process.exit(1);
  }
}
