import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AdminActivity, AdminCourse } from '@trilha/contracts/learning';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { courseApi, useCourseWrite } from '../api/admin';
import { ActivityModal } from './activity-modal';
import { WrapBadge } from '../../../components/wrap-badge';

/** Modules in order, their activities, add / edit / remove. */
export function CourseContentEditor({ course }: { course: AdminCourse }) {
  const { t } = useTranslation('learning-admin');
  const write = useCourseWrite(course.id, (p: Promise<AdminCourse>) => p);
  const [newModule, setNewModule] = useState('');
  const [editing, setEditing] = useState<{ moduleId: number; activity: AdminActivity | null } | null>(null);
  const [opened, modal] = useDisclosure(false);

  const openActivity = (moduleId: number, activity: AdminActivity | null) => {
    setEditing({ moduleId, activity });
    modal.open();
  };

  return (
    <Stack gap="md">
      {course.modules.length === 0 ? <Text c="dimmed">{t('content.empty')}</Text> : null}
      {course.modules.map((module) => (
        <Paper key={module.id} withBorder radius="md" p="md" data-testid="admin-module">
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Title order={3} fz="md">
              {t('content.module', { position: module.position, title: module.title })}
            </Title>
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => openActivity(module.id, null)}
                data-testid="add-activity"
              >
                {t('content.addActivity')}
              </Button>
              <Tooltip label={t('content.deleteModule')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('content.deleteModuleNamed', { title: module.title })}
                  onClick={() =>
                    window.confirm(t('content.confirmDeleteModule')) &&
                    write.mutate(courseApi.deleteModule(module.id))
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          {module.activities.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('content.noActivities')}
            </Text>
          ) : (
            <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {module.activities.map((activity) => (
                <Group
                  key={activity.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  p="xs"
                  style={{ borderRadius: 8, background: 'var(--mantine-color-gray-0)' }}
                  data-testid="admin-activity"
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
                    <Text fz="xs" c="dimmed" w={32} style={{ flexShrink: 0 }}>
                      {activity.hierarchyOrder}
                    </Text>
                    <Stack gap={4} align="flex-start" style={{ minWidth: 0 }}>
                      <Text fz="sm" fw={500} lineClamp={2}>
                        {activity.title}
                      </Text>
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {t(`kinds.${activity.kind as 'pdf'}`)}
                        {activity.scorm ? ` · SCORM ${activity.scorm.version}` : ''}
                        {activity.file ? ` · ${activity.file.name}` : ''}
                      </Text>
                      {activity.ready ? (
                        <WrapBadge
                          color="teal"
                          variant="light"
                          size="sm"
                          leftSection={<IconCheck size={12} aria-hidden />}
                        >
                          {t('content.ready')}
                        </WrapBadge>
                      ) : (
                        <WrapBadge
                          color="orange"
                          variant="light"
                          size="sm"
                          leftSection={<IconAlertCircle size={12} aria-hidden />}
                        >
                          {t('content.notReady')}
                        </WrapBadge>
                      )}
                    </Stack>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('content.editNamed', { title: activity.title })}
                      onClick={() => openActivity(module.id, activity)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('content.deleteNamed', { title: activity.title })}
                      onClick={() =>
                        window.confirm(t('content.confirmDelete')) &&
                        write.mutate(courseApi.deleteActivity(activity.id))
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      ))}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          write.mutate(courseApi.addModule(course.id, { title: newModule }), {
            onSuccess: () => setNewModule(''),
          });
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('content.newModule')}
            value={newModule}
            onChange={(e) => setNewModule(e.currentTarget.value)}
            maxLength={200}
            style={{ flex: 1 }}
            data-testid="new-module"
          />
          <Button
            type="submit"
            variant="light"
            disabled={!newModule.trim()}
            loading={write.isPending}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('content.addModule')}
          </Button>
        </Group>
      </form>
      {editing ? (
        <ActivityModal
          key={`${editing.moduleId}-${editing.activity?.id ?? 'new'}-${opened}`}
          courseId={course.id}
          moduleId={editing.moduleId}
          activity={editing.activity}
          opened={opened}
          onClose={modal.close}
        />
      ) : null}
    </Stack>
  );
}
