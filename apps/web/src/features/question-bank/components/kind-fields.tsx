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
import { Fragment, type ReactNode } from 'react';
import {
  Controller,
  useFieldArray,
  type FieldArray,
  type FieldError,
  type UseFormReturn,
} from 'react-hook-form';
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

type ListName = 'options' | 'pairs' | 'items' | 'answers';

/**
 * A list part of the question (options, pairs, items, accepted answers): its rows with move and remove,
 * the list's own error, and the add button. Each kind lays out its row; `controls` goes in it.
 */
function ListField<N extends ListName>(props: {
  form: Form;
  name: N;
  title: string;
  help?: string;
  addLabel: string;
  min: number;
  max: number;
  newRow: () => FieldArray<QuestionFormValues, N>;
  rowLabel: (n: number) => string;
  row: (i: number, label: string, controls: ReactNode) => ReactNode;
}) {
  const { form, name } = props;
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name });
  return (
    <Stack gap="sm">
      <Text fw={600}>{props.title}</Text>
      {props.help ? (
        <Text fz="sm" c="dimmed">
          {props.help}
        </Text>
      ) : null}
      {fields.map((field, i) => {
        const label = props.rowLabel(i + 1);
        const controls = (
          <ListControls
            index={i}
            count={fields.length}
            min={props.min}
            label={label}
            onMove={move}
            onRemove={remove}
          />
        );
        return <Fragment key={field.id}>{props.row(i, label, controls)}</Fragment>;
      })}
      <ListError error={form.formState.errors[name] as FieldError | undefined} />
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={fields.length >= props.max}
          onClick={() => append(props.newRow())}
        >
          {props.addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function ChoiceOptions({ form }: { form: Form }) {
  const { t } = useTranslation('question-bank');
  const kind = form.watch('kind');
  const errors = form.formState.errors.options;
  return (
    <ListField
      form={form}
      name="options"
      title={t('form.options')}
      addLabel={t('form.addOption')}
      min={2}
      max={L.options}
      newRow={newOption}
      rowLabel={(n) => t('form.optionN', { n })}
      row={(i, label, controls) => (
        <Paper withBorder p="sm" radius="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fz="sm" fw={500}>
                {label}
              </Text>
              {controls}
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
              <Checkbox label={t('form.correctN', { n: i + 1 })} {...form.register(`options.${i}.correct`)} />
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
      )}
    />
  );
}

function Pairs({ form }: { form: Form }) {
  const { t } = useTranslation('question-bank');
  const errors = form.formState.errors.pairs;
  return (
    <ListField
      form={form}
      name="pairs"
      title={t('form.pairs')}
      addLabel={t('form.addPair')}
      min={2}
      max={L.options}
      newRow={() => ({ left: '', right: '' })}
      rowLabel={(n) => t('form.pairN', { n })}
      row={(i, _label, controls) => (
        <Group align="flex-end" wrap="wrap" gap="xs">
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
          {controls}
        </Group>
      )}
    />
  );
}

function TextList({ form, name }: { form: Form; name: 'items' | 'answers' }) {
  const { t } = useTranslation('question-bank');
  const errors = form.formState.errors[name];
  const items = name === 'items';
  return (
    <ListField
      form={form}
      name={name}
      title={t(items ? 'form.items' : 'form.answers')}
      help={items ? t('form.itemsHelp') : undefined}
      addLabel={t(items ? 'form.addItem' : 'form.addAnswer')}
      min={items ? 2 : 1}
      max={items ? L.options : L.answers}
      newRow={() => ({ text: '' })}
      rowLabel={(n) => t(items ? 'form.itemN' : 'form.answerN', { n })}
      row={(i, label, controls) => (
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            label={label}
            maxLength={items ? L.item : L.answer}
            style={{ flex: 1 }}
            {...form.register(`${name}.${i}.text`)}
            error={fieldMessage(errors?.[i]?.text)}
          />
          {controls}
        </Group>
      )}
    />
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
