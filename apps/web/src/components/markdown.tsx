import { Anchor, List, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A small, safe Markdown subset for institutional texts: headings (#, ##, ###), paragraphs, bulleted and
 * numbered lists, **bold**, *italic* and [links](url). Everything becomes React elements: no HTML in the
 * text is ever interpreted, and only http(s), mailto and same-site links are followed.
 */
export function safeHref(url: string): string | null {
  const u = url.trim();
  if (/^\/(?!\/)/.test(u)) return u;
  if (/^(https?:|mailto:)/i.test(u)) return u;
  return null;
}

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\))/g;
  let last = 0;
  let i = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const k = `${key}-${i++}`;
    if (match[2] !== undefined) out.push(<strong key={k}>{match[2]}</strong>);
    else if (match[3] !== undefined) out.push(<em key={k}>{match[3]}</em>);
    else {
      const href = safeHref(match[5] ?? '');
      const label = match[4] ?? '';
      if (!href) out.push(label);
      else if (href.startsWith('/'))
        out.push(
          <Anchor key={k} component={Link} to={href}>
            {label}
          </Anchor>,
        );
      else
        out.push(
          <Anchor key={k} href={href} target="_blank" rel="noopener noreferrer">
            {label}
          </Anchor>,
        );
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source, headingOffset = 1 }: { source: string; headingOffset?: number }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    const key = `b${blocks.length}`;
    if (paragraph.length) {
      blocks.push(
        <Text key={key} mb="sm">
          {inline(paragraph.join(' '), key)}
        </Text>,
      );
      paragraph = [];
    }
    if (list) {
      const items = list.items;
      blocks.push(
        <List key={`${key}l`} type={list.ordered ? 'ordered' : 'unordered'} mb="sm" spacing={4}>
          {items.map((item, n) => (
            <List.Item key={n}>{inline(item, `${key}-${n}`)}</List.Item>
          ))}
        </List>,
      );
      list = null;
    }
  };
  for (const raw of lines) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      const level = Math.min(6, heading[1]!.length + headingOffset) as 2 | 3 | 4 | 5 | 6;
      blocks.push(
        <Title key={`h${blocks.length}`} order={level} fz={level <= 2 ? 'h3' : 'h4'} mt="md" mb="xs">
          {inline(heading[2]!, `h${blocks.length}`)}
        </Title>,
      );
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return <Typography>{blocks}</Typography>;
}
