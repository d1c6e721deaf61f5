/**
 * The final accounting's files (stage 90), made from `EstateFacts`: what each is called, who may
 * read it, and its bytes. Trustees and observers read every file; beneficiaries the ones at their
 * level, which name who received each item and why but no values, totals or anyone's choices.
 */
import type { FairnessReport } from '@estate/domain/fairness/report';
import { STAGE_NAMES, isStageCode } from '@estate/domain/stages';
import { escapeCell } from '../catalogue-io/sheet.js';
import { safeFileName } from '../catalogue-io/service.js';
import { accountingOf, amounts, HANDOVER_TEXT, OUTCOME_TEXT, ownerOf, reasonText, totalLines, type EstateFacts, type FactItem, type FactStory } from './estate-facts.js';
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

export async function makeReportFiles(facts: EstateFacts, fairness: FairnessReport | null, now: Date): Promise<MadeFile[]> {
  const estate = facts.estate.name;
  const slug = safeFileName(estate);
  const stage = isStageCode(facts.estate.stage) ? STAGE_NAMES[facts.estate.stage] : String(facts.estate.stage);
  const subtitle = `${estate} · made ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC · stage "${stage}"`;
  const accounting = accountingOf(facts);
  const { received, returned, setAside, proceeds } = accounting;
  const files: MadeFile[] = [];
  const storiesOf = new Map<string, FactStory[]>();
  for (const st of facts.stories ?? []) storiesOf.set(st.itemId, [...(storiesOf.get(st.itemId) ?? []), st]);
  /** A receiver's items' stories, under their table: who told each, when, and the words. */
  const storyBlocks = (receivedItems: FactItem[]): Block[] => {
    const told = receivedItems.flatMap((i) => (storiesOf.get(i.id) ?? []).map((st) => ({ i, st })));
    if (told.length === 0) return [];
    return [
      {
        kind: 'table',
        columns: [
          { title: 'Story of', width: 0.14 },
          { title: 'Told by, on', width: 0.26 },
          { title: 'Story', width: 0.6 },
        ],
        rows: told.map(({ i, st }) => [i.label, `${st.teller}, ${day(st.toldAt)}`, st.text || (st.audioKey ? 'A recording (in the estate archive)' : '')]),
      },
    ];
  };
  const pdf = async (kind: ReportKind, name: string, accessLevel: AccessLevel, blocks: Block[]) =>
    files.push({ kind, name, type: 'pdf', accessLevel, fileName: `${slug}-${kind}.pdf`, contentType: 'application/pdf', bytes: await renderReportPdf({ title: name, subtitle, blocks }) });
  const xlsx = async (kind: ReportKind, name: string, accessLevel: AccessLevel, sheets: Sheet[]) =>
    files.push({ kind, name, type: 'spreadsheet', accessLevel, fileName: `${slug}-${kind}.xlsx`, contentType: XLSX, bytes: await tableWorkbook(sheets) });
  const count = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
  const receivedCount = received.reduce((n, g) => n + g.items.length, 0);
  const setAsideCount = setAside.reduce((n, g) => n + g.items.length, 0);
  const sold = setAside.find((g) => g.outcome === 'sold')?.items ?? [];
  const salePrice = (i: FactItem) => money(i.salePrice, i.saleCurrency ?? i.currency);
  /** The heading of one outcome's group; the sold one says what the sales brought in. */
  const outcomeHeading = (g: (typeof setAside)[number], withMoney: boolean) =>
    `${OUTCOME_TEXT[g.outcome]} — ${count(g.items.length)}${withMoney && g.outcome === 'sold' ? `, sale proceeds ${amounts(proceeds)}` : ''}`;
  const returnedBlocks = (withNote: boolean): Block[] =>
    returned.length === 0
      ? []
      : [
          { kind: 'heading', text: `Returned to its owner — ${count(returned.length)}` },
          {
            kind: 'table',
            columns: withNote
              ? [
                  { title: 'Number', width: 0.12 },
                  { title: 'Item', width: 0.34 },
                  { title: 'Owner', width: 0.24 },
                  { title: 'Note', width: 0.3 },
                ]
              : [
                  { title: 'Number', width: 0.14 },
                  { title: 'Item', width: 0.52 },
                  { title: 'Owner', width: 0.34 },
                ],
            rows: returned.map((i) => (withNote ? [i.label, i.name, ownerOf(i), i.returnNote] : [i.label, i.name, ownerOf(i)])),
          },
        ];

  // 1. The final accounting by what happened, with values and sale proceeds (trustees).
  await pdf('assignment-summary', 'Assignment summary by receiver', 'trustees', [
    { kind: 'text', text: 'What happened to every item: who received it and why, what went back to its owner, and what became of the items nobody received. Appraised values and sale prices are always shown apart.' },
    {
      kind: 'facts',
      rows: [
        ['Received', count(receivedCount)],
        ['Returned to its owner', count(returned.length)],
        ['Nobody received', count(setAsideCount)],
        ['Appraised value received', amounts(accounting.receivedValue)],
        ['Sale proceeds', `${amounts(proceeds)} (${count(sold.length)} sold)`],
      ],
    },
    { kind: 'heading', text: 'Received, by person' },
    {
      kind: 'table',
      columns: [
        { title: 'Receiver', width: 0.5 },
        { title: 'Items', width: 0.15, align: 'right' },
        { title: 'Appraised value received', width: 0.35, align: 'right' },
      ],
      rows: received.map((g) => [g.receiver, String(g.items.length), amounts(g.value)]),
      emptyText: 'Nobody has received an item.',
    },
    ...received.flatMap((g): Block[] => [
      { kind: 'heading', text: `${g.receiver} — ${count(g.items.length)}, ${amounts(g.value)}` },
      {
        kind: 'table',
        columns: [
          { title: 'Number', width: 0.12 },
          { title: 'Item', width: 0.4 },
          { title: 'Reason', width: 0.26 },
          { title: 'Appraised value', width: 0.22, align: 'right' },
        ],
        rows: g.items.map((i) => [i.label, i.name, reasonText(i.reason), money(i.value, i.currency)]),
      },
    ]),
    ...returnedBlocks(true),
    ...(setAside.length > 0 ? [{ kind: 'heading', text: `Nobody received — ${count(setAsideCount)}` } as Block] : []),
    ...setAside.flatMap((g): Block[] => [
      { kind: 'heading', text: outcomeHeading(g, true) },
      g.outcome === 'sold'
        ? {
            kind: 'table',
            columns: [
              { title: 'Number', width: 0.12 },
              { title: 'Item', width: 0.34 },
              { title: 'Buyer', width: 0.32 },
              { title: 'Sale price', width: 0.22, align: 'right' },
            ],
            rows: g.items.map((i) => [i.label, i.name, i.buyer, salePrice(i)]),
          }
        : {
            kind: 'table',
            columns: [
              { title: 'Number', width: 0.12 },
              { title: 'Item', width: 0.4 },
              { title: 'Note', width: 0.48 },
            ],
            rows: g.items.map((i) => [i.label, i.name, i.dispositionNote]),
          },
    ]),
  ]);
  await xlsx('assignment-summary', 'Assignment summary by receiver', 'trustees', [
    {
      name: 'Received',
      columns: [
        { header: 'Receiver', width: 28 },
        { header: 'Number', width: 10 },
        { header: 'Item', width: 36 },
        { header: 'Reason', width: 24 },
        { header: 'Appraised value', width: 16 },
        { header: 'Currency', width: 10 },
        { header: 'Assigned on', width: 14 },
      ],
      rows: received.flatMap((g) => g.items.map((i) => [g.receiver, i.label, i.name, reasonText(i.reason), i.value, i.currency, day(i.assignedAt)])),
    },
    {
      name: 'Returned to its owner',
      columns: [
        { header: 'Number', width: 10 },
        { header: 'Item', width: 36 },
        { header: 'Owner', width: 28 },
        { header: 'Note', width: 40 },
      ],
      rows: returned.map((i) => [i.label, i.name, ownerOf(i), i.returnNote]),
    },
    {
      name: 'Nobody received',
      columns: [
        { header: 'What happened', width: 26 },
        { header: 'Number', width: 10 },
        { header: 'Item', width: 36 },
        { header: 'Note', width: 36 },
        { header: 'Sale price', width: 12 },
        { header: 'Sale currency', width: 12 },
        { header: 'Buyer', width: 24 },
      ],
      rows: setAside.flatMap((g) => g.items.map((i) => [OUTCOME_TEXT[g.outcome], i.label, i.name, i.dispositionNote, i.salePrice, i.salePrice === null ? '' : (i.saleCurrency ?? i.currency), i.buyer])),
    },
    {
      name: 'Totals',
      columns: [
        { header: 'What', width: 36 },
        { header: 'Items', width: 8 },
        { header: 'Amount', width: 14 },
        { header: 'Currency', width: 10 },
        { header: 'Amount is', width: 16 },
      ],
      rows: totalLines(accounting).map((l) => [l.what, l.items, l.amount, l.currency, l.kind]),
    },
  ]);

  // 2. Who received what, and why (every beneficiary: what they may already see on each item; no values).
  await pdf('assignments', 'Who received what', 'beneficiaries', [
    { kind: 'text', text: 'What happened to every item: who received it and why, what went back to its owner, and what became of the items nobody received.' },
    ...received.flatMap((g): Block[] => [
      { kind: 'heading', text: `${g.receiver} — ${count(g.items.length)}` },
      {
        kind: 'table',
        columns: [
          { title: 'Number', width: 0.14 },
          { title: 'Item', width: 0.52 },
          { title: 'Reason', width: 0.34 },
        ],
        rows: g.items.map((i) => [i.label, i.name, reasonText(i.reason)]),
      },
      ...storyBlocks(g.items),
    ]),
    ...(received.length === 0 ? [{ kind: 'text', text: 'Nobody has received an item.' } as Block] : []),
    ...returnedBlocks(false),
    ...(setAside.length > 0 ? [{ kind: 'heading', text: `Nobody received — ${count(setAsideCount)}` } as Block] : []),
    ...setAside.flatMap((g): Block[] => [
      { kind: 'heading', text: outcomeHeading(g, false) },
      {
        kind: 'table',
        columns: [
          { title: 'Number', width: 0.14 },
          { title: 'Item', width: 0.86 },
        ],
        rows: g.items.map((i) => [i.label, i.name]),
      },
    ]),
  ]);
  await xlsx('assignments', 'Who received what', 'beneficiaries', [
    {
      name: 'Who received what',
      columns: [
        { header: 'What happened', width: 26 },
        { header: 'Receiver or owner', width: 28 },
        { header: 'Number', width: 10 },
        { header: 'Item', width: 36 },
        { header: 'Reason', width: 24 },
      ],
      rows: [
        ...received.flatMap((g) => g.items.map((i) => ['Received', g.receiver, i.label, i.name, reasonText(i.reason)])),
        ...returned.map((i) => ['Returned to its owner', ownerOf(i), i.label, i.name, reasonText(i.reason)]),
        ...setAside.flatMap((g) => g.items.map((i) => [OUTCOME_TEXT[g.outcome], '', i.label, i.name, ''])),
      ],
    },
    {
      // The stories travel with each item to its receiver (issue 34).
      name: 'Stories',
      columns: [
        { header: 'Receiver', width: 28 },
        { header: 'Number', width: 10 },
        { header: 'Item', width: 30 },
        { header: 'Told by', width: 24 },
        { header: 'Told on', width: 12 },
        { header: 'Story', width: 60 },
        { header: 'Recording', width: 14 },
      ],
      rows: received.flatMap((g) => g.items.flatMap((i) => (storiesOf.get(i.id) ?? []).map((st) => [g.receiver, i.label, i.name, st.teller, day(st.toldAt), st.text, st.audioKey ? 'In the archive' : '']))),
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
          { title: 'Receiver', width: 0.22 },
          { title: 'Received', width: 0.12, align: 'right' },
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

  // 4. Hand-over and receipts (trustees): what went to someone, and what went back to its owner.
  const handed = facts.items.filter((i) => i.handover !== null);
  const handoverGroups = [...received.map((g) => ({ title: g.receiver, items: g.items })), ...(returned.length > 0 ? [{ title: 'Returned to its owner', items: returned }] : [])];
  await pdf('handover', 'Hand-over and receipts', 'trustees', [
    {
      kind: 'facts',
      rows: (Object.keys(HANDOVER_TEXT) as (keyof typeof HANDOVER_TEXT)[]).map((s) => [HANDOVER_TEXT[s], String(handed.filter((i) => i.handover === s).length)]),
    },
    ...handoverGroups.flatMap((g): Block[] => [
      { kind: 'heading', text: g.title },
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
        { header: 'Receiver or owner', width: 28 },
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
      rows: [...received.flatMap((g) => g.items.map((i) => [g.receiver, i] as const)), ...returned.map((i) => [`Returned to its owner: ${ownerOf(i)}`, i] as const)].map(([who, i]) => [
        who,
        i.label,
        i.name,
        i.place,
        i.handover ? HANDOVER_TEXT[i.handover] : '',
        i.method ?? '',
        day(i.scheduledAt),
        day(i.handedOverAt),
        day(i.receivedAt),
        i.receivedBy,
        i.handoverNote,
      ]),
    },
  ]);

  // 5. What became of the items nobody received, by outcome, with the sale proceeds (trustees: sale prices and buyers).
  await pdf('dispositions', 'Unwanted and held items', 'trustees', [
    {
      kind: 'facts',
      rows: [
        ...setAside.map((g): [string, string] => [OUTCOME_TEXT[g.outcome], count(g.items.length)]),
        ['Sale proceeds', `${amounts(proceeds)} (${count(sold.length)} sold)`],
      ],
    },
    ...(setAside.length === 0 ? [{ kind: 'text', text: 'No item was left unwanted or on hold.' } as Block] : []),
    ...setAside.flatMap((g): Block[] => [
      { kind: 'heading', text: outcomeHeading(g, true) },
      g.outcome === 'sold'
        ? {
            kind: 'table',
            columns: [
              { title: 'Number', width: 0.11 },
              { title: 'Item', width: 0.28 },
              { title: 'Note', width: 0.27 },
              { title: 'Buyer', width: 0.16 },
              { title: 'Sale price', width: 0.18, align: 'right' },
            ],
            rows: g.items.map((i) => [i.label, i.name, i.dispositionNote, i.buyer, salePrice(i)]),
          }
        : {
            kind: 'table',
            columns: [
              { title: 'Number', width: 0.11 },
              { title: 'Item', width: 0.4 },
              { title: 'Note', width: 0.49 },
            ],
            rows: g.items.map((i) => [i.label, i.name, i.dispositionNote]),
          },
    ]),
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
