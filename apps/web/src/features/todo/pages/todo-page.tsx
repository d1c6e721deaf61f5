import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import RadioUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { Me } from '@estate/domain/schemas/account';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { actorOf, policyFor } from '../../../shared/session/actor';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';

export type Todo = {
  id: string;
  estateId: string;
  stage: number;
  titleKey: string;
  dueAt: string | null;
  required: boolean;
  done: boolean;
  path: string;
};

const FILTERS = ['all', 'open', 'required', 'done'] as const;
type Filter = (typeof FILTERS)[number];

function filterOf(splat: string | undefined): Filter {
  const first = (splat ?? '').split('/').find((part) => (FILTERS as readonly string[]).includes(part));
  if (first) return first as Filter;
  if (splat?.includes('important') || splat?.includes('starred')) return 'required';
  if (splat?.includes('completed')) return 'done';
  return 'all';
}

export function useTodos() {
  return useQuery({ queryKey: queryKeys.todos(), queryFn: async () => (await api<{ todos: Todo[] }>('/api/todos')).todos });
}

/**
 * Whether the to-do's link leads somewhere the person may go in its estate: "My items" only for
 * those who take part (participation.view); a trustee who is not a beneficiary is not sent there.
 */
function offered(todo: Todo, me: Me | null): boolean {
  if (!todo.path.startsWith('/my-items')) return true;
  const membership = me?.memberships.find((m) => m.estateId === todo.estateId);
  return policyFor(actorOf(me, membership)).can('participation.view');
}

/** `/todo/*`: what I must do now in each estate, with the deadline and a link to where to do it. */
export function TodoPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const { me } = useSession();
  const todos = useTodos();
  const filter = filterOf(params['*']);
  const estateName = (id: string) => me?.memberships.find((m) => m.estateId === id)?.estateName ?? '';
  const list = (todos.data ?? []).filter((todo) =>
    filter === 'open' ? !todo.done : filter === 'required' ? todo.required : filter === 'done' ? todo.done : true,
  );

  return (
    <PageLayout title={t('process:todo.title')} maxWidth={760}>
      <Tabs value={filter} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {FILTERS.map((f) => (
          <Tab key={f} value={f} label={t(`process:todo.filter.${f}`)} component={RouterLink} to={`/todo/${f}`} />
        ))}
      </Tabs>
      {todos.isPending && <FullPageLoader />}
      {todos.isError && <Alert severity="error">{errorMessage(todos.error, t)}</Alert>}
      {todos.data && list.length === 0 && <EmptyState title={t('process:todo.empty')} />}
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {list.map((todo) => (
          <Paper
            component="li"
            key={todo.id}
            variant="outlined"
            data-testid="todo"
            sx={{ p: 2, mb: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', opacity: todo.done ? 0.7 : 1 }}
          >
            {todo.done ? (
              <CheckCircle color="success" aria-label={t('process:todo.done')} />
            ) : (
              <RadioUnchecked color="action" aria-label={t('process:todo.open')} />
            )}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} dir="auto">
                {t(todo.titleKey.includes(':') ? todo.titleKey : `stages:${todo.titleKey}`, {
                  deadline: todo.dueAt ? formatDate(todo.dueAt, i18n.language, true) : t('process:todo.noDeadline'),
                })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {estateName(todo.estateId)} · {t(`stages:stage.${todo.stage}.name`)}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
                {todo.required && <Chip size="small" color="warning" label={t('process:todo.required')} />}
                {todo.dueAt && (
                  <Chip size="small" variant="outlined" label={t('process:todo.due', { date: formatDate(todo.dueAt, i18n.language, true) })} />
                )}
                {!todo.done && offered(todo, me) && (
                  <Button size="small" component={RouterLink} to={todo.path} sx={{ minHeight: 48 }}>
                    {t('process:todo.go')}
                  </Button>
                )}
              </Box>
            </Box>
          </Paper>
        ))}
      </Box>
    </PageLayout>
  );
}
