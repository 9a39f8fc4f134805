import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createHttpTransport, MailDeliveryError } from "~/server/mail/http.server";
import { sendMail } from "~/server/mail/mail.server";
import { listOutbox } from "~/server/mail/outbox.server";
import { renderMail } from "~/server/mail/template";

const message = { to: "jo@example.test", subject: "Hello", text: "Hi Jo\n", html: "<p>Hi Jo</p>" };

describe("the mail template", () => {
  it("renders one body into a plain-text and an HTML part", () => {
    const mail = renderMail(["Hello Jo,", { link: { label: "Activate", url: "https://schoolhub.test/a?t=1&u=2" } }]);
    expect(mail.text).toBe("Hello Jo,\n\nActivate\nhttps://schoolhub.test/a?t=1&u=2\n");
    expect(mail.html).toContain('<p style="margin:0 0 16px">Hello Jo,</p>');
    expect(mail.html).toContain('href="https://schoolhub.test/a?t=1&amp;u=2"');
  });

  it("escapes user text in the HTML part and quotes it in the text part", () => {
    const mail = renderMail([{ quote: '<script>alert("x")</script>\nsecond line' }]);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>second line");
    expect(mail.text).toBe('> <script>alert("x")</script>\n> second line\n');
  });

  it("refuses links that are not http(s)", () => {
    expect(() => renderMail([{ link: { label: "x", url: "javascript:alert(1)" } }])).toThrow();
  });

  it("writes Arabic right to left: <html lang dir> when the language is known, the body dir=auto always", () => {
    expect(renderMail(["مرحبا"], "ar").html).toContain('<html lang="ar" dir="rtl">');
    expect(renderMail(["Hola"], "es").html).toContain('<html lang="es" dir="ltr">');
    expect(renderMail(["مرحبا"]).html).toContain('<div dir="auto"');
  });
});

describe("the outbox transport", () => {
  it("stores both parts of a sent mail, newest first", async () => {
    await sendMail({ ...message, to: "outbox@example.test", subject: "First" });
    await sendMail({ ...message, to: "outbox@example.test", subject: "Second" });
    const mails = await listOutbox({ to: "outbox@example.test" });
    expect(mails.map((mail) => mail.subject)).toEqual(["Second", "First"]);
    expect(mails[0]).toMatchObject({ text: "Hi Jo\n", html: "<p>Hi Jo</p>" });
  });
});

describe("the http transport", () => {
  it("posts the mail as JSON with the bearer token to the provider", async () => {
    const requests: Request[] = [];
    const transport = createHttpTransport({
      url: "https://mail.example.test/send",
      token: "secret-token",
      from: "SchoolHub <no-reply@schoolhub.test>",
      fetch: async (input, init) => {
        requests.push(new Request(input, init));
        return new Response(null, { status: 202 });
      },
    });
    await transport.send(message);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("https://mail.example.test/send");
    expect(request.headers.get("Authorization")).toBe("Bearer secret-token");
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(await request.json()).toEqual({ from: "SchoolHub <no-reply@schoolhub.test>", ...message });

    // A notification mail's RFC 8058 headers go along for the provider to set (decision 169).
    const headers = {
      "List-Unsubscribe": "<https://schoolhub.test/u>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await transport.send({ ...message, headers });
    expect(((await requests[1]!.json()) as { headers: unknown }).headers).toEqual(headers);
  });

  it("escapes a footer's text and links, and keeps them after the body in the text part", () => {
    const mail = renderMail([
      "Body",
      { footer: { text: "Why <you>", links: [{ label: "Stop & go", url: "https://schoolhub.test/u?a=1&b=2" }] } },
    ]);
    expect(mail.text).toBe("Body\n\n--\nWhy <you>\nStop & go: https://schoolhub.test/u?a=1&b=2\n");
    expect(mail.html).toContain("Why &lt;you&gt;");
    expect(mail.html).toContain('href="https://schoolhub.test/u?a=1&amp;b=2"');
    expect(mail.html).toContain(">Stop &amp; go</a>");
  });

  it("throws a clear error when the provider does not answer 2xx", async () => {
    const transport = createHttpTransport({
      url: "https://mail.example.test/send",
      token: "wrong",
      from: "no-reply@schoolhub.test",
      fetch: async () => new Response("invalid token", { status: 401 }),
    });
    const sending = transport.send(message);
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toThrow("Mail provider answered 401: invalid token");
  });
});

describe("/__dev/mail", () => {
  // The page itself is exercised end to end (tests/e2e/registration.spec.ts), where the local
  // scripts turn DEV_ROUTES on; decision 033.
  it("does not exist while DEV_ROUTES is off, even with the outbox transport on", async () => {
    await sendMail({ ...message, to: "devpage@example.test", subject: "Activate your account" });
    const response = await exports.default.fetch("http://localhost/__dev/mail");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("devpage@example.test");
  });
});
