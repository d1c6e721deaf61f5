/**
 * The settlement statement as a stage-90 report file (PDF and spreadsheet, trustees and observers):
 * the same statement the Settlement page shows (modules/settlement/load.ts), every row, the payments
 * that would even it out, and everything listed apart (no value, another currency, not sold yet).
 * Made with the other report files, so it is in the archive's reports/ too.
 */
import type { ListedItem } from '@estate/domain/settlement/statement';
import type { Db } from '../../db/client.js';
import { safeFileName } from '../catalogue-io/service.js';
import { loadStatement } from '../settlement/load.js';
import type { EstateFacts } from './estate-facts.js';
import { renderReportPdf, type Block } from './pdf.js';
import { tableWorkbook, type MadeFile } from './report-files.js';

const NAME = 'Settlement statement';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Minor units as "1,234.50 EUR" (the report files' English format). */
export function minorMoney(minor: number, currency: string): string {
  const sign = minor < 0 ? '−' : '';
  const whole = Math.abs(minor);
  const text = Math.floor(whole / 100).toLocaleString('en') + '.' + String(whole % 100).padStart(2, '0');
  return `${sign}${text} ${currency}`;
}

export async function makeSettlementFiles(db: Db, facts: EstateFacts, now: Date): Promise<MadeFile[]> {
  const { statement: s, names } = await loadStatement(db, facts.estate.id);
  const slug = safeFileName(facts.estate.name);
  const nameOf = (id: string | null) => (id === null ? '' : (names.get(id) ?? 'A former member'));
  const payer = (id: string) => (id === 'estate' ? 'The estate (proceeds of sales)' : nameOf(id));
  const m = (minor: number) => minorMoney(minor, s.currency);
  const balanceText = (b: number) => (b > 0 ? `receives ${m(b)}` : b < 0 ? `pays ${m(-b)}` : 'even');
  const people = [...s.people].sort((a, b) => nameOf(a.memberId).localeCompare(nameOf(b.memberId)) || (a.memberId < b.memberId ? -1 : 1));
  const apart: { why: string; item: ListedItem }[] = [
    ...s.notValued.map((item) => ({ why: 'No value: counted as 0', item })),
    ...s.otherCurrencies.flatMap((c) => c.items.map((item) => ({ why: `In ${c.currency}: counted in no total`, item }))),
    ...s.awaitingSale.map((item) => ({ why: 'To be sold: no sale recorded yet', item })),
  ];
  const valueText = (i: ListedItem) => (i.value === null ? '—' : minorMoney(i.value, i.currency));

  const blocks: Block[] = [
    { kind: 'text', text: 'This is a suggestion to help the family talk about fairness; nobody has to pay. It shows each receiver\u2019s share of the value divided, what they received, and the payments that would even it out.' },
    {
      kind: 'facts',
      rows: [
        ['Currency', s.currency],
        ['Shares', s.weights === 'equal' ? 'Equal' : 'Set by the trustee (the weights below)'],
        ['Value received in kind', m(s.totals.inKind)],
        ['Proceeds of items sold', m(s.proceeds)],
        ['Value divided', m(s.pool)],
        ['Receivers', String(s.totals.receivers)],
      ],
    },
    { kind: 'heading', text: 'Each receiver' },
    {
      kind: 'table',
      columns: [
        { title: 'Receiver', width: 0.27 },
        { title: 'Weight', width: 0.09, align: 'right' },
        { title: 'Items', width: 0.08, align: 'right' },
        { title: 'Received', width: 0.18, align: 'right' },
        { title: 'Share', width: 0.18, align: 'right' },
        { title: 'To even out', width: 0.2, align: 'right' },
      ],
      rows: people.map((p) => [nameOf(p.memberId), String(p.weight), String(p.items), m(p.inKind), m(p.target), balanceText(p.balance)]),
      emptyText: 'Nobody receives items in this estate.',
    },
    { kind: 'heading', text: 'Payments that would even it out' },
    {
      kind: 'table',
      columns: [
        { title: 'From', width: 0.38 },
        { title: 'To', width: 0.38 },
        { title: 'Amount', width: 0.24, align: 'right' },
      ],
      rows: s.payments.map((p) => [payer(p.from), nameOf(p.to), m(p.amount)]),
      emptyText: 'None: every share and what was received are equal.',
    },
    { kind: 'heading', text: 'Listed apart' },
    {
      kind: 'table',
      columns: [
        { title: 'Number', width: 0.12 },
        { title: 'Item', width: 0.26 },
        { title: 'Receiver', width: 0.2 },
        { title: 'Value', width: 0.14, align: 'right' },
        { title: 'Why', width: 0.28 },
      ],
      rows: apart.map(({ why, item }) => [item.label, item.name, nameOf(item.receiverId), valueText(item), why]),
      emptyText: 'Nothing: every item received has a value in the estate\u2019s currency.',
    },
    { kind: 'text', text: 'How it is worked out: the estate\u2019s distribution rules, "Settlement". Items that went back to their owner, held, donated or discarded count for nobody.' },
  ];
  const subtitle = `${facts.estate.name} · made ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const pdf = await renderReportPdf({ title: NAME, subtitle, blocks });
  const xlsx = await tableWorkbook([
    {
      name: 'Receivers',
      columns: [
        { header: 'Receiver', width: 28 },
        { header: 'Weight', width: 8 },
        { header: 'Items', width: 8 },
        { header: 'Received in kind', width: 16 },
        { header: 'Share', width: 14 },
        { header: 'Balance (+ receives, − pays)', width: 26 },
        { header: 'Currency', width: 10 },
      ],
      rows: people.map((p) => [nameOf(p.memberId), p.weight, p.items, p.inKind / 100, p.target / 100, p.balance / 100, s.currency]),
    },
    {
      name: 'Payments',
      columns: [
        { header: 'From', width: 30 },
        { header: 'To', width: 30 },
        { header: 'Amount', width: 14 },
        { header: 'Currency', width: 10 },
      ],
      rows: s.payments.map((p) => [payer(p.from), nameOf(p.to), p.amount / 100, s.currency]),
    },
    {
      name: 'Listed apart',
      columns: [
        { header: 'Number', width: 10 },
        { header: 'Item', width: 32 },
        { header: 'Receiver', width: 26 },
        { header: 'Value', width: 12 },
        { header: 'Currency', width: 10 },
        { header: 'Why', width: 32 },
      ],
      rows: apart.map(({ why, item }) => [item.label, item.name, nameOf(item.receiverId), item.value === null ? null : item.value / 100, item.currency, why]),
    },
  ]);
  const base = { kind: 'settlement' as const, name: NAME, accessLevel: 'trustees' as const };
  return [
    { ...base, type: 'pdf', fileName: `${slug}-settlement.pdf`, contentType: 'application/pdf', bytes: pdf },
    { ...base, type: 'spreadsheet', fileName: `${slug}-settlement.xlsx`, contentType: XLSX, bytes: xlsx },
  ];
}
