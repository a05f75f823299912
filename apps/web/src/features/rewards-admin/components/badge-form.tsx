import {
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  NumberInput,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import {
  badgeBody,
  badgeCriterion,
  criteriaWithCount,
  criteriaWithRef,
  type AdminBadge,
  type BadgeBody,
  type BadgeCriterion,
} from '@trilha/contracts/rewards/badges';
import { languages, type Language } from '@trilha/i18n/languages';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrorText, applyFieldErrors, fieldMessage } from '../../../lib/form-errors';
import { useChoices, type ChoiceKind } from '../api/rewards-admin';

interface FormValues {
  texts: Record<Language, { name: string; description: string }>;
  criterion: BadgeCriterion;
  criterionRefId: number | null;
  criterionCount: number | null;
  active: boolean;
}
type Parsed = z.output<typeof badgeBody>;

const refKind: Partial<Record<BadgeCriterion, ChoiceKind>> = {
  course: 'course',
  trail: 'trail',
  category_courses: 'category',
};
const needsRef = (c: BadgeCriterion) => (criteriaWithRef as readonly string[]).includes(c);
const needsCount = (c: BadgeCriterion) => (criteriaWithCount as readonly string[]).includes(c);

/** A language left blank is left out: the learner then reads the pt-BR texts. */
function toBody(values: FormValues): BadgeBody {
  const texts: Record<string, { name: string; description: string }> = {};
  for (const language of languages) {
    const text = values.texts[language];
    if (language === 'pt-BR' || text.name.trim() || text.description.trim()) texts[language] = text;
  }
  return {
    texts: texts as BadgeBody['texts'],
    criterion: values.criterion,
    criterionRefId: needsRef(values.criterion) ? values.criterionRefId : null,
    criterionCount: needsCount(values.criterion) ? values.criterionCount : null,
    active: values.active,
  };
}

/** The contract checks the body the form would send; its issues land on the fields they name. */
const resolver: Resolver<FormValues, unknown, Parsed> = (values) => {
  const parsed = badgeBody.safeParse(toBody(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    let node = errors;
    issue.path.forEach((key, index) => {
      const name = String(key);
      if (index === issue.path.length - 1) {
        node[name] ??= { type: issue.code, message: issue.message };
      } else {
        node[name] ??= {};
        node = node[name] as Record<string, unknown>;
      }
    });
  }
  return { values: {}, errors: errors as FieldErrors<FormValues> };
};

function valuesOf(badge: AdminBadge | null): FormValues {
  const texts = Object.fromEntries(
    languages.map((l) => [
      l,
      { name: badge?.texts[l]?.name ?? '', description: badge?.texts[l]?.description ?? '' },
    ]),
  ) as FormValues['texts'];
  return {
    texts,
    criterion: badge?.criterion ?? 'manual',
    criterionRefId: badge?.criterionRefId ?? null,
    criterionCount: badge?.criterionCount ?? null,
    active: badge?.active ?? true,
  };
}

/**
 * Create or edit a badge: names and descriptions per language (pt-BR required), the criterion with what
 * it names or counts, the artwork (sent once the badge exists) and whether it is awarded.
 */
export function BadgeForm({
  badge,
  onSave,
  onCancel,
}: {
  badge: AdminBadge | null;
  onSave: (body: Parsed, image: File | null) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['rewards-admin', 'common']);
  const form = useForm<FormValues, unknown, Parsed>({ resolver, defaultValues: valuesOf(badge) });
  const { errors, isSubmitting } = form.formState;
  const criterion = useWatch({ control: form.control, name: 'criterion' });
  const kind = refKind[criterion];
  const choices = useChoices(kind ?? 'course', kind !== undefined);
  const [tab, setTab] = useState<Language>('pt-BR');
  const [image, setImage] = useState<File | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const localUrl = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl]);
  const artwork = localUrl ?? badge?.imageUrl ?? null;

  const submit = form.handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        await onSave(body, image);
      } catch (error) {
        if (!applyFieldErrors(error, form.setError)) setFailure(error);
      }
    },
    (invalid) => {
      // The first language tab with a mistake opens, so its field can be seen and focused.
      const wrong = languages.find((l) => invalid.texts?.[l]);
      if (wrong) setTab(wrong);
    },
  );

  const nameError = (l: Language) =>
    errors.texts?.[l]?.name
      ? l === 'pt-BR'
        ? t('badges.form.nameRequired')
        : t('badges.form.nameIncomplete')
      : undefined;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Tabs value={tab} onChange={(v) => v && setTab(v as Language)}>
          <Tabs.List>
            {languages.map((l) => (
              <Tabs.Tab key={l} value={l} c={errors.texts?.[l] ? 'red' : undefined}>
                {t(`common:language.names.${l}`)}
                {l === 'pt-BR' ? ' *' : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {languages.map((l) => (
            <Tabs.Panel key={l} value={l} pt="sm">
              <Stack gap="sm">
                {l !== 'pt-BR' ? (
                  <Text fz="xs" c="dimmed">
                    {t('badges.form.optionalLanguage')}
                  </Text>
                ) : null}
                <TextInput
                  label={t('badges.form.name')}
                  required={l === 'pt-BR'}
                  maxLength={80}
                  error={nameError(l)}
                  {...form.register(`texts.${l}.name`)}
                />
                <Textarea
                  label={t('badges.form.description')}
                  rows={3}
                  maxLength={500}
                  {...form.register(`texts.${l}.description`)}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Controller
          control={form.control}
          name="criterion"
          render={({ field }) => (
            <Select
              label={t('badges.form.criterion')}
              data={badgeCriterion.options.map((c) => ({ value: c, label: t(`criteria.names.${c}`) }))}
              value={field.value}
              onChange={(v) => {
                if (!v) return;
                field.onChange(v);
                form.setValue('criterionRefId', null);
                form.clearErrors(['criterionRefId', 'criterionCount']);
              }}
              allowDeselect={false}
              description={t(`criteria.hints.${criterion}`)}
            />
          )}
        />
        {kind ? (
          <Controller
            control={form.control}
            name="criterionRefId"
            render={({ field }) => (
              <Select
                label={t(`badges.form.ref.${kind}`)}
                placeholder={choices.isPending ? t('states.loading') : t('badges.form.refPlaceholder')}
                data={(choices.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : null)}
                searchable
                required
                nothingFoundMessage={t('badges.form.refNone')}
                error={
                  choices.isError
                    ? apiErrorText(choices.error)
                    : fieldMessage(errors.criterionRefId, 'REWARDS_BADGE_CRITERION_REF_REQUIRED')
                }
                ref={field.ref}
              />
            )}
          />
        ) : null}
        {needsCount(criterion) ? (
          <Controller
            control={form.control}
            name="criterionCount"
            render={({ field }) => (
              <NumberInput
                label={t(`badges.form.count.${criterion as (typeof criteriaWithCount)[number]}`)}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator
                required
                error={fieldMessage(errors.criterionCount, 'REWARDS_BADGE_CRITERION_COUNT_REQUIRED')}
                ref={field.ref}
              />
            )}
          />
        ) : null}
        <Group align="flex-end" wrap="nowrap" gap="md">
          {artwork ? (
            <Image src={artwork} alt={t('badges.form.artworkPreview')} w={72} h={72} fit="contain" />
          ) : (
            <IconPhoto size={72} stroke={1} aria-hidden color="var(--mantine-color-gray-5)" />
          )}
          <FileInput
            label={t('badges.form.artwork')}
            description={t('badges.form.artworkHint')}
            placeholder={badge?.imageUrl ? t('badges.form.artworkReplace') : t('badges.form.artworkPick')}
            accept="image/png,image/jpeg,image/webp"
            value={image}
            onChange={setImage}
            clearable
            style={{ flex: 1 }}
          />
        </Group>
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('badges.form.active')}
              description={t('badges.form.activeHint')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {apiErrorText(failure)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {badge ? t('actions.save') : t('badges.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
