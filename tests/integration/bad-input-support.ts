/** Bodies a browser never posts as a form: every form action answers them with 400 or 415 (decision 026). */
export const NOT_FORMS: [string, Record<string, string>, string | undefined][] = [
  ["JSON", { "Content-Type": "application/json" }, '{"intent":"profile"}'],
  ["text/plain", { "Content-Type": "text/plain" }, "intent=profile"],
  ["XML", { "Content-Type": "application/xml" }, "<intent>profile</intent>"],
  ["no content type", {}, undefined],
  [
    "broken multipart",
    { "Content-Type": "multipart/form-data; boundary=xyz" },
    "--xyz\r\nContent-Disposition: form-data",
  ],
];
