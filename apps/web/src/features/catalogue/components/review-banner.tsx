import { Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import type { MyApproval } from '@estate/domain/schemas/approvals';
import { useApproveAll } from '../api';
import { lazyNamed } from '../../../shared/ui/lazy-named';

// Loaded when first asked for: the dialog's code is not part of the list's first load (ADR 0030).
const ConfirmDialog = lazyNamed(() => import('./confirm-dialog'), 'ConfirmDialog');

/** Stage 2, for a beneficiary: how far their review is, and "approve all the rest". */
export function ReviewBanner({
  estateId,
  total,
  approvals,
}: {
  estateId: string;
  total: number;
  approvals: MyApproval[];
}) {
  const { t } = useTranslation();
  const approveAll = useApproveAll(estateId);
  const [confirming, setConfirming] = useState(false);
  const done = approvals.length;
  const flagged = approvals.filter((a) => a.status === 'flagged').length;
  const remaining = Math.max(0, total - done);
  return (
    // A standing banner, not an alert: it is not announced again on every visit to the list.
    <Alert
      severity="info"
      role="region"
      aria-labelledby="review-banner-title"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography id="review-banner-title" sx={{ fontWeight: 600 }}>
        {t('catalogue:review.bannerTitle')}
      </Typography>
      <Typography variant="body2">{t('catalogue:review.bannerText')}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('catalogue:review.progress', { done, total, flagged })}
      </Typography>
      {total > 0 && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (done / total) * 100)}
          sx={{ mt: 1 }}
          aria-label={t('catalogue:review.progressLabel')}
        />
      )}
      {/* Under the text, not beside it: on a phone the side slot leaves the text a narrow column. */}
      {remaining > 0 && (
        <Button color="inherit" variant="outlined" onClick={() => setConfirming(true)} sx={{ mt: 1.5 }}>
          {t('catalogue:review.approveAll')}
        </Button>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t('catalogue:review.approveAllTitle', { count: remaining })}
            confirmLabel={t('catalogue:review.approveAll')}
            busy={approveAll.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              approveAll.mutate(undefined, {
                onSuccess: (answer) => {
                  notify(t('catalogue:review.approvedAll', { count: answer.approved }), 'success');
                  setConfirming(false);
                },
                onError: (error) => {
                  notify(errorMessage(error, t), 'error');
                  setConfirming(false);
                },
              })
            }
          >
            <Typography>{t('catalogue:review.approveAllText')}</Typography>
          </ConfirmDialog>
        </Suspense>
      )}
    </Alert>
  );
}
