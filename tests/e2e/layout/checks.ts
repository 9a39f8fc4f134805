import type { Browser, BrowserContext, Page } from "@playwright/test";
import { axeViolations } from "../axe";

/** The smallest hit area on a phone (WCAG 2.5.5, decision 038). */
export const MIN_TARGET = 44;

/**
 * Runs inside the page: what a person would see as broken. Returns one line per problem.
 * Kept as one function so that a whole state costs one round trip.
 */
function inspect(minTarget: number): string[] {
  const problems: string[] = [];
  const vw = document.documentElement.clientWidth;
  const phone = window.innerWidth <= 480;
  const nameOf = (el: Element) => {
    const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const cls =
      typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    return `<${el.tagName.toLowerCase()}${cls}> "${text}"`;
  };
  // Elements that are hidden on purpose until focused, or not for people at all.
  const offstage = (el: Element) =>
    Boolean(el.closest(".visually-hidden, .skip-link, .honeypot, [aria-hidden='true']"));
  const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  // Nothing moves while this runs, so whether an element clips its content, and its box, are
  // asked once per element: the walks below climb the same ancestors for every descendant.
  const clipCache = new Map<Element, DOMRect | null>();
  const clipOf = (el: Element) => {
    let clip = clipCache.get(el);
    if (clip === undefined) {
      const style = getComputedStyle(el);
      clip = style.overflowX !== "visible" || style.overflowY !== "visible" ? el.getBoundingClientRect() : null;
      clipCache.set(el, clip);
    }
    return clip;
  };
  // The part of an element its scrolling or clipping ancestors let through.
  const visibleRect = (el: Element) => {
    const r = el.getBoundingClientRect();
    let { left, right, top, bottom } = r;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const c = clipOf(p);
      if (c) {
        left = Math.max(left, c.left);
        right = Math.min(right, c.right);
        top = Math.max(top, c.top);
        bottom = Math.min(bottom, c.bottom);
      }
    }
    return { left, right, top, bottom, width: right - left, height: bottom - top };
  };

  if (document.documentElement.scrollWidth > vw + 1) {
    problems.push(`horizontal scroll: content ${document.documentElement.scrollWidth}px wide in ${vw}px`);
  }

  for (const el of document.body.querySelectorAll("*")) {
    if (offstage(el) || !shown(el)) continue;
    const r = visibleRect(el);
    if (r.width <= 1 || r.height <= 1) continue;
    if (r.left < -1 || r.right > vw + 1) {
      problems.push(`outside the viewport (${Math.round(r.left)}…${Math.round(r.right)} of ${vw}): ${nameOf(el)}`);
    }
  }

  const controls = [
    ...document.body.querySelectorAll<HTMLElement>(
      "a[href], button, summary, select, textarea, input:not([type=hidden]), [role=button], [role=menuitem], [tabindex]:not([tabindex='-1'])",
    ),
  ].filter((el) => !offstage(el) && shown(el) && el.getBoundingClientRect().width > 1);

  if (phone) {
    for (const el of controls) {
      // WCAG 2.5.8's exception: a link inside a sentence.
      if (el.tagName === "A" && getComputedStyle(el).display === "inline") {
        const parentText = el.parentElement?.textContent?.trim().length ?? 0;
        if (parentText > (el.textContent?.trim().length ?? 0) + 1) continue;
      }
      let { width, height } = el.getBoundingClientRect();
      // A reach drawn by an absolutely placed ::after is hit area too (a card's byline links,
      // decisions 219 and 230): the link's box grown by the pseudo-element's insets.
      const after = getComputedStyle(el, "::after");
      if (!["none", "normal"].includes(after.content) && after.position === "absolute") {
        const px = (value: string) => (value.endsWith("px") ? Number.parseFloat(value) : 0);
        width = Math.max(width, width - px(after.left) - px(after.right));
        height = Math.max(height, height - px(after.top) - px(after.bottom));
      }
      // A checkbox's hit area includes its label.
      for (const label of (el as HTMLInputElement).labels ?? []) {
        const l = label.getBoundingClientRect();
        width = Math.max(width, l.width);
        height = Math.max(height, l.height);
      }
      if (width < minTarget - 0.5 || height < minTarget - 0.5) {
        problems.push(`hit area ${Math.round(width)}×${Math.round(height)} < ${minTarget}: ${nameOf(el)}`);
      }
    }
  }

  /** The box that ancestors with a clipping overflow leave visible around `el`. */
  function clipBoxOf(el: Element) {
    let box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      const r = clipOf(node);
      if (!r) continue;
      box = {
        left: Math.max(box.left, r.left),
        top: Math.max(box.top, r.top),
        right: Math.min(box.right, r.right),
        bottom: Math.min(box.bottom, r.bottom),
      };
    }
    return box;
  }

  // Text drawn under or over a control: compare only things on the same layer (a dropdown
  // covering the page is meant to, as the phone's tab bar over the page scrolling under it).
  const LAYERS = ".menu-panel, dialog, .sidebar, .header, .toasts, .sidebar-scrim, .tab-bar";
  const layerOf = (el: Element) => el.closest(LAYERS);
  const texts: { el: Element; rects: DOMRect[]; layer: Element | null }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || offstage(parent) || !shown(parent)) continue;
    if (parent.closest("script, style, noscript, option")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    // What is drawn, not the whole run: text cut by an ancestor's overflow (an ellipsis) ends
    // at that ancestor's edge.
    const clip = clipBoxOf(parent);
    const rects = [...range.getClientRects()]
      .map(
        (r) =>
          new DOMRect(
            Math.max(r.left, clip.left),
            Math.max(r.top, clip.top),
            Math.min(r.right, clip.right) - Math.max(r.left, clip.left),
            Math.min(r.bottom, clip.bottom) - Math.max(r.top, clip.top),
          ),
      )
      .filter((r) => r.width > 0 && r.height > 0);
    texts.push({ el: parent, rects, layer: layerOf(parent) });
  }
  for (const control of controls) {
    // An inline link broken over two lines is two boxes, not the rectangle around both.
    const boxes = [...control.getClientRects()];
    const layer = layerOf(control);
    const labels = [...((control as HTMLInputElement).labels ?? [])];
    for (const text of texts) {
      if (text.layer !== layer || control.contains(text.el) || text.el.contains(control)) continue;
      if (labels.some((l) => l.contains(text.el))) continue;
      const hit = text.rects.some((t) =>
        boxes.some(
          (c) =>
            Math.min(c.right, t.right) - Math.max(c.left, t.left) > 2 &&
            Math.min(c.bottom, t.bottom) - Math.max(c.top, t.top) > 2,
        ),
      );
      if (hit) problems.push(`text ${nameOf(text.el)} overlaps control ${nameOf(control)}`);
    }
  }
  return [...new Set(problems)];
}

export async function layoutProblems(page: Page) {
  return page.evaluate(inspect, MIN_TARGET);
}

/**
 * The axe rules whose outcome depends on colours, so on the theme: every other rule reads only
 * the markup, which is the same in every theme (decision 072).
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export type AxeRunner = {
  /**
   * axe's serious and critical violations in `scope` (or the page), shown in `theme`; with
   * `colourOnly`, just the rules a theme can change.
   */
  problems(theme: string, scope?: string, colourOnly?: boolean): Promise<string[]>;
  close(): Promise<void>;
};

/**
 * axe, serious and critical only, contrast included (WCAG 2.1 AA). `scope` limits it to a
 * selector (what a state opened), since a whole-page run costs seconds. The page must already
 * show `theme`; without JavaScript the copy axe reads is switched to it too.
 */
export function axeRunner(page: Page, browser: Browser, javaScriptEnabled: boolean): AxeRunner {
  // axe is a script: without JavaScript it runs on a copy of this page's DOM, scripts removed,
  // in a context that allows scripts, at the same address so the CSS loads. One copy serves
  // every theme of a state: only the <html> class differs.
  let helper: BrowserContext | null = null;
  let copy: Page | null = null;
  let copied = "";
  const themeless = (html: string) => html.replace(/^([\s\S]*?<html[^>]*?)\sclass="[^"]*"/, "$1");

  const target = async (theme: string) => {
    if (javaScriptEnabled) return page;
    const html = (await page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, "");
    const url = page.url();
    if (!helper || !copy) {
      // Explicit: Playwright gives new contexts the project's options, JavaScript off included.
      helper = await browser.newContext({ javaScriptEnabled: true });
      copy = await helper.newPage();
      await copy.route("**/*", (route) =>
        route.request().isNavigationRequest()
          ? route.fulfill({ contentType: "text/html", body: copied })
          : route.continue(),
      );
    }
    await copy.setViewportSize(page.viewportSize() ?? { width: 360, height: 740 });
    if (themeless(html) !== themeless(copied) || copy.url() !== url) {
      copied = html;
      await copy.goto(url);
    }
    await copy.evaluate((name) => {
      document.documentElement.className = name;
    }, `theme-${theme}`);
    return copy;
  };

  return {
    async problems(theme, scope, colourOnly = false) {
      const violations = await axeViolations(await target(theme), {
        include: scope,
        options: {
          runOnly: colourOnly
            ? { type: "rule", values: COLOUR_RULES }
            : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        },
      });
      return violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    },
    async close() {
      await helper?.close();
    },
  };
}
