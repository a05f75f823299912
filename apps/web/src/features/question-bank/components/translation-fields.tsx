import { Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { questionLimits as L } from '@trilha/contracts/assessments/questions';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../lib/form-errors';
import { translationLanguages, type QuestionFormValues } from './question-values';

/** The other languages' texts, each one mirroring the pt-BR parts of the chosen kind, all optional. */
export function TranslationFields({ form }: { form: UseFormReturn<QuestionFormValues> }) {
  const { t } = useTranslation('question-bank');
  // Every language's tab is mounted, so each label names its language to stay unique.
  const label = (lang: (typeof translationLanguages)[number], field: string) =>
    t('translations.labelled', { field, language: t(`translations.languages.${lang}`) });
  const kind = form.watch('kind');
  const options = form.watch('options');
  const pairs = form.watch('pairs');
  const items = form.watch('items');
  const errors = form.formState.errors.translations as
    Record<string, Record<string, { message?: string } | undefined> | undefined> | undefined;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('translations.title')}</Text>
      <Text fz="sm" c="dimmed">
        {t('translations.help')}
      </Text>
      <Tabs defaultValue="en-US" keepMounted>
        <Tabs.List>
          {translationLanguages.map((lang) => (
            <Tabs.Tab key={lang} value={lang}>
              {t(`translations.languages.${lang}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {translationLanguages.map((lang) => {
          const prefix = `translations.${lang}` as const;
          const partError = (part: string) =>
            fieldMessage(errors?.[lang]?.[part] as Parameters<typeof fieldMessage>[0]);
          return (
            <Tabs.Panel key={lang} value={lang} pt="sm">
              <Stack gap="sm">
                <Textarea
                  label={label(lang, t('form.stem'))}
                  autosize
                  minRows={2}
                  maxLength={L.stem}
                  {...form.register(`${prefix}.stem`)}
                  error={partError('stem')}
                />
                {kind === 'single_choice' || kind === 'multiple_choice'
                  ? options.map((_, i) => (
                      <Stack key={i} gap={4}>
                        <TextInput
                          label={label(lang, t('form.optionText', { n: i + 1 }))}
                          maxLength={L.option}
                          {...form.register(`${prefix}.options.${i}.text`)}
                        />
                        <TextInput
                          label={label(lang, t('form.optionFeedback', { n: i + 1 }))}
                          maxLength={L.feedback}
                          {...form.register(`${prefix}.options.${i}.feedback`)}
                        />
                      </Stack>
                    ))
                  : null}
                {kind === 'matching'
                  ? pairs.map((_, i) => (
                      <Stack key={i} gap={4}>
                        <TextInput
                          label={label(lang, t('form.left', { n: i + 1 }))}
                          maxLength={L.pair}
                          {...form.register(`${prefix}.pairs.${i}.left`)}
                        />
                        <TextInput
                          label={label(lang, t('form.right', { n: i + 1 }))}
                          maxLength={L.pair}
                          {...form.register(`${prefix}.pairs.${i}.right`)}
                        />
                      </Stack>
                    ))
                  : null}
                {kind === 'ordering'
                  ? items.map((_, i) => (
                      <TextInput
                        key={i}
                        label={label(lang, t('form.itemN', { n: i + 1 }))}
                        maxLength={L.item}
                        {...form.register(`${prefix}.items.${i}`)}
                      />
                    ))
                  : null}
                {kind === 'true_false' ? (
                  <>
                    <TextInput
                      label={label(lang, t('form.feedbackTrue'))}
                      {...form.register(`${prefix}.feedbackTrue`)}
                    />
                    <TextInput
                      label={label(lang, t('form.feedbackFalse'))}
                      {...form.register(`${prefix}.feedbackFalse`)}
                    />
                  </>
                ) : null}
                <Textarea
                  label={label(lang, t('form.generalFeedback'))}
                  autosize
                  minRows={1}
                  maxLength={L.feedback}
                  {...form.register(`${prefix}.generalFeedback`)}
                />
                {['options', 'pairs', 'items'].map((part) =>
                  partError(part) ? (
                    <Text key={part} c="red.8" fz="sm" role="alert">
                      {partError(part)}
                    </Text>
                  ) : null,
                )}
              </Stack>
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Stack>
  );
}
