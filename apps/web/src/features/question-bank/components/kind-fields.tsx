import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { questionLimits as L } from '@trilha/contracts/assessments/questions';
import { Controller, useFieldArray, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../lib/form-errors';
import { ListControls } from './list-controls';
import { newOption, type QuestionFormValues } from './question-values';

type Form = UseFormReturn<QuestionFormValues>;

function ListError({ error }: { error: FieldError | undefined }) {
  const text = fieldMessage(error?.root ?? error);
  return text ? (
    <Text c="red.8" fz="sm" role="alert">
      {text}
    </Text>
  ) : null;
}

function ChoiceOptions({ form }: { form: Form }) {
  const { t } = useTranslation('question-bank');
  const kind = form.watch('kind');
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'options' });
  const errors = form.formState.errors.options;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('form.options')}</Text>
      {fields.map((field, i) => {
        const label = t('form.optionN', { n: i + 1 });
        return (
          <Paper key={field.id} withBorder p="sm" radius="sm">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fz="sm" fw={500}>
                  {label}
                </Text>
                <ListControls
                  index={i}
                  count={fields.length}
                  min={2}
                  label={label}
                  onMove={move}
                  onRemove={remove}
                />
              </Group>
              <Textarea
                label={t('form.optionText', { n: i + 1 })}
                autosize
                minRows={1}
                maxLength={L.option}
                {...form.register(`options.${i}.text`)}
                error={fieldMessage(errors?.[i]?.text)}
              />
              {kind === 'single_choice' ? (
                <Checkbox
                  label={t('form.correctN', { n: i + 1 })}
                  {...form.register(`options.${i}.correct`)}
                />
              ) : (
                <Controller
                  control={form.control}
                  name={`options.${i}.weight`}
                  render={({ field: f }) => (
                    <NumberInput
                      label={t('form.weightN', { n: i + 1 })}
                      description={t('form.weightHelp')}
                      min={-100}
                      max={100}
                      decimalScale={5}
                      suffix="%"
                      value={f.value}
                      onChange={(v) => f.onChange(typeof v === 'number' ? v : 0)}
                      maw={200}
                    />
                  )}
                />
              )}
              <TextInput
                label={t('form.optionFeedback', { n: i + 1 })}
                maxLength={L.feedback}
                {...form.register(`options.${i}.feedback`)}
              />
            </Stack>
          </Paper>
        );
      })}
      <ListError error={errors as FieldError | undefined} />
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={fields.length >= L.options}
          onClick={() => append(newOption())}
        >
          {t('form.addOption')}
        </Button>
      </Group>
    </Stack>
  );
}

function Pairs({ form }: { form: Form }) {
  const { t } = useTranslation('question-bank');
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'pairs' });
  const errors = form.formState.errors.pairs;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('form.pairs')}</Text>
      {fields.map((field, i) => {
        const label = t('form.pairN', { n: i + 1 });
        return (
          <Group key={field.id} align="flex-end" wrap="wrap" gap="xs">
            <TextInput
              label={t('form.left', { n: i + 1 })}
              maxLength={L.pair}
              style={{ flex: '1 1 160px' }}
              {...form.register(`pairs.${i}.left`)}
              error={fieldMessage(errors?.[i]?.left)}
            />
            <TextInput
              label={t('form.right', { n: i + 1 })}
              maxLength={L.pair}
              style={{ flex: '1 1 160px' }}
              {...form.register(`pairs.${i}.right`)}
              error={fieldMessage(errors?.[i]?.right)}
            />
            <ListControls
              index={i}
              count={fields.length}
              min={2}
              label={label}
              onMove={move}
              onRemove={remove}
            />
          </Group>
        );
      })}
      <ListError error={errors as FieldError | undefined} />
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={fields.length >= L.options}
          onClick={() => append({ left: '', right: '' })}
        >
          {t('form.addPair')}
        </Button>
      </Group>
    </Stack>
  );
}

function TextList({ form, name }: { form: Form; name: 'items' | 'answers' }) {
  const { t } = useTranslation('question-bank');
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name });
  const errors = form.formState.errors[name];
  const max = name === 'items' ? L.options : L.answers;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t(name === 'items' ? 'form.items' : 'form.answers')}</Text>
      {name === 'items' ? (
        <Text fz="sm" c="dimmed">
          {t('form.itemsHelp')}
        </Text>
      ) : null}
      {fields.map((field, i) => {
        const label = t(name === 'items' ? 'form.itemN' : 'form.answerN', { n: i + 1 });
        return (
          <Group key={field.id} align="flex-end" wrap="nowrap" gap="xs">
            <TextInput
              label={label}
              maxLength={name === 'items' ? L.item : L.answer}
              style={{ flex: 1 }}
              {...form.register(`${name}.${i}.text`)}
              error={fieldMessage(errors?.[i]?.text)}
            />
            <ListControls
              index={i}
              count={fields.length}
              min={name === 'items' ? 2 : 1}
              label={label}
              onMove={move}
              onRemove={remove}
            />
          </Group>
        );
      })}
      <ListError error={errors as FieldError | undefined} />
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={fields.length >= max}
          onClick={() => append({ text: '' })}
        >
          {t(name === 'items' ? 'form.addItem' : 'form.addAnswer')}
        </Button>
      </Group>
    </Stack>
  );
}

function NumberField({
  form,
  name,
  label,
}: {
  form: Form;
  name: 'value' | 'tolerance' | 'min' | 'max';
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          value={field.value}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : 0)}
          min={name === 'tolerance' ? 0 : undefined}
          error={fieldMessage(fieldState.error)}
          style={{ flex: '1 1 140px' }}
        />
      )}
    />
  );
}

/** The parts of the question its kind asks for. */
export function KindFields({ form }: { form: Form }) {
  const { t } = useTranslation('question-bank');
  const kind = form.watch('kind');
  const mode = form.watch('numericMode');
  switch (kind) {
    case 'single_choice':
    case 'multiple_choice':
      return <ChoiceOptions form={form} />;
    case 'true_false':
      return (
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="answer"
            render={({ field }) => (
              <Stack gap={4}>
                <Text fw={600} id="tf-answer">
                  {t('form.rightAnswer')}
                </Text>
                <SegmentedControl
                  aria-labelledby="tf-answer"
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  data={[
                    { value: 'true', label: t('form.true') },
                    { value: 'false', label: t('form.false') },
                  ]}
                  maw={320}
                />
              </Stack>
            )}
          />
          <Textarea label={t('form.feedbackTrue')} autosize minRows={1} {...form.register('feedbackTrue')} />
          <Textarea
            label={t('form.feedbackFalse')}
            autosize
            minRows={1}
            {...form.register('feedbackFalse')}
          />
        </Stack>
      );
    case 'matching':
      return <Pairs form={form} />;
    case 'ordering':
      return <TextList form={form} name="items" />;
    case 'short_answer':
      return (
        <Stack gap="sm">
          <TextList form={form} name="answers" />
          <Switch label={t('form.caseSensitive')} {...form.register('caseSensitive')} />
        </Stack>
      );
    case 'numeric':
      return (
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="numericMode"
            render={({ field }) => (
              <SegmentedControl
                aria-label={t('form.numericMode')}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                data={[
                  { value: 'value', label: t('form.numericValue') },
                  { value: 'range', label: t('form.numericRange') },
                ]}
                maw={360}
              />
            )}
          />
          <Group wrap="wrap" align="flex-start">
            {mode === 'value' ? (
              <>
                <NumberField form={form} name="value" label={t('form.value')} />
                <NumberField form={form} name="tolerance" label={t('form.tolerance')} />
              </>
            ) : (
              <>
                <NumberField form={form} name="min" label={t('form.min')} />
                <NumberField form={form} name="max" label={t('form.max')} />
              </>
            )}
          </Group>
          <ListError error={(form.formState.errors as Record<string, FieldError | undefined>).answer} />
        </Stack>
      );
    case 'essay':
      return (
        <Text fz="sm" c="dimmed">
          {t('form.essayHelp')}
        </Text>
      );
  }
}
