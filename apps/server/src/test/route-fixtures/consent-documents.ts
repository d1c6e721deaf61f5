/** Consent (the Terms and the Agreement) and the document vault: one valid request per route. */
import { randomUUID } from 'node:crypto';
import { TERMS_VERSION } from '@estate/domain/consent';
import { call } from '../harness.js';
import { inCatalogueStage, type Fixture, type World } from '../route-world.js';

/** The smallest file the vault takes: a PDF by its first bytes. */
export const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A multipart body with form fields and one file part named `file`. */
export function documentForm(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----vault${randomUUID()}`;
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A document every member may open, uploaded by the trustee. */
const freshDocument = (w: World) =>
  inCatalogueStage(w, async () => {
    const form = documentForm({ accessLevel: 'everyone' }, { name: 'Inventory.pdf', type: 'application/pdf', bytes: tinyPdf() });
    const res = await w.h.app.inject({
      method: 'POST',
      url: `/api/estates/${w.estateId}/documents`,
      headers: { ...form.headers, authorization: `Bearer ${w.trustee.token}` },
      payload: form.payload,
    });
    return res.json<{ document: { id: string } }>().document.id;
  });

const freshFolder = (w: World) =>
  inCatalogueStage(w, async () => {
    const res = await call(w.h, 'POST', `/api/estates/${w.estateId}/documents/folders`, { as: w.trustee, body: { name: 'Receipts' } });
    return res.json<{ folder: { id: string } }>().folder.id;
  });

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/agreements': { request: () => ({}) },
  // The Terms' version does not change while the matrix runs (the Agreement's does, by the route below).
  'POST /api/estates/:eid/agreements/:kind/accept': { request: () => ({ params: { kind: 'terms' }, body: { version: TERMS_VERSION } }) },
  'POST /api/estates/:eid/agreements/agreement/versions': { request: () => ({ body: { notes: { disputes: 'Our mediator is Mrs Okafor.' } } }) },
  'GET /api/estates/:eid/agreements/acceptances': { request: () => ({}) },

  'GET /api/estates/:eid/documents': { request: () => ({}) },
  'POST /api/estates/:eid/documents': { request: () => ({ file: { name: 'Will.pdf', type: 'application/pdf', bytes: tinyPdf() } }) },
  'GET /api/estates/:eid/documents/:did/file': { request: async (w) => ({ params: { did: await freshDocument(w) } }) },
  'PATCH /api/estates/:eid/documents/:did': { request: async (w) => ({ params: { did: await freshDocument(w) }, body: { name: 'Inventory of the house' } }) },
  'DELETE /api/estates/:eid/documents/:did': { request: async (w) => ({ params: { did: await freshDocument(w) } }) },
  'POST /api/estates/:eid/documents/folders': { request: () => ({ body: { name: 'Appraisals' } }) },
  'PATCH /api/estates/:eid/documents/folders/:fid': { request: async (w) => ({ params: { fid: await freshFolder(w) }, body: { name: 'Receipts and bills' } }) },
  'DELETE /api/estates/:eid/documents/folders/:fid': { request: async (w) => ({ params: { fid: await freshFolder(w) } }) },
};
