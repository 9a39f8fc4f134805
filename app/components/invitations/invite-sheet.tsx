import type { SheetTexts } from "~/server/invitations/sheet.server";

type Props = { name: string; code: string; link: string; qr: string; sheets: SheetTexts[] };

/**
 * The printable invitation (decision 156): the texts in each language asked for, the code, the
 * link and its QR code, an SVG the server made from the link alone. Print CSS hides the rest of
 * the page, so the browser's own Print prints one sheet; no script is needed.
 */
export function InviteSheet({ code, link, qr, sheets }: Props) {
  const qrUrl = `data:image/svg+xml;base64,${btoa(qr)}`;
  return (
    <section className="invite-sheet" aria-label={sheets[0]?.title}>
      {sheets.map((sheet) => (
        <div key={sheet.lang} lang={sheet.lang} dir={sheet.dir} className="invite-sheet-text">
          <h2>{sheet.title}</h2>
          <p>{sheet.steps}</p>
        </div>
      ))}
      <img className="invite-qr" src={qrUrl} alt={link} width="240" height="240" data-testid="invite-qr" />
      <p className="invite-sheet-link">{link}</p>
      {sheets.map((sheet) => (
        <p key={sheet.lang} lang={sheet.lang} dir={sheet.dir} className="invite-sheet-code-label">
          {sheet.codeLabel}
        </p>
      ))}
      <p className="invite-sheet-code">{code}</p>
    </section>
  );
}
