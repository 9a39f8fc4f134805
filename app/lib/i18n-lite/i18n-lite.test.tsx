import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { Trans as RealTrans } from "react-i18next";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/languages";
import { addLimitFormat, formatLimit, TEXT_VALUES, UNIT_FORMATS } from "~/lib/text-values";
import resources from "~/locales";
import { Trans, type Translations, TranslationsProvider, useTranslation } from "./react";
import { I18nLite } from "./translations";

function Label({ k }: { k: string }) {
  const { t } = useTranslation("common");
  return <span>{t(k as never)}</span>;
}

function Likes({ count, name }: { count: number; name?: string }) {
  const { t } = useTranslation("content");
  return <span>{name ? t("post.likes", { count, name }) : t("post.likes", { count })}</span>;
}

function Missing() {
  return <span>{useTranslation("content").t("later.count" as never, { count: 2 })}</span>;
}

function lookupText(tree: Record<string, unknown>, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => {
    const branch = node as Record<string, unknown>;
    return branch?.[part] ?? branch?.[`${part}_other`];
  }, tree);
}

/** Every string key of a namespace, with plural suffixes folded into their base key. */
function leafKeys(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) return []; // lists are read with returnObjects (next test)
    if (value && typeof value === "object") return leafKeys(value as Record<string, unknown>, path);
    return [path.replace(/_(zero|one|two|few|many|other)$/, "")];
  });
}

async function setup(lng = "en") {
  const options = {
    lng,
    fallbackLng: "en",
    defaultNS: "common",
    resources,
    interpolation: { escapeValue: false, defaultVariables: TEXT_VALUES },
  };
  const instance = createInstance();
  await instance.init(options);
  addLimitFormat(instance);
  // Keys here are data from the JSON files, not literals, so use the untyped signature.
  const real = Object.assign(instance, { t: instance.t as unknown as (key: string, options?: object) => unknown });
  const lite = new I18nLite();
  await lite.init(options);
  addLimitFormat(lite);
  return { real, lite };
}

const values = { name: "Ana", email: "ana@example.test", path: "/x", status: 418, minutes: 3, version: "1.2.3" };

/** A text as a reader sees it: without the invisible isolates around its values. */
const read = (text: unknown) => String(text).replace(/[\u2068\u2069]/g, "");

describe("the browser's small i18next (i18n-lite)", () => {
  it("translates every key of every namespace exactly as i18next does", async () => {
    const { real, lite } = await setup();
    for (const [ns, tree] of Object.entries(resources.en)) {
      for (const key of new Set(leafKeys(tree as Record<string, unknown>))) {
        for (const count of [undefined, 0, 1, 2]) {
          const options = { ns, ...values, ...(count === undefined ? {} : { count }) };
          expect(lite.t(key, options), `${ns}:${key} count=${count}`).toEqual(real.t(key, options));
        }
        expect(lite.t(`${ns}:${key}`, values)).toEqual(real.t(`${ns}:${key}`, values));
      }
    }
  });

  it("reads the account limits from ~/lib/account through defaultVariables, as i18next does", async () => {
    const { real, lite } = await setup();
    expect(lite.t("account:passwordLength")).toBe("A password has 8 to 128 characters.");
    expect(lite.t("account:emailTooLong")).toBe(real.t("account:emailTooLong"));
    expect(real.t("account:emailTooLong")).toBe("An email address can have at most 254 characters.");
    // A value given by the caller wins over the default, in both.
    expect(lite.t("account:emailTooLong", { emailMax: 9 })).toBe(real.t("account:emailTooLong", { emailMax: 9 }));
  });

  it("writes every limit a text names from ~/lib/text-values, in each language's digits, as i18next does", async () => {
    for (const { code } of LANGUAGES) {
      const { real, lite } = await setup(code);
      const tree = resources[code as keyof typeof resources] as Record<string, Record<string, unknown>>;
      let checked = 0;
      for (const [ns, texts] of Object.entries(tree)) {
        for (const key of leafKeys(texts).filter((k) => JSON.stringify(lookupText(texts, k)).includes(", limit}}"))) {
          const given = { count: 2, name: "Ana", rows: 501 };
          const shown = real.t(`${ns}:${key}`, { lng: code, ...given });
          expect(lite.t(`${ns}:${key}`, given), `${code} ${ns}:${key}`).toEqual(shown);
          expect(shown, `${code} ${ns}:${key}`).not.toMatch(/\{\{|limit/);
          checked += 1;
        }
      }
      expect(checked, code).toBeGreaterThanOrEqual(18);
    }
    const { real } = await setup("en");
    expect(real.t("communities:errors.nameTooLong")).toBe("Use at most 80 characters.");
    expect(real.t("chat:errors.titleTooLong")).toBe("A group name can be at most 80 characters.");
    expect(real.t("content:errors.bodyTooLong")).toBe("Use at most 10,000 characters.");
    expect((await setup("es")).real.t("content:errors.bodyTooLong")).toBe("Use como máximo 10\u00a0000 caracteres.");
    expect((await setup("es")).lite.t("communities:errors.descriptionTooLong")).toBe(
      "Use como máximo 2000 caracteres.",
    );
    expect((await setup("vi")).lite.t("inbox:errors.bodyTooLong")).toBe("Tin nhắn có tối đa 20.000 ký tự.");
    // Arabic isolates each value (U+2068 … U+2069, app/locales/parity.test.ts); read without them.
    expect(read((await setup("ar")).lite.t("chat:errors.titleTooLong"))).toContain(" 80 ");
    expect(real.t("content:errors.imageTooLarge")).toBe("Each photo must be at most 8 MB and 40 megapixels.");
    expect(real.t("invitations:roster.tooMany", { rows: 501 })).toBe(
      "A roster has at most 500 rows; this one has 501.",
    );
    // A changed limit changes every text that names it, in both.
    expect(real.t("communities:errors.nameTooLong", { communityNameMax: 120 })).toBe("Use at most 120 characters.");
  });

  it("writes durations and ages from ~/lib/durations and ~/lib/account, plural-correct in each language, as i18next does", async () => {
    const named = new RegExp(`, (${UNIT_FORMATS.join("|")})}}`);
    for (const { code } of LANGUAGES) {
      const { real, lite } = await setup(code);
      const tree = resources[code as keyof typeof resources] as Record<string, Record<string, unknown>>;
      let checked = 0;
      for (const [ns, texts] of Object.entries(tree)) {
        for (const key of leafKeys(texts).filter((k) => named.test(JSON.stringify(lookupText(texts, k))))) {
          const shown = real.t(`${ns}:${key}`, { lng: code, email: "ana@example.test" });
          expect(lite.t(`${ns}:${key}`, { email: "ana@example.test" }), `${code} ${ns}:${key}`).toEqual(shown);
          expect(shown, `${code} ${ns}:${key}`).not.toMatch(/\{\{|units\./);
          checked += 1;
        }
      }
      expect(checked, code).toBeGreaterThanOrEqual(14);
      // Every plural form each language has, the same in both.
      for (const unit of UNIT_FORMATS)
        for (const count of [0, 1, 2, 3, 11, 100, 1_000_000])
          expect(lite.t(`common:units.${unit}`, { count }), `${code} ${unit} ${count}`).toEqual(
            real.t(`common:units.${unit}`, { lng: code, count }),
          );
    }
    // The texts read as they did when they wrote the numbers.
    const en = (await setup("en")).real;
    expect(en.t("register:reset.expired")).toBe(
      "This password reset link has expired. Links work for 1 hour: ask for a new one.",
    );
    expect(en.t("register:activate.expired")).toBe(
      "This activation link has expired. Links work for 48 hours: ask for a new one below.",
    );
    expect(en.t("settings:verify.expired")).toBe("This confirmation link has expired. Links work for 24 hours.");
    expect(en.t("notifications:settings.immediateHint")).toBe(
      "Chat and inbox messages are emailed only if still unread after 15 minutes.",
    );
    expect(en.t("families:student.needsConsent")).toBe(
      "Under 13: your consent is needed before they can post or chat.",
    );
    expect(en.t("invitations:mail.expiry")).toContain("The link works for 14 days.");
    expect(en.t("communities:errors.slugInvalid")).toContain("Use 1–50 lowercase letters");
    const ar = (await setup("ar")).lite;
    expect(read(ar.t("register:reset.expired"))).toContain("لمدة ساعة واحدة");
    expect(read(ar.t("settings:export.lead"))).toContain("يعمل الرابط 7 أيام");
    expect(read(ar.t("notifications:settings.immediateHint"))).toContain("بعد 15 دقيقة");
    expect((await setup("es")).lite.t("register:reset.expired")).toContain("durante 1 hora");
    // A changed rule changes every text that names it, with the right plural.
    expect(en.t("register:reset.expired", { resetLinkHours: 2 })).toContain("Links work for 2 hours:");
    expect(read(ar.t("register:reset.expired", { resetLinkHours: 2 }))).toContain("لمدة ساعتين");
    expect(read(ar.t("register:reset.expired", { resetLinkHours: 5 }))).toContain("لمدة 5 ساعات");
    expect((await setup("es")).real.t("settings:export.lead", { lng: "es", exportLinkDays: 1 })).toContain(
      "funciona 1 día",
    );
  });

  it("groups a limit's digits by arithmetic, never inside a non-number", () => {
    expect(formatLimit(80, "en")).toBe("80");
    expect(formatLimit(1234567, "en")).toBe("1,234,567");
    expect(formatLimit(4000, "es")).toBe("4000");
    expect(formatLimit(4000, "vi")).toBe("4.000");
    expect(formatLimit(4000, "zh-Hans")).toBe("4,000");
    expect(formatLimit("8 MB", "en")).toBe("8 MB");
  });

  it("returns objects like i18next with returnObjects, and the key when missing", async () => {
    const { real, lite } = await setup();
    for (const ns of ["about", "policies"] as const) {
      const options = { ns, returnObjects: true, ...values };
      for (const key of Object.keys(resources.en[ns])) {
        expect(lite.t(key, options)).toEqual(real.t(key, options));
      }
    }
    expect(lite.t("no.such.key")).toEqual(real.t("no.such.key"));
    expect(lite.t("about:no.such.key")).toEqual(real.t("about:no.such.key"));
    expect(lite.t("no.such.key", { defaultValue: "Hi {{name}}", name: "Ana" })).toEqual(
      real.t("no.such.key", { defaultValue: "Hi {{name}}", name: "Ana" }),
    );
  });

  it("renders <Trans> with named components like react-i18next", async () => {
    const { real, lite } = await setup();
    // Trans replaces each element's children with the translated text between its tags.
    const components = { terms: <a href="/about/terms">terms</a>, aup: <a href="/about/aup">aup</a> };
    const realHtml = renderToStaticMarkup(
      <RealTrans
        t={real.getFixedT(null, "register")}
        i18n={real}
        i18nKey={"form.accept" as never}
        components={components}
      />,
    );
    const liteHtml = renderToStaticMarkup(
      <Trans t={lite.getFixedT(null, "register") as never} i18nKey="form.accept" components={components} />,
    );
    expect(liteHtml).toBe(realHtml);
    expect(liteHtml).toContain('<a href="/about/terms">');
  });

  it("renders the server's real i18next through the small useTranslation, remembering found texts only", async () => {
    const { real } = await setup();
    const html = (k: string) =>
      renderToStaticMarkup(
        <TranslationsProvider i18n={real as unknown as Translations}>
          <Label k={k} />
        </TranslationsProvider>,
      );
    const key = Object.keys(resources.en.common).find((k) => typeof (resources.en.common as never)[k] === "string")!;
    expect(html(key)).toBe(`<span>${real.t(`common:${key}`)}</span>`);
    // A key missing now (a namespace the browser registers later) is looked up again next time.
    expect(html("later.key")).toBe("<span>later.key</span>");
    real.addResource("en", "common", "later.key", "Now here");
    expect(html("later.key")).toBe("<span>Now here</span>");
  });

  it("remembers texts asked with plain values per value, exactly as i18next answers them", async () => {
    const { real } = await setup();
    const html = (count: number, name?: string) =>
      renderToStaticMarkup(
        <TranslationsProvider i18n={real as unknown as Translations}>
          <Likes count={count} name={name} />
        </TranslationsProvider>,
      );
    for (const count of [0, 1, 2, 1, 0, 7]) {
      expect(html(count)).toBe(`<span>${real.t("content:post.likes", { count })}</span>`);
    }
    expect(html(1, "Ana")).toBe(`<span>${real.t("content:post.likes", { count: 1, name: "Ana" })}</span>`);
    // A key missing with values is not remembered either.
    const missing = () =>
      renderToStaticMarkup(
        <TranslationsProvider i18n={real as unknown as Translations}>
          <Missing />
        </TranslationsProvider>,
      );
    expect(missing()).toBe("<span>later.count</span>");
    real.addResource("en", "content", "later.count_other", "{{count}} now");
    expect(missing()).toBe("<span>2 now</span>");
  });
});
