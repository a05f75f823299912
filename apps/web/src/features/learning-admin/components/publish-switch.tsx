import { Button, Group, List, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The course's "published" switch. Unpublishing a course that has learners is not silent: a confirmation
 * says how many are enrolled and what they will see (the course leaves their lists, its links and lessons
 * stop opening, their progress is kept for a later republication). Publishing, and unpublishing a course
 * nobody is enrolled in, need no confirmation.
 */
export function PublishSwitch({
  published,
  enrollmentCount,
  pending,
  onChange,
}: {
  published: boolean;
  enrollmentCount: number;
  pending: boolean;
  onChange: (published: boolean) => void;
}) {
  const { t } = useTranslation('learning-admin');
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Switch
        label={t('course.published')}
        checked={published}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          if (!next && enrollmentCount > 0) setConfirming(true);
          else onChange(next);
        }}
        disabled={pending}
        data-testid="publish-switch"
      />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('unpublish.title')} centered>
        <Stack gap="md">
          <Text>{t('unpublish.intro', { count: enrollmentCount })}</Text>
          <List spacing={4} fz="sm">
            <List.Item>{t('unpublish.lists')}</List.Item>
            <List.Item>{t('unpublish.links')}</List.Item>
            <List.Item>{t('unpublish.progress')}</List.Item>
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('unpublish.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirming(false);
                onChange(false);
              }}
            >
              {t('unpublish.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
