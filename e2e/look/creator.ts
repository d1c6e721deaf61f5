// One-off look (not a test): an asset creator's view of an item someone else added, and the Sessions page.
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../support/browser.js';
import { openAs } from '../support/process.js';
import { advanceTo, api, seedEstate } from '../support/seed.js';

const base = process.argv[2]!;
const out = '/tmp/look';
mkdirSync(out, { recursive: true });
const seeded = await seedEstate(base, { rosa: [4], anna: [10] });
await advanceTo(base, seeded, [1]);
const { location } = await api<{ location: { id: string } }>(base, 'POST', `/api/estates/${seeded.estateId}/locations`, { name: 'House' }, seeded.trustee.token);
const { room } = await api<{ room: { id: string } }>(base, 'POST', `/api/estates/${seeded.estateId}/locations/${location.id}/rooms`, { name: 'Kitchen' }, seeded.trustee.token).catch(() => ({ room: { id: '' } }));
const item = await api<{ item: { id: string } }>(base, 'POST', `/api/estates/${seeded.estateId}/items`, { name: 'Copper Kettle', locationId: location.id, ...(room.id ? { roomId: room.id } : {}) }, seeded.trustee.token);
const browser = await launchBrowser();
for (const lang of ['en', 'ar'] as const) {
  const page = await openAs(browser, base, seeded.members.rosa!, 'phone', lang);
  await page.goto(`${base}/p/${seeded.estateId}/i/${item.item.id}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/creator-item-${lang}-phone.png`, fullPage: true });
  await page.goto(`${base}/profile/sessions`);
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `${out}/sessions-${lang}-phone.png`, fullPage: true });
  await page.context().close();
}
await browser.close();
console.log('done');
