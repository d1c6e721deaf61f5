import { createHash } from 'node:crypto';
import { readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import ExcelJS from 'exceljs';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { DOCUMENT_LIMITS } from '@estate/domain/uploads';
import { LocalDiskStorage } from '../../platform/storage.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { documentForm, tinyPdf } from '../../test/route-fixtures/consent-documents.js';
import { sweepPhotoFiles } from '../photos/sweep.js';

const h = useHarness();

async function vault() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const creator = await addMember(h, estateId, trustee, [Role.Creator]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const url = (p = '') => `/api/estates/${estateId}/documents${p}`;
  const upload = (file: { name: string; type: string; bytes: Buffer }, fields: Record<string, string> = {}, as: Caller = trustee) => {
    const form = documentForm(fields, file);
    return h.app.inject({ method: 'POST', url: url(), headers: { ...form.headers, authorization: `Bearer ${as.token}` }, payload: form.payload });
  };
  const pdf = (name = 'Last Will.pdf') => ({ name, type: 'application/pdf', bytes: tinyPdf() });
  const list = async (as: Caller) => (await call(h, 'GET', url(), { as })).json();
  const file = (id: string, as: Caller, query = '') => call(h, 'GET', url(`/${id}/file${query}`), { as });
  return { trustee, estateId, ben, creator, observer, url, upload, pdf, list, file };
}

describe('access levels', () => {
  it('shows each document only up to its level; below it the file is 404, as for one that does not exist', async () => {
    const v = await vault();
    const will = (await v.upload(v.pdf(), { accessLevel: 'trustees' })).json().document;
    const appraisal = (await v.upload(v.pdf('Appraisal 2024.pdf'), { accessLevel: 'beneficiaries' })).json().document;
    const inventory = (await v.upload(v.pdf('Inventory.pdf'), { accessLevel: 'everyone' })).json().document;
    expect(will).toMatchObject({ name: 'Last Will', accessLevel: 'trustees', kind: 'pdf', contentType: 'application/pdf' });

    const names = async (as: Caller) => (await v.list(as)).documents.map((d: { name: string }) => d.name).sort();
    expect(await names(v.trustee)).toEqual(['Appraisal 2024', 'Inventory', 'Last Will']);
    expect(await names(v.observer)).toEqual(['Appraisal 2024', 'Inventory', 'Last Will']);
    expect(await names(v.ben)).toEqual(['Appraisal 2024', 'Inventory']);
    expect(await names(v.creator)).toEqual(['Inventory']);

    const hidden = await v.file(will.id, v.ben);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toMatchObject({ code: 'not_found', reason: 'documents.notFound' });
    const unknown = await v.file('01900000-0000-7000-8000-000000000000', v.ben);
    expect(unknown.json()).toEqual(hidden.json());
    expect((await v.file(appraisal.id, v.creator)).statusCode).toBe(404);
    expect((await v.file(appraisal.id, v.ben)).statusCode).toBe(200);
    expect((await v.file(inventory.id, v.creator)).statusCode).toBe(200);
    expect((await v.file(will.id, v.trustee)).statusCode).toBe(200);

    // Sharing it with everyone later makes it theirs to read.
    const shared = await call(h, 'PATCH', v.url(`/${will.id}`), { as: v.trustee, body: { accessLevel: 'everyone' } });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await v.file(will.id, v.creator)).statusCode).toBe(200);
  });

  it('only trustees upload, rename, move and delete', async () => {
    const v = await vault();
    expect((await v.upload(v.pdf(), {}, v.ben)).statusCode).toBe(403);
    const doc = (await v.upload(v.pdf())).json().document;
    expect(doc.accessLevel).toBe('trustees'); // the safest, when not said
    expect((await call(h, 'PATCH', v.url(`/${doc.id}`), { as: v.ben, body: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', v.url(`/${doc.id}`), { as: v.observer })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', v.url(`/${doc.id}`), { as: v.trustee })).statusCode).toBe(204);
    expect((await v.file(doc.id, v.trustee)).statusCode).toBe(404);
  });
});

describe('what is served, and how', () => {
  it('serves the bytes as an attachment with nosniff; inline only for a PDF or an image, and only when asked', async () => {
    const v = await vault();
    const doc = (await v.upload(v.pdf('Testament – Ayşe.pdf'), { accessLevel: 'everyone' })).json().document;
    const res = await v.file(doc.id, v.ben);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Testament _ Ay_e.pdf"; filename\*=UTF-8''Testament%20%E2%80%93%20Ay%C5%9Fe\.pdf$/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(tinyPdf())).toBe(true);
    // A right-to-left override in the uploaded name is dropped from the name and the download's name.
    const tricky = (await v.upload(v.pdf('invoice\u202Efdp.exe.pdf'), { accessLevel: 'everyone' })).json().document;
    expect(tricky.name).toBe('invoicefdp.exe');
    const renamed = await call(h, 'PATCH', v.url(`/${tricky.id}`), { as: v.trustee, body: { name: 'Will \u2067copy\u2069 \u200F2' } });
    expect(renamed.json().document.name).toBe('Will copy 2');
    expect((await v.file(tricky.id, v.ben)).headers['content-disposition']).toBe(`attachment; filename="Will copy 2.pdf"; filename*=UTF-8''Will%20copy%202.pdf`);
    const inline = await v.file(doc.id, v.ben, '?disposition=inline');
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);

    const book = new ExcelJS.Workbook();
    book.addWorksheet('Receipts').addRow(['Piano tuning', 120]);
    const xlsx = (await v.upload({ name: 'receipts.xlsx', type: 'application/octet-stream', bytes: Buffer.from(await book.xlsx.writeBuffer()) }, { accessLevel: 'everyone' })).json().document;
    expect(xlsx).toMatchObject({ kind: 'office', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const office = await v.file(xlsx.id, v.ben, '?disposition=inline');
    expect(office.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('reads the type from the bytes: HTML is refused whatever it claims to be, a PNG called .pdf is kept as a PNG', async () => {
    const v = await vault();
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/me")</script></body></html>');
    for (const claim of [
      { name: 'will.html', type: 'text/html' },
      { name: 'will.pdf', type: 'application/pdf' },
      { name: 'photo.png', type: 'image/png' },
    ]) {
      const res = await v.upload({ ...claim, bytes: html }, { accessLevel: 'everyone' });
      expect(res.statusCode, claim.name).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'unsupported_type', reason: 'documents.unsupportedType' });
    }
    expect((await v.upload({ name: 'drawing.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') })).statusCode).toBe(415);
    expect((await v.list(v.trustee)).documents).toEqual([]);

    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } }).png().toBuffer();
    const disguised = (await v.upload({ name: 'scan.pdf', type: 'application/pdf', bytes: png }, { accessLevel: 'everyone' })).json().document;
    expect(disguised).toMatchObject({ kind: 'image', contentType: 'image/png' });
    const res = await v.file(disguised.id, v.ben);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('filename="scan.png"');
  });

  it('removes the hidden metadata of photos and scans (GPS, camera)', async () => {
    const v = await vault();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa8844' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone Maker', Copyright: 'Private' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const doc = (await v.upload({ name: 'receipt.jpg', type: 'image/jpeg', bytes: jpeg }, { accessLevel: 'everyone' })).json().document;
    const stored = (await v.file(doc.id, v.trustee)).rawPayload;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('refuses a file over the size limit with the limit named, and a request without a file', async () => {
    const v = await vault();
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(DOCUMENT_LIMITS.bytes)]);
    const res = await v.upload({ name: 'huge.pdf', type: 'application/pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'too_large', reason: 'documents.tooLarge', params: { limit: 25 } });
    const form = documentForm({}, { name: 'huge.pdf', type: 'application/pdf', bytes: big });
    const turkish = await h.app.inject({ method: 'POST', url: v.url(), headers: { ...form.headers, authorization: `Bearer ${v.trustee.token}`, 'accept-language': 'tr' }, payload: form.payload });
    expect(turkish.json().error.message).toContain('25 MB');
    expect(turkish.json().error.message).toContain('büyük');
    const empty = await call(h, 'POST', v.url(), { as: v.trustee, body: { accessLevel: 'everyone' } });
    expect(empty.statusCode).toBe(415);
    expect((await v.upload(v.pdf(), { accessLevel: 'family' })).json().error.fields).toHaveProperty('accessLevel');
  });
});

describe('folders', () => {
  it('files documents in folders; members see only folders they find something in; a deleted folder leaves its documents', async () => {
    const v = await vault();
    const wills = (await call(h, 'POST', v.url('/folders'), { as: v.trustee, body: { name: 'Wills' } })).json().folder;
    const receipts = (await call(h, 'POST', v.url('/folders'), { as: v.trustee, body: { name: 'Receipts' } })).json().folder;
    const will = (await v.upload(v.pdf(), { folderId: wills.id, accessLevel: 'trustees' })).json().document;
    const bill = (await v.upload(v.pdf('Removals bill.pdf'), { folderId: receipts.id, accessLevel: 'beneficiaries' })).json().document;
    expect(will.folderId).toBe(wills.id);
    expect((await v.list(v.trustee)).folders.map((f: { name: string }) => f.name)).toEqual(['Receipts', 'Wills']);
    expect((await v.list(v.ben)).folders.map((f: { name: string }) => f.name)).toEqual(['Receipts']);
    expect((await v.upload(v.pdf(), { folderId: '01900000-0000-7000-8000-000000000000' })).json().error.fields).toHaveProperty('folderId');

    const moved = await call(h, 'PATCH', v.url(`/${bill.id}`), { as: v.trustee, body: { folderId: null, name: 'Bill from the removal firm' } });
    expect(moved.json().document).toMatchObject({ folderId: null, name: 'Bill from the removal firm' });
    expect((await call(h, 'PATCH', v.url(`/folders/${wills.id}`), { as: v.trustee, body: { name: 'Will and codicil' } })).json().folder.name).toBe('Will and codicil');
    expect((await call(h, 'DELETE', v.url(`/folders/${wills.id}`), { as: v.trustee })).statusCode).toBe(204);
    const after = await v.list(v.trustee);
    expect(after.folders.map((f: { name: string }) => f.name)).toEqual(['Receipts']);
    expect(after.documents.find((d: { id: string }) => d.id === will.id).folderId).toBeNull();
  });
});

describe('directives name a document of the estate', () => {
  it('refuses (400) a documentId of another estate or of none, and keeps one of its own', async () => {
    const v = await vault();
    const item = await createItem(h, v.estateId, v.trustee, { name: 'Walnut Bureau' });
    const will = (await v.upload(v.pdf())).json().document;
    const stranger = await createUser(h);
    const otherEstate = await createEstate(h, stranger, 'Another family');
    const form = documentForm({}, v.pdf('Their will.pdf'));
    const theirs = (
      await h.app.inject({ method: 'POST', url: `/api/estates/${otherEstate}/documents`, headers: { ...form.headers, authorization: `Bearer ${stranger.token}` }, payload: form.payload })
    ).json().document;
    await setStage(h, v.estateId, Stage.Directives);
    const post = (documentId: string) =>
      call(h, 'POST', `/api/estates/${v.estateId}/directives`, { as: v.trustee, body: { itemId: item.id, memberId: v.ben.id, clause: 'Article 2: the bureau to my son.', documentId } });
    for (const wrong of [theirs.id, '01900000-0000-7000-8000-000000000000']) {
      const res = await post(wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', reason: 'directives.documentNotInEstate' });
      expect(res.json().error.fields).toHaveProperty('documentId');
    }
    const ok = await post(will.id);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().directive.documentId).toBe(will.id);
  });
});

describe('storage', () => {
  // It ages files on disk; the same sweep on a bucket is storage.contract.test.ts's and sweep-s3.test.ts's.
  it.skipIf(process.env.TEST_S3 === '1')('keeps a document’s file through the hourly sweep, and lets it go once the document is deleted', async () => {
    const v = await vault();
    const doc = (await v.upload(v.pdf())).json().document;
    const filesDir = path.join(h.config.DATA_DIR, 'files');
    const ctx = { db: h.database.db, storage: new LocalDiskStorage(filesDir) };
    const old = new Date(Date.now() - 2 * 3_600_000);
    const age = () => {
      for (const f of readdirSync(filesDir, { recursive: true, withFileTypes: true })) if (f.isFile()) utimesSync(path.join(f.parentPath, f.name), old, old);
    };
    const key = createHash('sha256').update(tinyPdf()).digest('hex');
    const stored = () => readdirSync(filesDir, { recursive: true, withFileTypes: true }).some((f) => f.isFile() && f.name === key);
    age();
    await sweepPhotoFiles(ctx, new Date(Date.now() - 3_600_000));
    expect(stored()).toBe(true);
    expect((await v.file(doc.id, v.trustee)).statusCode).toBe(200);
    await call(h, 'DELETE', v.url(`/${doc.id}`), { as: v.trustee });
    age();
    await sweepPhotoFiles(ctx, new Date(Date.now() - 3_600_000));
    expect(stored()).toBe(false);
  });
});
