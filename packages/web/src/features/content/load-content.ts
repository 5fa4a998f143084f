import type { Locale } from '@dilosi/domain';

// Markdown pages per locale (src/content/<locale>/<slug>.md); each file is its own lazy chunk.
const markdownFiles = import.meta.glob<string>('../../content/*/*.md', {
  query: '?raw',
  import: 'default',
});

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type ContentDocument = {
  /** From the first line of the file, `# Title`. */
  title: string;
  /** The rest of the file as HTML (trusted: it ships with the app). */
  html: string;
};

export function hasContent(locale: Locale, slug: string): boolean {
  return SLUG_PATTERN.test(slug) && `../../content/${locale}/${slug}.md` in markdownFiles;
}

/** The page in the given locale, or null when there is no such page. */
export async function loadContent(locale: Locale, slug: string): Promise<ContentDocument | null> {
  if (!hasContent(locale, slug)) return null;
  const load = markdownFiles[`../../content/${locale}/${slug}.md`];
  if (!load) return null;
  const [source, { renderMarkdown }] = await Promise.all([load(), import('./render-markdown')]);
  const [firstLine = '', ...rest] = source.replace(/^\uFEFF/, '').split('\n');
  const hasTitle = firstLine.startsWith('# ');
  return {
    title: hasTitle ? firstLine.slice(2).trim() : slug,
    html: renderMarkdown(hasTitle ? rest.join('\n') : source),
  };
}
