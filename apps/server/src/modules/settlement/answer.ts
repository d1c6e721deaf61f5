/**
 * The settlement as one reader may see it: trustees and observers every row and payment; a
 * beneficiary the totals, their own row and the payments they are part of (with the other person's
 * name, so "you would receive … from …" can be said). Values only, never anyone's hearts, ranks or
 * tokens: the statement is made from final assignments and sales alone.
 */
import { can } from '@estate/domain/permissions';
import type { SettlementAnswer } from '@estate/domain/schemas/settlement';
import { statementFor } from '@estate/domain/settlement/statement';
import type { EstateAccess } from '../../platform/auth.js';
import type { LoadedStatement } from './load.js';

export function settlementAnswerFor(loaded: LoadedStatement, access: EstateAccess): SettlementAnswer {
  const full = can('settlement.viewAll', access);
  const statement = full ? loaded.statement : statementFor(loaded.statement, access.user.id);
  const ids = new Set<string>([
    ...statement.people.map((p) => p.memberId),
    ...statement.payments.flatMap((p) => [p.from, p.to]),
    ...[...statement.notValued, ...statement.otherCurrencies.flatMap((c) => c.items)].flatMap((i) => (i.receiverId ? [i.receiverId] : [])),
  ]);
  const names: Record<string, string> = {};
  for (const id of [...ids].sort()) {
    const name = loaded.names.get(id);
    if (name !== undefined) names[id] = name;
  }
  return {
    scope: full ? 'full' : 'own',
    ...statement,
    people: statement.people.map((p) => ({ ...p, displayName: loaded.names.get(p.memberId) ?? '' })),
    names,
  };
}
