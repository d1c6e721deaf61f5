import Alert from '@mui/material/Alert';
import { can } from '@estate/domain/permissions';
import { isStageCode, type StageCode } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useEstateStage } from '../../estates/api';
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
  const stage = (stageInfo.data?.stage ?? membership.stage) as StageCode;
  const actor = { roles: membership.roles, stage: isStageCode(stage) ? stage : (0 as StageCode) };
  const next = stageInfo.data?.next as unknown;
  const nextCode =
    typeof next === 'number' ? next : next && typeof next === 'object' && 'stage' in next ? (next as { stage: number }).stage : null;

  return (
    <PageLayout title={t('process:control.title')} subtitle={membership.estateName} maxWidth={900}>
      {stageInfo.isPending && <FullPageLoader />}
      {stageInfo.isError && <Alert severity="error">{errorMessage(stageInfo.error, t)}</Alert>}
      {stageInfo.data && (
        <>
          {can('estate.stage', actor) && <StageCard estateId={estateId} stage={stage} next={nextCode} />}
          {stage === 2 && <ApprovalsPanel estateId={estateId} />}
          {stage === 10 && <DirectivesPanel estateId={estateId} />}
          {(stage === 2 || stage === 11 || stage === 20 || stage === 30) && <DonePanel estateId={estateId} stage={stage} />}
          {stage === 12 && <HighInterestPanel estateId={estateId} />}
          {stage === 13 && <PoolSummaryPanel estateId={estateId} />}
          {(stage === 14 || stage === 15 || stage === 21 || stage === 31) && <StepRunner key={stage} estateId={estateId} step={stage} />}
          {stage >= 40 && can('draw.publish', actor) && (
            <PublishPanel estateId={estateId} published={estate.data?.estate.settings.publishFullRecords ?? false} />
          )}
          {stage >= 11 && <CommitmentsPanel estateId={estateId} />}
          <DeadlinesCard estateId={estateId} />
          {estate.data && can('estate.update', actor) && (
            <SettingsCard key={JSON.stringify(estate.data.estate.settings)} estateId={estateId} settings={estate.data.estate.settings} />
          )}
        </>
      )}
    </PageLayout>
  );
}
