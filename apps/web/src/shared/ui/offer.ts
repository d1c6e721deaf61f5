import type { TFunction } from 'i18next';
import type { Decision } from '@estate/domain/permissions';
import { useTranslation } from '../i18n/use-translation';

/**
 * How a page offers an action the policy refuses: not at all when the person's role never allows it
 * (a beneficiary sees no trustee buttons), else disabled with the reason in plain words — the stage
 * it opens or closed in, that the estate is closed, that only who added it (or a trustee) may, or that
 * the installation's administrator is visiting to help (every write, so they see what the family's
 * buttons are, and that they are not theirs).
 */
export type Offer = { shown: boolean; refusal: string | null };

export function offerOf(decision: Decision, stage: number, t: TFunction): Offer {
  if (decision.ok) return { shown: true, refusal: null };
  if (decision.reason === 'role') return { shown: false, refusal: null };
  if (decision.reason === 'closed') return { shown: true, refusal: t('closing:closed.reason') };
  if (decision.reason === 'support') return { shown: true, refusal: t('support:refusal') };
  // Creators add: someone else's item, photo or place is changed by them or a trustee.
  if (decision.reason === 'condition' && decision.refusal?.reason === 'policy.notTheirs') return { shown: true, refusal: t('common:refused.notTheirs') };
  if (decision.reason === 'stage') {
    const stages = decision.allowedStages;
    const name = (code: number) => t(`stages:stage.${code}.name`);
    const first = stages[0];
    const last = stages[stages.length - 1];
    if (first !== undefined && stage < first) return { shown: true, refusal: t('common:refused.opensAt', { stage: name(first) }) };
    if (last !== undefined && stage > last) return { shown: true, refusal: t('common:refused.until', { stage: name(last) }) };
  }
  return { shown: true, refusal: t('common:refused.notNow') };
}

/** `offerOf` with the page's translation: `const offer = useOffer(stage); offer(policy.decide('x'))`. */
export function useOffer(stage: number): (decision: Decision) => Offer {
  const { t } = useTranslation();
  return (decision) => offerOf(decision, stage, t);
}
