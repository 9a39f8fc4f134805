// Just enough HTML parsing for our own server-rendered pages: tags, attributes, inline scripts, forms.

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function attributes(source) {
  const result = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    result[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return result;
}

function decodeEntities(value) {
  return value
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
}

/** The assets a cold visit loads straight from the markup, plus inline script and style text. */
export function pageAssets(html) {
  const js = new Set();
  const css = new Set();
  const inlineJs = [];
  const inlineCss = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const { src } = attributes(attrs);
    if (src) js.add(src);
    else if (body.trim()) inlineJs.push(body);
  }
  for (const [, attrs] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const { rel = "", href } = attributes(attrs);
    const rels = rel.toLowerCase().split(/\s+/);
    if (!href) continue;
    if (rels.includes("modulepreload")) js.add(href);
    if (rels.includes("stylesheet")) css.add(href);
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    if (body.trim()) inlineCss.push(body);
  }
  return { js: [...js], css: [...css], inlineJs, inlineCss };
}

/** The form that holds a password field: its action, method and fields. */
export function passwordForm(html) {
  for (const [, formAttrs, body] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form\s*>/gi)) {
    const inputs = [...body.matchAll(/<input\b([^>]*)>/gi)].map(([, a]) => attributes(a));
    if (!inputs.some((input) => input.type === "password")) continue;
    const buttons = [...body.matchAll(/<button\b([^>]*)>/gi)].map(([, a]) => attributes(a));
    return { ...attributes(formAttrs), inputs, buttons };
  }
  return null;
}
