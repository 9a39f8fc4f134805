import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";
import { shipsScripts } from "~/lib/hydration";
import { DEFAULT_THEME, THEMES, type Theme } from "~/lib/themes";
import guestCss from "~/styles/guest.css?inline";
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

const variants = new Map<Theme, InlineStyle>();

/** The guest stylesheet with one theme's variables: built once per theme and isolate. */
export function inlineStyleFor(theme: Theme): InlineStyle {
  let variant = variants.get(theme);
  if (!variant) {
    const css = themeVariables(themesCss, theme) + guestCss;
    variant = { css, hash: sha256Source(css) };
    variants.set(theme, variant);
  }
  return variant;
}

/**
 * What a document carries inline: the guest stylesheet in its theme when the page ships no script
 * (decision 043: the same rule as the root layout's, `shipsScripts`), else nothing (it links the
 * full app.css). Read from the matched routes' handles and the root loader's data.
 */
export function documentInlineStyle({ staticHandlerContext }: EntryContext): InlineStyle | null {
  const root = staticHandlerContext.loaderData.root as { user?: unknown; theme?: unknown } | undefined;
  const matches = staticHandlerContext.matches.map((match) => ({ handle: match.route.handle }));
  if (shipsScripts(matches, Boolean(root?.user))) return null;
  const theme = (THEMES as readonly unknown[]).includes(root?.theme) ? (root?.theme as Theme) : DEFAULT_THEME;
  return inlineStyleFor(theme);
}
