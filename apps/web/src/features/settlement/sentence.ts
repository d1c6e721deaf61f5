/**
 * A beneficiary's settlement in one plain sentence: "Your share of the value: …; you received …; to
 * even things out you would receive … from …" (or "…would pay … to …", or "…are equal"). Names the
 * other person in each payment they are part of: values, never anyone's choices.
 */
import type { TFunction } from 'i18next';
import type { SettlementAnswer } from '@estate/domain/schemas/settlement';
import { formatMinor, isolate, listText } from './money';

export function ownSentence(answer: SettlementAnswer, memberId: string, t: TFunction, language: string): string | null {
  const row = answer.people.find((p) => p.memberId === memberId);
  if (!row) return null;
  const money = (minor: number) => isolate(formatMinor(minor, answer.currency, language));
  const base = { share: money(row.target), received: money(row.inKind) };
  const name = (id: string) => isolate(answer.names[id] ?? '…');
  if (row.balance === 0) return t('settlement:plain.mineEven', base);
  if (row.balance > 0) {
    const parts = answer.payments
      .filter((p) => p.to === memberId)
      .map((p) => (p.from === 'estate' ? t('settlement:plain.fromEstate', { amount: money(p.amount) }) : t('settlement:plain.from', { amount: money(p.amount), name: name(p.from) })));
    return t('settlement:plain.mine', { ...base, payments: listText(parts, language) });
  }
  const parts = answer.payments.filter((p) => p.from === memberId).map((p) => t('settlement:plain.to', { amount: money(p.amount), name: name(p.to) }));
  return t('settlement:plain.minePay', { ...base, payments: listText(parts, language) });
}
