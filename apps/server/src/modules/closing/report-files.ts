/**
 * The final accounting's files (stage 90), made from `EstateFacts`: what each is called, who may
 * read it, and its bytes. Trustees and observers read every file; beneficiaries the ones at their
 * level, which name who received each item and why but no values, totals or anyone's choices.
 */
import type { FairnessReport } from '@estate/domain/fairness/report';
import { STAGE_NAMES, isStageCode } from '@estate/domain/stages';
import { escapeCell } from '../catalogue-io/sheet.js';
import { safeFileName } from '../catalogue-io/service.js';
import { byReceiver, DISPOSITION_TEXT, HANDOVER_TEXT, reasonText, type EstateFacts } from './estate-facts.js';
import { renderReportPdf, type Block } from './pdf.js';

export type ReportKind = 'assignment-summary' | 'assignments' | 'fairness' | 'handover' | 'dispositions' | 'draw-record' | 'settlement';
export type ReportFileType = 'pdf' | 'spreadsheet' | 'json';
export type AccessLevel = 'trustees' | 'beneficiaries';

export type MadeFile = {
  kind: ReportKind;
  name: string;
  type: ReportFileType;
  accessLevel: AccessLevel;
  fileName: string;
  contentType: string;
  bytes: Buffer;
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const money = (value: number | null, currency = '') =>
  value === null ? '' : `${value.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const share = (v: number | null) => (v === null ? '' : `${Math.round(v * 100)} %`);

type Sheet = { name: string; columns: { header: string; width: number }[]; rows: (string | number | null)[][] };

/** A workbook of plain tables: text cells (formula-like text neutralised), numbers only where we made them. */
export async function tableWorkbook(sheets: Sheet[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs'); // loaded on first use: a fast cold start (ADR 0018)
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Estate Portal';
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = s.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
    sheet.getRow(1).font = { bold: true };
    for (const row of s.rows) sheet.addRow(row.map((v) => (v === '' ? null : typeof v === 'string' ? escapeCell(v).replaceAll('\r', '') : v)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Totals of the values a group of items carries, per currency ("1,200.00 USD + 300.00 EUR"). */
function totals(items: { value: number | null; currency: string }[]): string {
  const sums = new Map<string, number>();
  for (const i of items) if (i.value !== null) sums.set(i.currency, (sums.get(i.currency) ?? 0) + i.value);
  return [...sums.entries()].map(([c, v]) => money(v, c)).join(' + ') || '—';
}

export async function makeReportFiles(facts: EstateFacts, fairness: FairnessReport | null, now: Date): Promise<MadeFile[]> {
  const estate = facts.estate.name;
  const slug = safeFileName(estate);
  const stage = isStageCode(facts.estate.stage) ? STAGE_NAMES[facts.estate.stage] : String(facts.estate.stage);
  const subtitle = `${estate} · made ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC · stage "${stage}"`;
  const groups = byReceiver(facts);
  const files: MadeFile[] = [];
  const pdf = async (kind: ReportKind, name: string, accessLevel: AccessLevel, blocks: Block[]) =>
    files.push({ kind, name, type: 'pdf', accessLevel, fileName: `${slug}-${kind}.pdf`, contentType: 'application/pdf', bytes: await renderReportPdf({ title: name, subtitle, blocks }) });
  const xlsx = async (kind: ReportKind, name: string, accessLevel: AccessLevel, sheets: Sheet[]) =>
    files.push({ kind, name, type: 'spreadsheet', accessLevel, fileName: `${slug}-${kind}.xlsx`, contentType: XLSX, bytes: await tableWorkbook(sheets) });

  // 1. Assignment summary by receiver, with values (trustees).
  await pdf('assignment-summary', 'Assignment summary by receiver', 'trustees', [
    { kind: 'text', text: 'Every item that went to someone, by receiver, with its appraised value and the reason it went there.' },
    {
      kind: 'table',
      columns: [
        { title: 'Receiver', width: 0.5 },
        { title: 'Items', width: 0.15, align: 'right' },
        { title: 'Value received', width: 0.35, align: 'right' },
      ],
      rows: groups.map((g) => [g.receiver, String(g.items.length), totals(g.items)]),
      emptyText: 'No item has been assigned.',
    },
    ...groups.flatMap((g): Block[] => [
      { kind: 'heading', text: `${g.receiver} — ${g.items.length} ${g.items.length === 1 ? 'item' : 'items'}, ${totals(g.items)}` },
      {
        kind: 'table',
        columns: [
          { title: 'Number', width: 0.12 },
          { title: 'Item', width: 0.4 },
          { title: 'Reason', width: 0.28 },
          { title: 'Value', width: 0.2, align: 'right' },
        ],
        rows: g.items.map((i) => [i.label, i.name, reasonText(i.reason), money(i.value, i.currency)]),
      },
    ]),
  ]);
  await xlsx('assignment-summary', 'Assignment summary by receiver', 'trustees', [
    {
      name: 'By receiver',
      columns: [
        { header: 'Receiver', width: 28 },
        { header: 'Number', width: 10 },
        { header: 'Item', width: 36 },
        { header: 'Reason', width: 24 },
        { header: 'Value', width: 12 },
        { header: 'Currency', width: 10 },
        { header: 'Assigned on', width: 14 },
      ],
      rows: groups.flatMap((g) => g.items.map((i) => [g.receiver, i.label, i.name, reasonText(i.reason), i.value, i.currency, day(i.assignedAt)])),
    },
  ]);

  // 2. Who received what, and why (every beneficiary: what they may already see on each item).
  await pdf('assignments', 'Who received what', 'beneficiaries', [
    { kind: 'text', text: 'Every item that went to someone, by receiver, with the reason it went there.' },
    ...groups.flatMap((g): Block[] => [
      { kind: 'heading', text: `${g.receiver} — ${g.items.length} ${g.items.length === 1 ? 'item' : 'items'}` },
      {
        kind: 'table',
        columns: [
          { title: 'Number', width: 0.14 },
          { title: 'Item', width: 0.52 },
          { title: 'Reason', width: 0.34 },
        ],
        rows: g.items.map((i) => [i.label, i.name, reasonText(i.reason)]),
      },
    ]),
    ...(groups.length === 0 ? [{ kind: 'text', text: 'No item has been assigned.' } as Block] : []),
  ]);
  await xlsx('assignments', 'Who received what', 'beneficiaries', [
    {
      name: 'Who received what',
      columns: [
        { header: 'Receiver', width: 28 },
        { header: 'Number', width: 10 },
        { header: 'Item', width: 36 },
        { header: 'Reason', width: 24 },
      ],
      rows: groups.flatMap((g) => g.items.map((i) => [g.receiver, i.label, i.name, reasonText(i.reason)])),
    },
  ]);

  // 3. Fairness report (trustees), once the last step has run.
  if (fairness) {
    const nameOf = new Map(facts.members.map((m) => [m.id, m.name]));
    const a = fairness.aggregates;
    await pdf('fairness', 'Fairness report', 'trustees', [
      {
        kind: 'facts',
        rows: [
          ['Receivers', String(a.receivers)],
          ['Items received', String(a.itemsReceived)],
          ['Mean share of hearted items received', share(a.meanWantedShare)],
          ['Lowest share of hearted items received', share(a.minWantedShare)],
          ['Pairs where one would prefer the other\'s share (by rank / by tokens)', `${a.enviousPairs.rank} / ${a.enviousPairs.token} of ${a.pairs}`],
          ['Envy beyond one item, EF1 (by rank / by tokens)', `${a.ef1Violations.rank} / ${a.ef1Violations.token}`],
          ['Ties broken at random', String(a.randomTieBreaks)],
          ['Trustee decisions outside the steps', String(a.trusteeOverrides)],
          ['Appraised value received', a.totalValue === null ? '—' : money(a.totalValue)],
          ['Received items without a value', String(a.itemsWithoutValue)],
        ],
      },
      { kind: 'heading', text: 'Each receiver' },
      {
        kind: 'table',
        columns: [
          { title: 'Receiver', width: 0.24 },
          { title: 'Received', width: 0.1, align: 'right' },
          { title: 'Hearted got', width: 0.12, align: 'right' },
          { title: 'High-interest (top 3)', width: 0.16, align: 'right' },
          { title: 'Value', width: 0.16, align: 'right' },
          { title: 'Share', width: 0.1, align: 'right' },
          { title: 'Envies', width: 0.12, align: 'right' },
        ],
        rows: fairness.rows.map((r) => [
          nameOf.get(r.memberId) ?? 'A former member',
          String(r.received),
          r.hearted === 0 ? '—' : `${r.heartedReceived} of ${r.hearted}`,
          `${r.highInterest.received} (${r.highInterest.top3})`,
          money(r.value),
          share(r.valueShare),
          `${r.envies.rank} / ${r.envies.token}`,
        ]),
      },
      { kind: 'text', text: 'Distribution rules and the meaning of each figure: the estate\'s distribution rules ("Fairness report"). "Envies" counts the other receivers this one would rather have swapped with, by their ranking and by their tokens.' },
    ]);
  }

  // 4. Hand-over and receipts (trustees).
  const handed = facts.items.filter((i) => i.handover !== null);
  await pdf('handover', 'Hand-over and receipts', 'trustees', [
    {
      kind: 'facts',
      rows: (Object.keys(HANDOVER_TEXT) as (keyof typeof HANDOVER_TEXT)[]).map((s) => [HANDOVER_TEXT[s], String(handed.filter((i) => i.handover === s).length)]),
    },
    ...groups.flatMap((g): Block[] => [
      { kind: 'heading', text: g.receiver },
      {
        kind: 'table',
        columns: [
          { title: 'Number', width: 0.11 },
          { title: 'Item', width: 0.31 },
          { title: 'Status', width: 0.15 },
          { title: 'Handed over', width: 0.14 },
          { title: 'Received', width: 0.14 },
          { title: 'Confirmed by', width: 0.15 },
        ],
        rows: g.items.map((i) => [i.label, i.name, i.handover ? HANDOVER_TEXT[i.handover] : '', day(i.handedOverAt), day(i.receivedAt), i.receivedBy]),
      },
    ]),
  ]);
  await xlsx('handover', 'Hand-over and receipts', 'trustees', [
    {
      name: 'Hand-over',
      columns: [
        { header: 'Receiver', width: 28 },
        { header: 'Number', width: 10 },
        { header: 'Item', width: 36 },
        { header: 'Location / Room', width: 28 },
        { header: 'Status', width: 14 },
        { header: 'Method', width: 12 },
        { header: 'Scheduled', width: 12 },
        { header: 'Handed over', width: 12 },
        { header: 'Received', width: 12 },
        { header: 'Confirmed by', width: 24 },
        { header: 'Note', width: 36 },
      ],
      rows: groups.flatMap((g) =>
        g.items.map((i) => [g.receiver, i.label, i.name, i.place, i.handover ? HANDOVER_TEXT[i.handover] : '', i.method ?? '', day(i.scheduledAt), day(i.handedOverAt), day(i.receivedAt), i.receivedBy, i.handoverNote]),
      ),
    },
  ]);

  // 5. What became of unwanted and held items (trustees: sale prices and buyers).
  const setAside = facts.items.filter((i) => i.disposition !== null || i.status === 'unwanted' || i.status === 'hold');
  await pdf('dispositions', 'Unwanted and held items', 'trustees', [
    {
      kind: 'table',
      columns: [
        { title: 'Number', width: 0.11 },
        { title: 'Item', width: 0.3 },
        { title: 'Decision', width: 0.15 },
        { title: 'Note', width: 0.26 },
        { title: 'Sale', width: 0.18, align: 'right' },
      ],
      rows: setAside.map((i) => [i.label, i.name, i.disposition ? (DISPOSITION_TEXT[i.disposition] ?? i.disposition) : 'Not decided', i.dispositionNote, money(i.salePrice, i.saleCurrency ?? '')]),
      emptyText: 'No item was left unwanted or on hold.',
    },
  ]);

  // 6. Draw records, one JSON file per step (re-checkable with the verify page or `npm run verify-draw`).
  for (const d of facts.draws) {
    const name = `Draw record: ${isStageCode(d.step) ? STAGE_NAMES[d.step] : `step ${d.step}`}`;
    files.push({
      kind: 'draw-record',
      name,
      type: 'json',
      accessLevel: 'trustees',
      fileName: `${slug}-draw-${d.step}.json`,
      contentType: 'application/json',
      bytes: Buffer.from(`${JSON.stringify(d.record, null, 2)}\n`),
    });
  }
  return files;
}
