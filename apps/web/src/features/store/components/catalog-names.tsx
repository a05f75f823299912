import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { StoreName } from '@trilha/contracts/store';
import { useTranslation } from 'react-i18next';

export const languages = ['pt-BR', 'en-US', 'es', 'fr'] as const;
export type Names = Record<(typeof languages)[number], string>;
export const emptyNames: Names = { 'pt-BR': '', 'en-US': '', es: '', fr: '' };
export const namesOf = (n: Partial<StoreName> | undefined): Names => ({
  'pt-BR': n?.['pt-BR'] ?? '',
  'en-US': n?.['en-US'] ?? '',
  es: n?.es ?? '',
  fr: n?.fr ?? '',
});

/** A text in the four languages: pt-BR required (when `required`), the others fall back to it. */
export function NamesFields({
  label,
  value,
  onChange,
  required = true,
  long = false,
  max,
  touched,
}: {
  label: string;
  value: Names;
  onChange: (v: Names) => void;
  required?: boolean;
  long?: boolean;
  max: number;
  touched: boolean;
}) {
  const { t } = useTranslation('store');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {languages.map((lang) => {
        const props = {
          label: `${label} (${lang})`,
          value: value[lang],
          maxLength: max,
          required: required && lang === 'pt-BR',
          error:
            touched && required && lang === 'pt-BR' && !value[lang].trim() ? t('queue.required') : undefined,
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            onChange({ ...value, [lang]: e.currentTarget.value }),
        };
        return long ? (
          <Textarea key={lang} autosize minRows={2} {...props} />
        ) : (
          <TextInput key={lang} {...props} />
        );
      })}
    </SimpleGrid>
  );
}
