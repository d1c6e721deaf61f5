import { Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/session-context';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { PageLayout } from '../../../shared/ui/page-layout';

// The form comes with its form and schema libraries, after the page's frame (ADR 0004).
const ProfileEditForm = lazyNamed(() => import('../components/profile-edit-form'), 'ProfileEditForm');

/**
 * `/profile/edit`: name, picture, phone, language and text size. People whose profile is incomplete
 * are sent here first (the route guard), and go on to where they were going once it is saved.
 */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const pending = me?.user.accountStatus === 'pending-profile';
  return (
    <PageLayout title={t('profile.edit.title')} subtitle={pending ? t('profile.edit.pending') : undefined} maxWidth={720}>
      <Suspense fallback={<FullPageLoader />}>
        <ProfileEditForm />
      </Suspense>
    </PageLayout>
  );
}
