// A footer of the step's own: text after a signature delimiter line (`--` or `-- `, RFC 3676 4.3),
// the usual start of a plain-text footer. The service adds its compliance footer with the
// unsubscribe link below the body whatever the step says; a footer of the step's own that does not
// place the link too (`{{ unsubscribe_url }}`) shows readers a footer without the way out first.
import { warning, type CheckContext, type ContentWarning, type RenderedStep } from './warning.ts';

const DELIMITER = /^-- ?$/;

/** The text after the body's last delimiter line, when something follows it; null when the body has no footer of its own. */
export function customFooter(body: string): string | null {
  const lines = body.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!DELIMITER.test(lines[i])) continue;
    const footer = lines.slice(i + 1).join('\n');
    return footer.trim() ? footer : null;
  }
  return null;
}

export function footerWithoutUnsubscribe(rendered: RenderedStep, ctx: CheckContext): ContentWarning[] {
  if (rendered.html === null) return [];
  const footer = customFooter(rendered.body);
  if (footer === null || footer.includes(ctx.unsubscribeUrl)) return [];
  return [
    warning(
      ctx,
      'FOOTER_WITHOUT_UNSUBSCRIBE',
      ctx.paths.body,
      'The body ends with a footer of its own (after a "--" line) without {{ unsubscribe_url }}: put the unsubscribe link in it ' +
        '(the service still adds its footer with the link below).',
    ),
  ];
}
