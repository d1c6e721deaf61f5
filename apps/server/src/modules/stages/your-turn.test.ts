/**
 * "Your turn" mail: a stage move mails the people it needs, once, in their language, naming their
 * role, with one button to the right page; results (40) have their own words; nobody else is mailed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { plainText, startSmtpSink } from '../../test/smtp-sink.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const sink = await startSmtpSink();
const received = sink.received;

const h = useHarness({ SMTP_URL: sink.url, PUBLIC_URL: 'https://family.example' });
afterAll(() => sink.close());

const mailTo = (email: string) => received.filter((m) => m.to === email);

/**
 * Forgets the set-up's own mail (invitations, sign-ups). Each was in the sink when its request
 * answered (the request awaits the send; the sink keeps a mail before it accepts it); whatever a
 * stage move set off is done once the stage process is idle.
 */
async function settleMail() {
  await h.app.stageProcess.idle();
  received.length = 0;
}

describe('mail when it is their turn', () => {
  it('mails each beneficiary in their language when review opens, and not the trustee, an observer or someone who turned mail off', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee, 'Estate of Rose Park');
    const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const layla = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const quiet = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const observer = await addMember(h, estateId, trustee, [Role.Observer]);
    expect((await call(h, 'PATCH', '/api/me', { as: layla, body: { settings: { language: 'ar' } } })).statusCode).toBe(200);
    await h.database.db.execute(`update users set settings = settings || '{"notifications": false}'::jsonb where id = '${quiet.id}'`);
    await createItem(h, estateId, trustee, { name: 'Oak Chair' });
    await setStage(h, estateId, 1);
    await settleMail();

    const moved = await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 2 } });
    expect(moved.statusCode).toBe(200);
    await expect.poll(() => mailTo(anna.email).length + mailTo(layla.email).length).toBe(2);

    const english = plainText(mailTo(anna.email)[0]!);
    expect(english).toContain('Subject: =?UTF-8?');
    expect(english).toContain('Now it is your turn to check the items and approve them.');
    expect(english).toContain('as a beneficiary');
    expect(english).toContain(`https://family.example/p/${estateId}/i?review=1`);
    expect(english).toContain('Start now');

    const arabic = plainText(mailTo(layla.email)[0]!);
    expect(arabic).toContain('حان دورك الآن: مراجعة القطع واعتمادها.');
    expect(arabic).toContain('dir="rtl"');

    // Nobody else: the mover, an observer (nothing to do), and the person who asked for no mail.
    expect(mailTo(trustee.email)).toHaveLength(0);
    expect(mailTo(observer.email)).toHaveLength(0);
    expect(mailTo(quiet.email)).toHaveLength(0);
  });

  it('does not mail anyone on a step back', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee, 'Estate of Tom Reed');
    const creator = await addMember(h, estateId, trustee, [Role.Creator]);
    await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
    await setStage(h, estateId, 2);
    await settleMail();
    // Back into cataloguing: the creator could act again, but nothing new was asked of them.
    expect((await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 1 } })).statusCode).toBe(200);
    // Forward into review mails nobody here (no beneficiaries); forward into cataloguing would.
    await setStage(h, estateId, 0);
    expect((await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 1 } })).statusCode).toBe(200);
    await expect.poll(() => mailTo(creator.email).length).toBe(1);
    expect(plainText(mailTo(creator.email)[0]!)).toContain('as an asset creator');
  });
});
