import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

type Props = ButtonProps & ComponentPropsWithoutRef<'button'> & { currentName: string; changeLabel: string };

/** The header's language button: the globe, the current language and a chevron. */
export const LanguageMenuButton = forwardRef<HTMLButtonElement, Props>(function LanguageMenuButton(
  { currentName, changeLabel, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={`${changeLabel}: ${currentName}`}
      {...props}
    >
      {currentName}
    </Button>
  );
});
