import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { adminCourse, type AdminCourse, type SubscriptionMode } from '@trilha/contracts/learning';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { adminKeys, courseApi, uploadUrls, useAdminCourses, useCourseWrite, useTaxonomy } from '../api/admin';
import { UploadField } from './upload-field';

export function CourseDetailsForm({ course }: { course: AdminCourse }) {
  const { t } = useTranslation('learning-admin');
  const client = useQueryClient();
  const { data: taxonomy } = useTaxonomy();
  const { data: others } = useAdminCourses('', 'all', 1);
  const write = useCourseWrite(course.id, (p: Promise<AdminCourse>) => p);
  const [draft, setDraft] = useState({
    title: course.title,
    description: course.description,
    workloadMinutes: course.workloadMinutes,
    categoryId: course.categoryId ? String(course.categoryId) : null,
    tagIds: course.tagIds.map(String),
    subscriptionMode: course.subscriptionMode as SubscriptionMode,
    prerequisiteIds: course.prerequisiteIds.map(String),
    isPublic: course.isPublic,
  });
  const save = () =>
    write.mutate(
      courseApi.update(course.id, {
        ...draft,
        categoryId: draft.categoryId ? Number(draft.categoryId) : null,
        tagIds: draft.tagIds.map(Number),
        prerequisiteIds: draft.prerequisiteIds.map(Number),
      }),
      { onSuccess: () => notifications.show({ color: 'teal', message: t('course.saved') }) },
    );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <TextInput
            label={t('course.title')}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            required
            maxLength={200}
          />
          <Textarea
            label={t('course.description')}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            autosize
            minRows={4}
            maxLength={5000}
          />
          <NumberInput
            label={t('course.workload')}
            value={draft.workloadMinutes ?? ''}
            min={0}
            onChange={(v) => setDraft({ ...draft, workloadMinutes: typeof v === 'number' ? v : null })}
            suffix={` ${t('course.minutes')}`}
          />
        </Stack>
        <Stack gap="md">
          <UploadField
            url={uploadUrls.courseCover(course.id)}
            schema={adminCourse}
            accept={{ 'image/*': ['.jpg', '.jpeg', '.png', '.webp'] }}
            label={t('course.cover')}
            hint={t('course.coverHint')}
            current={course.coverUrl ? t('course.coverSet') : null}
            onUploaded={(c) => client.setQueryData(adminKeys.course(c.id), c)}
          />
          <Select
            label={t('course.category')}
            data={(taxonomy?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={draft.categoryId}
            onChange={(categoryId) => setDraft({ ...draft, categoryId })}
            clearable
            searchable
          />
          <MultiSelect
            label={t('course.tags')}
            data={(taxonomy?.tags ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={draft.tagIds}
            onChange={(tagIds) => setDraft({ ...draft, tagIds })}
            searchable
            clearable
          />
          <Select
            label={t('course.subscriptionMode')}
            data={(['open', 'enrollment', 'assigned'] as const).map((m) => ({
              value: m,
              label: t(`modes.${m}`),
            }))}
            value={draft.subscriptionMode}
            onChange={(v) => v && setDraft({ ...draft, subscriptionMode: v as SubscriptionMode })}
            allowDeselect={false}
          />
          <MultiSelect
            label={t('course.prerequisites')}
            data={(others?.items ?? [])
              .filter((c) => c.id !== course.id)
              .map((c) => ({ value: String(c.id), label: c.title }))}
            value={draft.prerequisiteIds}
            onChange={(prerequisiteIds) => setDraft({ ...draft, prerequisiteIds })}
            searchable
            clearable
          />
          <Checkbox
            label={t('course.isPublic')}
            checked={draft.isPublic}
            onChange={(e) => setDraft({ ...draft, isPublic: e.currentTarget.checked })}
          />
        </Stack>
      </SimpleGrid>
      {write.isError ? (
        <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
          {apiErrorText(write.error)}
        </div>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={save} loading={write.isPending} disabled={!draft.title.trim()}>
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
