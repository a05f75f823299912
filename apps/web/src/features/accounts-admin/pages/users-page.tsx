import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconDots,
  IconKey,
  IconLock,
  IconLockOpen,
  IconSearch,
  IconUserShield,
} from '@tabler/icons-react';
import type { AdminUser } from '@trilha/contracts/accounts-admin';
import { roleNames, type RoleName } from '@trilha/contracts/session';
import { outranks } from '@trilha/contracts/staff';
import { maskDocument } from '@trilha/domain/document';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { selectedClientOf, useSession } from '../../../lib/session-store';
import { useAdminUsers, useCapabilities, useUserAction, type UserAction } from '../api/admin';
import { apiErrorText } from '../../../lib/form-errors';
import { PagedList } from '../../../components/paged-list';
import { AdminHeader } from '../components/admin-shell';
import { RolesModal } from '../components/roles-modal';

const statusColor = { active: 'teal', blocked: 'red', awaiting_approval: 'yellow' } as const;
const PAGE_SIZE = 20;

export function usersTabs(t: (k: 'tabs.accounts' | 'tabs.deletionRequests') => string) {
  return [
    { to: '/admin/users', label: t('tabs.accounts') },
    { to: '/admin/users/deletion-requests', label: t('tabs.deletionRequests') },
  ];
}

/** /admin/users: the selected client's accounts, with search, filters, pagination and actions. */
export default function UsersPage() {
  const { t } = useTranslation('accounts-admin');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const status = (params.get('status') ?? undefined) as AdminUser['status'] | undefined;
  const role = (params.get('role') ?? undefined) as RoleName | undefined;
  const page = Number(params.get('page') ?? 1) || 1;
  const users = useAdminUsers({ search: debounced || undefined, status, role, page, pageSize: PAGE_SIZE });
  const caps = useCapabilities();
  const action = useUserAction();
  const [confirm, setConfirm] = useState<{ user: AdminUser; action: UserAction } | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const run = async () => {
    if (!confirm) return;
    try {
      await action.mutateAsync({ id: confirm.user.id, action: confirm.action });
      notifications.show({
        color: 'teal',
        message: t(`actions.done.${confirm.action}`, { name: confirm.user.fullName }),
      });
      setConfirm(null);
    } catch (error) {
      notifications.show({ color: 'red', message: apiErrorText(error) });
    }
  };
  const selfId = session?.user.id;
  // The staff hierarchy: actions only on accounts whose roles here are below the viewer's (the API agrees).
  const viewer = {
    roles: selectedClientOf(session)?.roles ?? [],
    isSuperuser: session?.user.isSuperuser ?? false,
  };

  return (
    <Stack gap="lg">
      <AdminHeader
        title={t('users.title')}
        description={t('users.description', { client: caps.data?.clientName ?? '' })}
        tabs={usersTabs(t)}
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              if (page !== 1) setParam('page', null);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label={t('users.status')}
            placeholder={t('users.all')}
            data={(['active', 'awaiting_approval', 'blocked'] as const).map((s) => ({
              value: s,
              label: t(`status.${s}`),
            }))}
            value={status ?? null}
            onChange={(v) => setParam('status', v)}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('users.role')}
            placeholder={t('users.all')}
            data={roleNames.map((r) => ({ value: r, label: t(`roleNames.${r}`) }))}
            value={role ?? null}
            onChange={(v) => setParam('role', v)}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
      </Paper>
      <PagedList
        query={users}
        page={page}
        onPage={(p) => setParam('page', String(p))}
        emptyText={t('users.empty')}
      >
        {(data) => (
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            miw={360}
            aria-label={t('users.title')}
            aria-busy={users.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.columns.name')}</Table.Th>
                <Table.Th visibleFrom="md">{t('users.columns.document')}</Table.Th>
                <Table.Th>{t('users.columns.status')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('users.columns.roles')}</Table.Th>
                <Table.Th w={56}>
                  <VisuallyHidden>{t('users.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Text fw={600} fz="sm" lineClamp={1}>
                      {user.anonymized ? t('users.anonymized') : user.fullName}
                      {user.isSuperuser ? (
                        <Badge ml={6} size="xs" variant="outline">
                          {t('users.superuser')}
                        </Badge>
                      ) : null}
                    </Text>
                    <Text fz="xs" c="dimmed" lineClamp={1}>
                      {user.email ?? user.username}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="md">
                    <Text fz="sm" ff="monospace">
                      {user.document ? maskDocument('BRA', user.document) : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[user.status]} variant="light" size="sm">
                      {t(`status.${user.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Group gap={4}>
                      {user.roles.length ? (
                        user.roles.map((r) => (
                          <Badge key={r} size="xs" variant="default">
                            {t(`roleNames.${r}`)}
                          </Badge>
                        ))
                      ) : (
                        <Text fz="xs" c="dimmed">
                          {t('users.noRoles')}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {user.id !== selfId && !user.anonymized && outranks(viewer, user) ? (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('users.actionsFor', { name: user.fullName })}
                          >
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {user.status === 'awaiting_approval' ? (
                            <Menu.Item
                              leftSection={<IconCheck size={16} aria-hidden />}
                              onClick={() => setConfirm({ user, action: 'approve' })}
                            >
                              {t('actions.approve')}
                            </Menu.Item>
                          ) : null}
                          {user.status === 'blocked' ? (
                            <Menu.Item
                              leftSection={<IconLockOpen size={16} aria-hidden />}
                              onClick={() => setConfirm({ user, action: 'unblock' })}
                            >
                              {t('actions.unblock')}
                            </Menu.Item>
                          ) : (
                            <Menu.Item
                              color="red"
                              leftSection={<IconLock size={16} aria-hidden />}
                              onClick={() => setConfirm({ user, action: 'block' })}
                            >
                              {t('actions.block')}
                            </Menu.Item>
                          )}
                          {caps.data?.canEditRoles ? (
                            <Menu.Item
                              leftSection={<IconUserShield size={16} aria-hidden />}
                              onClick={() => setEditing(user)}
                            >
                              {t('actions.roles')}
                            </Menu.Item>
                          ) : null}
                          {user.email ? (
                            <Menu.Item
                              leftSection={<IconKey size={16} aria-hidden />}
                              onClick={() => setConfirm({ user, action: 'set-password-link' })}
                            >
                              {t('actions.setPasswordLink')}
                            </Menu.Item>
                          ) : null}
                        </Menu.Dropdown>
                      </Menu>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <Modal
        opened={Boolean(confirm)}
        onClose={() => setConfirm(null)}
        title={confirm ? t(`actions.confirmTitle.${confirm.action}`) : ''}
        centered
      >
        {confirm ? (
          <Stack gap="md">
            <Text>{t(`actions.confirmText.${confirm.action}`, { name: confirm.user.fullName })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {t('cancel')}
              </Button>
              <Button
                color={confirm.action === 'block' ? 'red' : undefined}
                loading={action.isPending}
                onClick={() => void run()}
              >
                {t(`actions.${confirm.action === 'set-password-link' ? 'setPasswordLink' : confirm.action}`)}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      {editing && caps.data ? (
        <RolesModal
          user={editing}
          clientName={caps.data.clientName}
          viewer={viewer}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
