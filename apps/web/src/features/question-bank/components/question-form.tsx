import {
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconEye, IconUpload } from '@tabler/icons-react';
import {
  questionKinds,
  questionLimits as L,
  type Question,
  type QuestionCategory,
} from '@trilha/contracts/assessments/questions';
import { useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, fieldMessage } from '../../../lib/form-errors';
import { useSaveQuestion, useUploadQuestionImage } from '../api/question-bank';
import { KindFields } from './kind-fields';
import { QuestionPreview } from './question-preview';
import { TranslationFields } from './translation-fields';
import { uploadErrorText } from './upload-error';
import {
  emptyValues,
  formPath,
  fromQuestion,
  toBody,
  validate,
  type QuestionFormValues,
} from './question-values';

const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Creates a question (`question` null) or edits one; `onDone` after it is saved. */
export function QuestionForm({
  question,
  categories,
  onDone,
  onCancel,
}: {
  question: Question | null;
  categories: QuestionCategory[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('question-bank');
  const form = useForm<QuestionFormValues>({
    defaultValues: question ? fromQuestion(question) : emptyValues(),
  });
  const save = useSaveQuestion();
  const upload = useUploadQuestionImage();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { errors } = form.formState;
  const mediaKind = form.watch('mediaKind');
  const mediaUrl = form.watch('mediaUrl');
  const mediaAlt = form.watch('mediaAlt');

  const showIssues = (issues: { path: string; message: string }[]) => {
    issues.forEach((issue, i) =>
      form.setError(
        issue.path as Path<QuestionFormValues>,
        { type: 'validate', message: issue.message },
        { shouldFocus: i === 0 },
      ),
    );
  };

  const submit = form.handleSubmit(async (values) => {
    const issues = validate(values);
    if (issues.length) {
      showIssues(issues);
      return;
    }
    try {
      await save.mutateAsync({ id: question?.id ?? null, body: toBody(values) });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.details)) {
        const details = error.details as { path?: string; code?: string }[];
        showIssues(
          details
            .filter((d) => d.path)
            .map((d) => ({ path: formPath(d.path!.split('.')), message: d.code ?? error.code })),
        );
      }
    }
  });

  const chooseImage = async (file: File | null) => {
    setUploadError(null);
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setUploadError(t('form.imageTooLarge'));
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      form.setValue('mediaUrl', url, { shouldDirty: true });
      form.clearErrors('mediaUrl');
    } catch (error) {
      setUploadError(uploadErrorText(error));
    }
  };

  const saveFailed = save.isError && !(save.error instanceof ApiError && Array.isArray(save.error.details));

  return (
    <form
      onSubmit={(event) => {
        // Errors set by hand (the schema's, the API's) would otherwise keep handleSubmit from running.
        form.clearErrors();
        void submit(event);
      }}
      noValidate
    >
      <Stack gap="md">
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select
              label={t('form.kind')}
              data={questionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              data-testid="question-kind"
            />
          )}
        />
        <TextInput
          label={t('form.title')}
          description={t('form.titleHelp')}
          maxLength={L.title}
          {...form.register('title')}
          error={fieldMessage(errors.title)}
        />
        <Textarea
          label={t('form.stem')}
          required
          autosize
          minRows={3}
          maxLength={L.stem}
          {...form.register('stem')}
          error={fieldMessage(errors.stem)}
        />
        <KindFields form={form} />
        <Textarea
          label={t('form.generalFeedback')}
          autosize
          minRows={2}
          maxLength={L.feedback}
          {...form.register('generalFeedback')}
          error={fieldMessage(errors.generalFeedback)}
        />
        <Group grow wrap="wrap" align="flex-start">
          <Controller
            control={form.control}
            name="points"
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('form.points')}
                min={0}
                max={L.points}
                decimalScale={2}
                value={field.value}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : 0)}
                error={fieldMessage(fieldState.error)}
                miw={140}
              />
            )}
          />
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <Select
                label={t('form.category')}
                placeholder={t('form.noCategory')}
                data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
                value={field.value}
                onChange={field.onChange}
                clearable
                searchable
                miw={180}
              />
            )}
          />
        </Group>
        <Controller
          control={form.control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagsInput
              label={t('form.tags')}
              description={t('form.tagsHelp', { max: L.tags })}
              value={field.value}
              onChange={field.onChange}
              maxTags={L.tags}
              error={fieldMessage(fieldState.error)}
            />
          )}
        />
        <Stack gap="xs">
          <Controller
            control={form.control}
            name="mediaKind"
            render={({ field }) => (
              <Stack gap={4}>
                <Text fw={600} id="media-kind">
                  {t('form.media')}
                </Text>
                <SegmentedControl
                  aria-labelledby="media-kind"
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v);
                    form.setValue('mediaUrl', '');
                  }}
                  data={(['none', 'image', 'video', 'audio'] as const).map((k) => ({
                    value: k,
                    label: t(`media.${k}`),
                  }))}
                  fullWidth
                />
              </Stack>
            )}
          />
          {mediaKind === 'image' ? (
            <Group align="flex-start" wrap="wrap">
              {mediaUrl ? (
                <Image src={mediaUrl} alt={mediaAlt.trim() || t('form.imagePreview')} maw={240} radius="sm" />
              ) : null}
              <FileButton
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(f) => void chooseImage(f)}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    loading={upload.isPending}
                  >
                    {mediaUrl ? t('form.replaceImage') : t('form.uploadImage')}
                  </Button>
                )}
              </FileButton>
            </Group>
          ) : null}
          {mediaKind === 'image' ? (
            <TextInput
              label={t('form.imageAlt')}
              description={t('form.imageAltHint')}
              maxLength={300}
              {...form.register('mediaAlt')}
              error={fieldMessage(errors.mediaAlt)}
            />
          ) : null}
          {mediaKind === 'video' || mediaKind === 'audio' ? (
            <TextInput
              label={t('form.mediaUrl')}
              placeholder="https://"
              type="url"
              {...form.register('mediaUrl')}
              error={fieldMessage(errors.mediaUrl)}
            />
          ) : null}
          {mediaKind === 'image' && errors.mediaUrl ? (
            <Text c="red.8" fz="sm" role="alert">
              {fieldMessage(errors.mediaUrl)}
            </Text>
          ) : null}
          {uploadError ? (
            <Text c="red.8" fz="sm" role="alert">
              {uploadError}
            </Text>
          ) : null}
        </Stack>
        <TranslationFields form={form} />
        {saveFailed ? (
          <Text c="red.8" fz="sm" role="alert">
            {apiErrorText(save.error)}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="subtle"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={() => setPreviewing(true)}
          >
            {t('form.preview')}
          </Button>
          <Group>
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('actions.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <Modal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        title={t('preview.title')}
        closeButtonProps={{ 'aria-label': t('preview.close') }}
        size="lg"
      >
        {previewing ? <QuestionPreview question={toBody(form.getValues())} /> : null}
      </Modal>
    </form>
  );
}
