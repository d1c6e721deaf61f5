import Alert from '@mui/material/Alert';
import { AUTOMATED_STAGES, DEADLINE_STAGES, Stage, isStageCode } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { actorOf, policyFor } from '../../../shared/session/actor';
import { useEstateStage } from '../../../shared/api/estate-stage';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useEstate } from '../api';
import { DeadlinesCard } from '../components/deadlines-card';
import { PoolSummaryPanel } from '../components/pool-summary';
import { SettingsCard } from '../components/settings-card';
import { StageCard } from '../components/stage-card';
import {
  ApprovalsPanel,
  CommitmentsPanel,
  DirectivesPanel,
  DonePanel,
  HighInterestPanel,
  PublishPanel,
} from '../components/stage-panels';
import { StepRunner } from '../components/step-runner';

/** `/trustee/control`: drives the estate through its stages. */
export function ControlPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const membership = currentMembership(me);
  const estateId = membership?.estateId ?? null;
  const stageInfo = useEstateStage(estateId);
  const estate = useEstate(estateId);

  if (!membership || !estateId) {
    return (
      <PageLayout title={t('process:control.title')}>
        <EmptyState title={t('process:common.noEstate')} />
      </PageLayout>
    );
  }
  const stageNow = stageInfo.data?.stage ?? membership.stage;
  const stage = isStageCode(stageNow) ? stageNow : Stage.Initial;
  // The policy asked with the stage shown here (the server's answer, live), so the two agree.
  const policy = policyFor(actorOf(me, { ...membership, stage }));
  // A closed estate still shows its stage to the trustee, the moves disabled with their reason.
  const stageDecision = policy.decide('estate.stage');
  const showsStage = stageDecision.ok || stageDecision.reason === 'closed';

  return (
    <PageLayout title={t('process:control.title')} subtitle={membership.estateName} maxWidth={900}>
      {stageInfo.isPending && <FullPageLoader />}
      {stageInfo.isError && <Alert severity="error">{errorMessage(stageInfo.error, t)}</Alert>}
      {stageInfo.data && (
        <>
          {showsStage && <StageCard estateId={estateId} stage={stage} />}
          {stage === Stage.Approve && policy.can('approval.viewAll') && <ApprovalsPanel estateId={estateId} />}
          {policy.can('directive.manage') && <DirectivesPanel estateId={estateId} />}
          {policy.can('participation.viewAll') && DEADLINE_STAGES.includes(stage) && <DonePanel estateId={estateId} stage={stage} />}
          {policy.can('highInterest.set') && <HighInterestPanel estateId={estateId} />}
          {stage === Stage.DistributionReview && policy.can('pool.review') && <PoolSummaryPanel estateId={estateId} />}
          {AUTOMATED_STAGES.includes(stage) && <StepRunner key={stage} estateId={estateId} step={stage} policy={policy} />}
          {policy.can('draw.publish') && (
            <PublishPanel estateId={estateId} published={estate.data?.estate.settings.publishFullRecords ?? false} />
          )}
          {stage >= Stage.Interest && <CommitmentsPanel estateId={estateId} />}
          {policy.can('deadline.set') && <DeadlinesCard estateId={estateId} />}
          {estate.data && policy.can('estate.update') && (
            <SettingsCard key={JSON.stringify(estate.data.estate.settings)} estateId={estateId} settings={estate.data.estate.settings} />
          )}
        </>
      )}
    </PageLayout>
  );
}
