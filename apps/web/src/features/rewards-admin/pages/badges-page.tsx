import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAward,
  IconDots,
  IconEdit,
  IconGift,
  IconPlus,
  IconToggleLeft,
  IconTrash,
} from '@tabler/icons-react';
import type { AdminBadge, BadgeBody } from '@trilha/contracts/rewards/badges';
import type { Language } from '@trilha/i18n/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFrame } from '../../../components/table-frame';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import {
  useBadges,
  useChoices,
  useDeleteBadge,
  useSaveBadge,
  useUploadBadgeImage,
} from '../api/rewards-admin';
import { BadgeForm } from '../components/badge-form';
import { criterionText } from '../components/criterion';
import { GrantBadgeModal } from '../components/grant-badge-modal';
import { RewardsHeader } from '../components/rewards-header';
import { uploadErrorText } from '../components/upload-error';

/** The badge's name in the screen's language, else in pt-BR. */
const nameOf = (badge: AdminBadge, language: Language) =>
  badge.texts[language]?.name ?? badge.texts['pt-BR'].name;

/** A badge's editable fields as they are, to switch `active` alone. */
const bodyOf = (badge: AdminBadge): BadgeBody => ({
  texts: badge.texts,
  criterion: badge.criterion,
  criterionRefId: badge.criterionRefId,
  criterionCount: badge.criterionCount,
  active: badge.active,
});

/** /admin/rewards/badges: the client's badges, their criteria and holders; create, edit, grant, remove. */
export default function BadgesPage() {
  const { t } = useTranslation('rewards-admin');
  const language = currentLanguage();
  const badges = useBadges();
  const save = useSaveBadge();
  const upload = useUploadBadgeImage();
  const remove = useDeleteBadge();
  const [editing, setEditing] = useState<AdminBadge | 'new' | null>(null);
  const [granting, setGranting] = useState<AdminBadge | null>(null);
  const [removing, setRemoving] = useState<AdminBadge | null>(null);
  const [deactivating, setDeactivating] = useState<AdminBadge | null>(null);
  const list = badges.data?.badges ?? [];
  const uses = (...criteria: AdminBadge['criterion'][]) => list.some((b) => criteria.includes(b.criterion));
  const courses = useChoices('course', uses('course'));
  const trails = useChoices('trail', uses('trail'));
  const categories = useChoices('category', uses('category_courses'));
  const titleOf = (kind: 'course' | 'trail' | 'category', id: number) =>
    ({ course: courses, trail: trails, category: categories })[kind].data?.find((c) => c.id === id)?.title;

  const onSave = async (body: BadgeBody, image: File | null) => {
    const current = editing === 'new' ? null : editing;
    const { badge } = await save.mutateAsync({ id: current?.id ?? null, body });
    let imageFailed = false;
    if (image) {
      try {
        await upload.mutateAsync({ id: badge.id, file: image });
      } catch (error) {
        imageFailed = true;
        notifications.show({
          color: 'red',
          message: t('badges.imageFailed', { reason: uploadErrorText(error) }),
        });
      }
    }
    if (!imageFailed) notifications.show({ color: 'teal', message: t('badges.saved') });
    setEditing(null);
  };
  const setActive = async (badge: AdminBadge, active: boolean) => {
    try {
      await save.mutateAsync({ id: badge.id, body: { ...bodyOf(badge), active } });
      notifications.show({
        color: 'teal',
        message: active ? t('badges.activated') : t('badges.deactivated'),
      });
      setRemoving(null);
      setDeactivating(null);
    } catch (error) {
      notifications.show({ color: 'red', message: apiErrorText(error) });
    }
  };
  const onDelete = async (badge: AdminBadge) => {
    try {
      await remove.mutateAsync(badge.id);
      notifications.show({ color: 'teal', message: t('badges.deleted') });
      setRemoving(null);
    } catch (error) {
      notifications.show({ color: 'red', message: apiErrorText(error) });
    }
  };

  return (
    <Stack gap="lg">
      <RewardsHeader title={t('sections.badges')} description={t('badges.description')} />
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('badges.new')}
        </Button>
      </Group>
      <TableFrame query={badges} empty={list.length === 0} emptyText={t('badges.empty')}>
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={340} aria-label={t('sections.badges')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('badges.columns.badge')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('badges.columns.criterion')}</Table.Th>
              <Table.Th ta="end">{t('badges.columns.holders')}</Table.Th>
              <Table.Th visibleFrom="xs">{t('badges.columns.status')}</Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>{t('badges.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((badge) => {
              const name = nameOf(badge, language);
              const criterion = criterionText(t, badge, titleOf, language);
              return (
                <Table.Tr key={badge.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={badge.imageUrl} alt="" radius="sm" size={44} color="yellow">
                        <IconAward size={24} aria-hidden />
                      </Avatar>
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600} fz="sm">
                          {name}
                        </Text>
                        <Text fz="xs" c="dimmed" hiddenFrom="sm">
                          {criterion}
                        </Text>
                        <Text fz="xs" c="dimmed" hiddenFrom="xs">
                          {badge.active ? t('badges.active') : t('badges.inactive')}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm">{criterion}</Text>
                  </Table.Td>
                  <Table.Td ta="end">
                    <Text fz="sm">{new Intl.NumberFormat(language).format(badge.holders)}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="xs">
                    <Badge color={badge.active ? 'teal' : 'gray'} variant="light" size="sm">
                      {badge.active ? t('badges.active') : t('badges.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('badges.actionsFor', { name })}
                        >
                          <IconDots size={18} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconEdit size={16} aria-hidden />}
                          onClick={() => setEditing(badge)}
                        >
                          {t('badges.edit')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconGift size={16} aria-hidden />}
                          onClick={() => setGranting(badge)}
                          disabled={!badge.active}
                        >
                          {t('badges.grant')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconToggleLeft size={16} aria-hidden />}
                          onClick={() =>
                            badge.active ? setDeactivating(badge) : void setActive(badge, true)
                          }
                        >
                          {badge.active ? t('badges.deactivate') : t('badges.activate')}
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={16} aria-hidden />}
                          onClick={() => setRemoving(badge)}
                        >
                          {t('badges.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableFrame>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('badges.new') : t('badges.edit')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        {editing !== null ? (
          <BadgeForm
            badge={editing === 'new' ? null : editing}
            onSave={onSave}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <GrantBadgeModal
        badge={granting}
        name={granting ? nameOf(granting, language) : ''}
        onClose={() => setGranting(null)}
      />
      <Modal
        opened={deactivating !== null}
        onClose={() => setDeactivating(null)}
        title={t('badges.deactivateTitle')}
        centered
      >
        {deactivating ? (
          <Stack gap="md">
            <Text>{t('badges.deactivateText', { name: nameOf(deactivating, language) })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeactivating(null)}>
                {t('actions.cancel')}
              </Button>
              <Button loading={save.isPending} onClick={() => void setActive(deactivating, false)}>
                {t('badges.deactivate')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('badges.deleteTitle')}
        centered
      >
        {removing ? (
          <Stack gap="md">
            {removing.holders > 0 ? (
              <Text>
                {t('badges.heldText', {
                  name: nameOf(removing, language),
                  count: removing.holders,
                  n: new Intl.NumberFormat(language).format(removing.holders),
                })}
              </Text>
            ) : (
              <Text>{t('badges.deleteText', { name: nameOf(removing, language) })}</Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                {t('actions.cancel')}
              </Button>
              {removing.holders > 0 ? (
                removing.active ? (
                  <Button loading={save.isPending} onClick={() => void setActive(removing, false)}>
                    {t('badges.deactivate')}
                  </Button>
                ) : null
              ) : (
                <Button color="red" loading={remove.isPending} onClick={() => void onDelete(removing)}>
                  {t('badges.delete')}
                </Button>
              )}
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
