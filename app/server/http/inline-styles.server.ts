import { createHash } from "node:crypto";
import appCss from "~/styles/app.css?inline";

/** The stylesheet that script-free guest pages inline (app/lib/inline-styles.ts, decision 043). */
export const inlineAppCss: string = appCss;

/** The CSP source that allows exactly that <style> element, and no other. */
export const inlineAppCssHash = `'sha256-${createHash("sha256").update(inlineAppCss).digest("base64")}'`;
