import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";
import { type GuestStylePart, type HydrationHandle, shipsScripts } from "~/lib/hydration";
import { DEFAULT_THEME, THEMES, type Theme } from "~/lib/themes";
import guestCss from "~/styles/guest.css?inline";
import guestFormsCss from "~/styles/guest-forms.css?inline";
import guestLandingCss from "~/styles/guest-landing.css?inline";
import guestNoticesCss from "~/styles/guest-notices.css?inline";
import themesCss from "~/styles/themes.css?inline";

/** A stylesheet a script-free page carries in a <style> element, and the CSP source allowing it. */
export type InlineStyle = { css: string; hash: string };

/**
 * The custom properties of one theme as a single `:root` rule: the default theme's, overridden
 * by the theme's own (themes.css: one plain rule per theme, the default also on `:root`). A guest
 * page is cached per theme already (decision 043), so it needs no other theme's (decision 090).
 */
export function themeVariables(css: string, theme: Theme): string {
  const rules = new Map<string, [string, string][]>();
  for (const [, selectors = "", body = ""] of css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = body
      .split(";")
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration): [string, string] => {
        const colon = declaration.indexOf(":");
        return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()];
      });
    for (const selector of selectors.split(",")) rules.set(selector.trim(), declarations);
  }
  const own = rules.get(`.${theme}`);
  const defaults = rules.get(`.${DEFAULT_THEME}`);
  if (!own || !defaults) throw new Error(`themes.css has no rule for .${theme}`);
  const merged = new Map([...defaults, ...own]);
  return `:root{${[...merged].map(([property, value]) => `${property}:${value}`).join(";")}}`;
}

const sha256Source = (css: string) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`;

/** The guest stylesheet's optional parts, in the order app.css imports them. */
const PARTS: [GuestStylePart, string][] = [
  ["forms", guestFormsCss],
  ["landing", guestLandingCss],
  ["notices", guestNoticesCss],
];

const variants = new Map<string, InlineStyle>();

/**
 * The guest stylesheet with one theme's variables and the parts a page needs (decision 109):
 * built once per variant and isolate. A page carries only the rules it can show.
 */
export function inlineStyleFor(theme: Theme, parts: ReadonlySet<GuestStylePart> = new Set()): InlineStyle {
  const used = PARTS.filter(([part]) => parts.has(part));
  const key = [theme, ...used.map(([part]) => part)].join(" ");
  let variant = variants.get(key);
  if (!variant) {
    const css = themeVariables(themesCss, theme) + guestCss + used.map(([, partCss]) => partCss).join("");
    variant = { css, hash: sha256Source(css) };
    variants.set(key, variant);
  }
  return variant;
}

/**
 * What a document carries inline: the guest stylesheet in its theme when the page ships no script
 * (decision 043: the same rule as the root layout's, `shipsScripts`), with the parts its route
 * names and the notices' when it shows one, else nothing (it links the full app.css). Read from
 * the matched routes' handles and the root loader's data.
 */
export function documentInlineStyle({ staticHandlerContext }: EntryContext): InlineStyle | null {
  const root = staticHandlerContext.loaderData.root as { user?: unknown; theme?: unknown; toast?: unknown } | undefined;
  const matches = staticHandlerContext.matches.map((match) => ({ handle: match.route.handle }));
  if (shipsScripts(matches, Boolean(root?.user))) return null;
  const theme = (THEMES as readonly unknown[]).includes(root?.theme) ? (root?.theme as Theme) : DEFAULT_THEME;
  const parts = new Set((matches.at(-1)?.handle as HydrationHandle | undefined)?.guestStyles);
  if (root?.toast) parts.add("notices");
  return inlineStyleFor(theme, parts);
}
