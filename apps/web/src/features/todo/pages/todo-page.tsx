/**
 * `/todo/*` (seed: `/todo/{folderHandle}/{todoId?}`, `/todo/filter/{filterHandle}/{todoId?}`,
 * `/todo/label/{labelHandle}/{todoId?}`): what the estates ask of the person now (derived from the
 * stage, required ones cannot be deleted) and their own to-dos, with folders, filters (important,
 * starred, done, deleted), labels and due dates. Deleting moves a to-do to "Deleted", from where it
 * is restored or deleted for good.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import Delete from '@mui/icons-material/DeleteOutlined';
import DeleteForever from '@mui/icons-material/DeleteForeverOutlined';
import Done from '@mui/icons-material/DoneAll';
import Folder from '@mui/icons-material/FolderOutlined';
import Inbox from '@mui/icons-material/InboxOutlined';
import Label from '@mui/icons-material/LabelOutlined';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import RadioUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Restore from '@mui/icons-material/RestoreFromTrashOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import ViewList from '@mui/icons-material/ViewListOutlined';
import type { Me } from '@estate/domain/schemas/account';
import type { Todo } from '@estate/domain/schemas/todos';
import { TODO_FILTERS, type PersonalTodo, type TodoFilter, type TodoFolder, type TodoLabel } from '@estate/domain/schemas/personal-todos';
import { errorMessage } from '../../../shared/api/error-message';
import { useTodoCounts } from '../../../shared/api/todo-counts';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { actorOf, policyFor } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { notify } from '../../../shared/ui/notify';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import {
  useCreateFolder,
  useCreateLabel,
  useCreateTodo,
  useDeleteFolder,
  useDeleteLabel,
  useDeleteTodo,
  useDeleteTodoForGood,
  useEstateTodos,
  usePersonalTodos,
  useRestoreTodo,
  useTodoFolders,
  useTodoLabels,
  useUpdateTodo,
  type TodoView,
} from '../api';
import { ConfirmDialog, LABEL_COLOR, NameDialog, TodoEditor, type TodoDraft } from '../components/todo-dialogs';

const FILTER_ICONS: Record<TodoFilter, ReactNode> = {
  important: <PriorityHigh />,
  starred: <StarBorder />,
  done: <Done />,
  deleted: <Delete />,
};

/** The view and the open to-do, from the path after `/todo/`. Older addresses still land somewhere sensible. */
export function parseTodoPath(splat: string | undefined): { view: TodoView; base: string; todoId: string | null } {
  const parts = (splat ?? '').split('/').filter(Boolean);
  const [first, second, third] = parts;
  if (first === 'filter' && second) {
    const filter = (second === 'completed' ? 'done' : second) as TodoFilter;
    if ((TODO_FILTERS as readonly string[]).includes(filter)) return { view: { kind: 'filter', filter }, base: `/todo/filter/${filter}`, todoId: third ?? null };
    return { view: { kind: 'all' }, base: '/todo/all', todoId: null };
  }
  if (first === 'label' && second) return { view: { kind: 'label', handle: second }, base: `/todo/label/${second}`, todoId: third ?? null };
  if ((TODO_FILTERS as readonly string[]).includes(first ?? '')) {
    return { view: { kind: 'filter', filter: first as TodoFilter }, base: `/todo/filter/${first}`, todoId: second ?? null };
  }
  if (!first || first === 'all' || first === 'open' || first === 'required') return { view: { kind: 'all' }, base: '/todo/all', todoId: first === 'all' ? (second ?? null) : null };
  return { view: { kind: 'folder', handle: first }, base: `/todo/${first}`, todoId: second ?? null };
}

/** Whether an estate to-do's link leads where the person may go (My items only for those who take part). */
function offered(todo: Todo, me: Me | null): boolean {
  if (!todo.path.startsWith('/my-items')) return true;
  const membership = me?.memberships.find((m) => m.estateId === todo.estateId);
  return policyFor(actorOf(me, membership)).can('participation.view');
}

function dueState(dueAt: string | null, done: boolean): 'overdue' | 'soon' | 'later' | null {
  if (!dueAt || done) return null;
  const left = new Date(dueAt).getTime() - Date.now();
  if (left < 0) return 'overdue';
  return left < 3 * 86_400_000 ? 'soon' : 'later';
}

export function TodoPage() {
  const { t } = useTranslation('todo');
  const common = useTranslation().t;
  const navigate = useNavigate();
  const { view, base, todoId } = parseTodoPath(useParams()['*']);
  const desktop = useMediaQuery('(min-width: 900px)');
  const [listsOpen, setListsOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [naming, setNaming] = useState<'label' | 'folder' | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'forever'; todo: PersonalTodo } | { kind: 'label'; label: TodoLabel } | { kind: 'folder'; folder: TodoFolder } | null>(null);

  const estate = useEstateTodos();
  const personal = usePersonalTodos(view);
  const labels = useTodoLabels();
  const folders = useTodoFolders();
  const counts = useTodoCounts();
  const create = useCreateTodo();
  const update = useUpdateTodo();
  const remove = useDeleteTodo();
  const restore = useRestoreTodo();
  const forever = useDeleteTodoForGood();
  const createLabel = useCreateLabel();
  const createFolder = useCreateFolder();
  const deleteLabel = useDeleteLabel();
  const deleteFolder = useDeleteFolder();

  const labelList = labels.data ?? [];
  const folderList = folders.data ?? [];
  const currentLabel = view.kind === 'label' ? labelList.find((l) => l.handle === view.handle) : undefined;
  const currentFolder = view.kind === 'folder' ? folderList.find((f) => f.handle === view.handle) : undefined;
  const editing = todoId ? (personal.data ?? []).find((x) => x.id === todoId) ?? null : null;
  const deletedView = view.kind === 'filter' && view.filter === 'deleted';

  const title =
    view.kind === 'all'
      ? t('title')
      : view.kind === 'filter'
        ? t(`views.${view.filter}`)
        : view.kind === 'label'
          ? (currentLabel?.title ?? t('title'))
          : (currentFolder?.title ?? t('title'));

  const save = (draft: TodoDraft) => {
    const body = { title: draft.title, notes: draft.notes, dueAt: draft.dueAt, important: draft.important, starred: draft.starred, folderId: draft.folderId, labelIds: draft.labelIds };
    if (editing) {
      update.mutate(
        { id: editing.id, ...body },
        {
          onSuccess: () => {
            notify(t('saved'), 'success');
            void navigate(base);
          },
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          notify(t('created'), 'success');
          setCreating(false);
        },
      });
    }
  };

  const sidebar = (
    <Box component="nav" aria-label={t('lists')}>
      <List dense sx={{ '& .MuiListItemButton-root': { minHeight: 48, borderRadius: 1 } }}>
        <SideLink to="/todo/all" selected={view.kind === 'all'} icon={<Inbox />} label={t('views.all')} count={counts.data ? counts.data.all + counts.data.estateOpen : undefined} onPick={() => setListsOpen(false)} />
        {TODO_FILTERS.map((f) => (
          <SideLink
            key={f}
            to={`/todo/filter/${f}`}
            selected={view.kind === 'filter' && view.filter === f}
            icon={FILTER_ICONS[f]}
            label={t(`views.${f}`)}
            count={counts.data?.[f]}
            onPick={() => setListsOpen(false)}
          />
        ))}
        <Divider sx={{ my: 1 }} />
        <ListSubheader disableSticky sx={{ bgcolor: 'transparent', fontSize: '0.95rem' }}>
          {t('folders')}
        </ListSubheader>
        {folderList.map((f) => (
          <SideLink
            key={f.id}
            to={`/todo/${f.handle}`}
            selected={view.kind === 'folder' && view.handle === f.handle}
            icon={<Folder />}
            label={f.title}
            count={counts.data?.folders[f.handle]}
            onPick={() => setListsOpen(false)}
          />
        ))}
        <ListItemButton onClick={() => setNaming('folder')}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Add />
          </ListItemIcon>
          <ListItemText primary={t('newFolder')} />
        </ListItemButton>
        <Divider sx={{ my: 1 }} />
        <ListSubheader disableSticky sx={{ bgcolor: 'transparent', fontSize: '0.95rem' }}>
          {t('labels')}
        </ListSubheader>
        {labelList.map((l) => (
          <SideLink
            key={l.id}
            to={`/todo/label/${l.handle}`}
            selected={view.kind === 'label' && view.handle === l.handle}
            icon={<Label sx={{ color: LABEL_COLOR[l.color] }} />}
            label={l.title}
            count={counts.data?.labels[l.handle]}
            onPick={() => setListsOpen(false)}
          />
        ))}
        <ListItemButton onClick={() => setNaming('label')}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Add />
          </ListItemIcon>
          <ListItemText primary={t('newLabel')} />
        </ListItemButton>
      </List>
    </Box>
  );

  const notFoundView = (view.kind === 'label' && labels.isSuccess && !currentLabel) || (view.kind === 'folder' && folders.isSuccess && !currentFolder);

  return (
    <PageLayout
      title={title}
      subtitle={view.kind === 'all' ? t('intro') : undefined}
      maxWidth={1100}
      actions={
        <>
          {!desktop && (
            <Button variant="outlined" startIcon={<ViewList />} onClick={() => setListsOpen(true)} sx={{ minHeight: 48 }}>
              {t('lists')}
            </Button>
          )}
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} sx={{ minHeight: 48 }}>
            {t('new')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, alignItems: 'start' }}>
        {desktop ? (
          <Paper variant="outlined" sx={{ p: 1 }}>
            {sidebar}
          </Paper>
        ) : (
          <Drawer open={listsOpen} onClose={() => setListsOpen(false)} slotProps={{ paper: { sx: { width: 300, p: 1 } } }}>
            {sidebar}
          </Drawer>
        )}

        <Box sx={{ minWidth: 0 }}>
          {notFoundView && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('listNotFound')}{' '}
              <RouterLink to="/todo/all">{t('views.all')}</RouterLink>
            </Alert>
          )}

          {view.kind === 'all' && (
            <Box component="section" aria-labelledby="todo-estate" sx={{ mb: 4 }}>
              <Typography component="h2" variant="h3" id="todo-estate" sx={{ mb: 1.5 }}>
                {t('estateSection')}
              </Typography>
              {estate.isPending && <FullPageLoader />}
              {estate.isError && <Alert severity="error">{errorMessage(estate.error, common)}</Alert>}
              {estate.data && estate.data.length === 0 && <Typography color="text.secondary">{t('estateEmpty')}</Typography>}
              <EstateTodos todos={estate.data ?? []} />
            </Box>
          )}

          <Box component="section" aria-labelledby="todo-own">
            {view.kind === 'all' && (
              <Typography component="h2" variant="h3" id="todo-own" sx={{ mb: 1.5 }}>
                {t('ownSection')}
              </Typography>
            )}
            {view.kind !== 'all' && (
              <Typography component="h2" id="todo-own" sx={visuallyHidden}>
                {title}
              </Typography>
            )}
            {(currentLabel || currentFolder) && (
              <Button
                color="error"
                startIcon={<Delete />}
                onClick={() => setConfirm(currentLabel ? { kind: 'label', label: currentLabel } : { kind: 'folder', folder: currentFolder! })}
                sx={{ minHeight: 48, mb: 1 }}
              >
                {currentLabel ? t('deleteLabel') : t('deleteFolder')}
              </Button>
            )}
            {personal.isPending && !notFoundView && <FullPageLoader />}
            {personal.isError && !notFoundView && <Alert severity="error">{errorMessage(personal.error, common)}</Alert>}
            {personal.data && personal.data.length === 0 && (
              <EmptyState title={t(`empty.${view.kind === 'filter' ? view.filter : view.kind}`)}>
                {!deletedView && t('emptyHint')}
              </EmptyState>
            )}
            <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
              {(personal.data ?? []).map((todo) => (
                <PersonalRow
                  key={todo.id}
                  todo={todo}
                  labels={labelList}
                  folders={folderList}
                  base={base}
                  deletedView={deletedView}
                  onToggle={(field, value) => update.mutate({ id: todo.id, [field]: value })}
                  onDelete={() => remove.mutate(todo.id, { onSuccess: () => notify(t('movedToDeleted'), 'success') })}
                  onRestore={() => restore.mutate(todo.id, { onSuccess: () => notify(t('restored'), 'success') })}
                  onForever={() => setConfirm({ kind: 'forever', todo })}
                />
              ))}
            </Box>
          </Box>
        </Box>
      </Box>

      {(creating || editing) && (
        <TodoEditor
          key={editing?.id ?? 'new'}
          open
          todo={editing}
          defaults={{
            folderId: currentFolder?.id ?? null,
            labelIds: currentLabel ? [currentLabel.id] : [],
            important: view.kind === 'filter' && view.filter === 'important',
            starred: view.kind === 'filter' && view.filter === 'starred',
          }}
          labels={labelList}
          folders={folderList}
          busy={create.isPending || update.isPending}
          error={create.error || update.error ? errorMessage(create.error ?? update.error, common) : null}
          onSave={save}
          onClose={() => {
            create.reset();
            update.reset();
            if (editing) void navigate(base);
            setCreating(false);
          }}
        />
      )}

      {naming && (
        <NameDialog
          key={naming}
          kind={naming}
          open
          busy={createLabel.isPending || createFolder.isPending}
          error={createLabel.error || createFolder.error ? errorMessage(createLabel.error ?? createFolder.error, common) : null}
          onClose={() => setNaming(null)}
          onSave={(name, color) => {
            const done = (handle: string) => {
              setNaming(null);
              void navigate(naming === 'label' ? `/todo/label/${handle}` : `/todo/${handle}`);
            };
            if (naming === 'label') createLabel.mutate({ title: name, color }, { onSuccess: (l) => done(l.handle) });
            else createFolder.mutate({ title: name }, { onSuccess: (f) => done(f.handle) });
          }}
        />
      )}

      {confirm && (
        <ConfirmDialog
          open
          title={confirm.kind === 'forever' ? t('confirmForever.title') : confirm.kind === 'label' ? t('confirmLabel.title') : t('confirmFolder.title')}
          body={
            confirm.kind === 'forever'
              ? t('confirmForever.body', { title: confirm.todo.title })
              : confirm.kind === 'label'
                ? t('confirmLabel.body', { title: confirm.label.title })
                : t('confirmFolder.body', { title: confirm.folder.title })
          }
          confirm={confirm.kind === 'forever' ? t('deleteForever') : t('delete')}
          busy={forever.isPending || deleteLabel.isPending || deleteFolder.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => {
            const close = () => setConfirm(null);
            if (confirm.kind === 'forever') forever.mutate(confirm.todo.id, { onSuccess: () => (close(), notify(t('deletedForever'), 'success')) });
            else if (confirm.kind === 'label') deleteLabel.mutate(confirm.label.id, { onSuccess: () => (close(), void navigate('/todo/all')) });
            else deleteFolder.mutate(confirm.folder.id, { onSuccess: () => (close(), void navigate('/todo/all')) });
          }}
        />
      )}
      <Typography component="span" sx={visuallyHidden} aria-live="polite">
        {personal.data ? t('count', { count: personal.data.length }) : ''}
      </Typography>
    </PageLayout>
  );
}

function SideLink({ to, selected, icon, label, count, onPick }: { to: string; selected: boolean; icon: ReactNode; label: string; count?: number; onPick: () => void }) {
  return (
    <ListItemButton component={RouterLink} to={to} selected={selected} aria-current={selected ? 'page' : undefined} onClick={onPick}>
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { dir: 'auto', sx: { fontSize: '1rem' } } }} />
      {count !== undefined && count > 0 && (
        <Typography component="span" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {count}
        </Typography>
      )}
    </ListItemButton>
  );
}

/** What the estates ask of the person now: done by doing it, never deleted. */
function EstateTodos({ todos }: { todos: Todo[] }) {
  const { t, i18n } = useTranslation('todo');
  const stageT = useTranslation().t;
  const { me } = useSession();
  const reasonId = useId();
  const estateName = (id: string) => me?.memberships.find((m) => m.estateId === id)?.estateName ?? '';
  return (
    <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {todos.map((todo) => (
        <Paper
          component="li"
          key={todo.id}
          variant="outlined"
          data-testid="todo"
          sx={{ p: 2, mb: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', bgcolor: todo.done ? 'action.hover' : undefined }}
        >
          {todo.done ? <CheckCircle color="success" aria-label={t('done')} /> : <RadioUnchecked color="action" aria-label={t('open')} />}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} dir="auto">
              {stageT(todo.titleKey.includes(':') ? todo.titleKey : `stages:${todo.titleKey}`, {
                deadline: todo.dueAt ? formatDate(todo.dueAt, i18n.language, true) : t('noDeadline'),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <bdi>{estateName(todo.estateId)}</bdi> · {stageT(`stages:stage.${todo.stage}.name`)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
              {todo.required && <Chip size="small" color="warning" label={t('required')} />}
              {todo.dueAt && <Chip size="small" variant="outlined" label={t('due', { date: formatDate(todo.dueAt, i18n.language, true) })} />}
              {!todo.done && offered(todo, me) && (
                <Button size="small" variant="contained" component={RouterLink} to={todo.path} sx={{ minHeight: 48 }}>
                  {t('go')}
                </Button>
              )}
            </Box>
            <Typography id={`${reasonId}-${todo.id}`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {todo.done ? t('doneReason') : todo.required ? t('requiredReason') : t('fromStageReason')}
            </Typography>
          </Box>
          <Tooltip title={todo.done ? t('doneReason') : todo.required ? t('requiredReason') : t('fromStageReason')}>
            <span>
              <IconButton disabled aria-label={t('delete')} aria-describedby={`${reasonId}-${todo.id}`} sx={{ width: 48, height: 48 }}>
                <Delete />
              </IconButton>
            </span>
          </Tooltip>
        </Paper>
      ))}
    </Box>
  );
}

function PersonalRow({
  todo,
  labels,
  folders,
  base,
  deletedView,
  onToggle,
  onDelete,
  onRestore,
  onForever,
}: {
  todo: PersonalTodo;
  labels: TodoLabel[];
  folders: TodoFolder[];
  base: string;
  deletedView: boolean;
  onToggle: (field: 'completed' | 'starred' | 'important', value: boolean) => void;
  onDelete: () => void;
  onRestore: () => void;
  onForever: () => void;
}) {
  const { t, i18n } = useTranslation('todo');
  const due = dueState(todo.dueAt, todo.completed);
  const folder = folders.find((f) => f.id === todo.folderId);
  const titleId = `todo-title-${todo.id}`;
  return (
    <Paper component="li" variant="outlined" data-testid="personal-todo" sx={{ p: 1.5, mb: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      {!deletedView && (
        <Checkbox
          checked={todo.completed}
          onChange={(e) => onToggle('completed', e.target.checked)}
          slotProps={{ input: { 'aria-labelledby': titleId, 'aria-label': todo.completed ? t('reopen') : t('complete') } }}
          sx={{ width: 48, height: 48 }}
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0, pt: 1.25, pl: deletedView ? 1 : 0 }}>
        {deletedView ? (
          <Typography id={titleId} sx={{ fontWeight: 600 }} dir="auto">
            {todo.title}
          </Typography>
        ) : (
          <Typography
            id={titleId}
            component={RouterLink}
            to={`${base}/${todo.id}`}
            dir="auto"
            sx={{
              fontWeight: 600,
              color: 'text.primary',
              textDecoration: todo.completed ? 'line-through' : 'none',
              '&:hover': { textDecoration: 'underline' },
              display: 'inline-block',
              minHeight: 24,
            }}
          >
            {todo.title}
          </Typography>
        )}
        {todo.notes && (
          <Typography variant="body2" color="text.secondary" dir="auto" sx={{ mt: 0.5, overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}>
            {todo.notes}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
          {todo.important && <Chip size="small" color="error" variant="outlined" icon={<PriorityHigh />} label={t('importantChip')} />}
          {todo.dueAt && (
            <Chip
              size="small"
              color={due === 'overdue' ? 'error' : due === 'soon' ? 'warning' : 'default'}
              variant={due === 'overdue' ? 'filled' : 'outlined'}
              label={t(due === 'overdue' ? 'overdue' : 'due', { date: formatDate(todo.dueAt, i18n.language) })}
            />
          )}
          {folder && <Chip size="small" variant="outlined" icon={<Folder />} label={folder.title} />}
          {todo.labelIds.map((id) => {
            const label = labels.find((l) => l.id === id);
            return label ? (
              <Chip key={id} size="small" label={label.title} sx={{ bgcolor: LABEL_COLOR[label.color], color: 'common.white' }} />
            ) : null;
          })}
        </Box>
      </Box>
      {deletedView ? (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button startIcon={<Restore />} onClick={onRestore} sx={{ minHeight: 48 }} aria-describedby={titleId}>
            {t('restore')}
          </Button>
          <Button color="error" startIcon={<DeleteForever />} onClick={onForever} sx={{ minHeight: 48 }} aria-describedby={titleId}>
            {t('deleteForever')}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex' }}>
          <IconButton
            onClick={() => onToggle('starred', !todo.starred)}
            aria-pressed={todo.starred}
            aria-label={t('star')}
            aria-describedby={titleId}
            sx={{ width: 48, height: 48, color: todo.starred ? 'warning.main' : undefined }}
          >
            {todo.starred ? <Star /> : <StarBorder />}
          </IconButton>
          <IconButton
            onClick={() => onToggle('important', !todo.important)}
            aria-pressed={todo.important}
            aria-label={t('important')}
            aria-describedby={titleId}
            sx={{ width: 48, height: 48, color: todo.important ? 'error.main' : undefined }}
          >
            <PriorityHigh />
          </IconButton>
          <IconButton onClick={onDelete} aria-label={t('delete')} aria-describedby={titleId} sx={{ width: 48, height: 48 }}>
            <Delete />
          </IconButton>
        </Box>
      )}
    </Paper>
  );
}
