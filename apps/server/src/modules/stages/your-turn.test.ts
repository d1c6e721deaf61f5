/**
 * "Your turn" mail: a stage move mails the people it needs, once, in their language, naming their
 * role, with one button to the right page; results (40) have their own words; nobody else is mailed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { plainText, startSmtpSink } from '../../test/smtp-sink.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { drawRecords, interests } from '../../db/schema.js';

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

  it('mails at stage 30 only the beneficiaries with tokens to place, and Home and the to-do list ask nothing of the others', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee, 'Estate of Ada Stone');
    const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const layla = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const carl = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const chair = await createItem(h, estateId, trustee, { name: 'Oak Chair' });
    const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
    // The chair is contested (two receivers' hearts); the lamp has one heart: only Carl's.
    await h.database.db.insert(interests).values([
      { estateId, itemId: chair.id, memberId: anna.id },
      { estateId, itemId: chair.id, memberId: layla.id },
      { estateId, itemId: lamp.id, memberId: carl.id },
    ]);
    await setStage(h, estateId, 21);
    // Step 21 counts as run (its own tests are the draws'); the move into 30 is a real one.
    await h.database.db.insert(drawRecords).values({ estateId, step: 21, record: {} });
    await settleMail();

    const moved = await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 30 } });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect.poll(() => mailTo(anna.email).length + mailTo(layla.email).length).toBe(2);
    expect(plainText(mailTo(anna.email)[0]!)).toContain('/my-items?tab=tokens');
    await settleMail();
    // Carl hearted no contested item: no tokens, no "your turn", no "0 of 0".
    expect(mailTo(carl.email)).toHaveLength(0);

    const step = async (who: typeof anna) => (await call(h, 'GET', `/api/estates/${estateId}/next-step`, { as: who })).json().nextStep;
    expect(await step(anna)).toMatchObject({ kind: 'task', task: 'tokens', progress: { done: 0, total: 1 } });
    expect(await step(carl)).toEqual({ kind: 'wait', stage: 30 });
    const todos = async (who: typeof anna) => (await call(h, 'GET', '/api/todos', { as: who })).json().todos.map((t: { id: string }) => t.id);
    expect(await todos(anna)).toContain(`stage-${estateId}-30`);
    expect(await todos(carl)).not.toContain(`stage-${estateId}-30`);

    // An equal budget gives tokens only to someone with a contested item to place them on.
    await h.database.db.execute(`update estates set settings = settings || '{"tokenBudget": "equal", "equalTokenBudget": 5}'::jsonb where id = '${estateId}'`);
    expect(await step(anna)).toMatchObject({ kind: 'task', task: 'tokens', progress: { done: 0, total: 5 } });
    expect(await step(carl)).toEqual({ kind: 'wait', stage: 30 });
  });
});
