// The footer of every sequence email: the organization's sender identity and postal address (when
// set; CAN-SPAM asks commercial email for a physical address) and the unsubscribe link, in the text
// and the HTML part alike. No template setting removes it.

export interface ComplianceFooter {
  text: string;
  html: string;
}

/** Text as HTML: the characters markup gives meaning escaped. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The footer's lines: the identity, then the address's lines (blank ones dropped). */
function senderLines(identity: string | null, postalAddress: string | null): string[] {
  return [identity ?? '', ...(postalAddress ?? '').split(/\r?\n/)].map((l) => l.trim()).filter(Boolean);
}

export function complianceFooter(input: {
  senderIdentity: string | null;
  postalAddress: string | null;
  unsubscribeUrl: string;
}): ComplianceFooter {
  const lines = senderLines(input.senderIdentity, input.postalAddress);
  const text = ['--', ...lines, `Unsubscribe: ${input.unsubscribeUrl}`].join('\n');
  const sender = lines.length ? `${lines.map(escapeHtml).join('<br>')}<br>` : '';
  const html = `<p style="font-size:12px;color:#666">${sender}<a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>`;
  return { text, html };
}
