import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps over the header and navigation to the content. */
export function SkipLink({ label }: { label: string }) {
  return (
    <a className={classes.link} href={`#${MAIN_CONTENT_ID}`}>
      {label}
    </a>
  );
}
