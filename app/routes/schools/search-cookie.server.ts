import { createCookie } from "react-router";
import { readSearchText } from "~/lib/search-text";
import { getConfig } from "~/server/config.server";

/**
 * SPEC §3 keeps the school search text while browsing: the last search lives in a cookie, so
 * /schools shows it again after a visit to a school, with or without JavaScript (decision 055).
 */
let cookie: ReturnType<typeof createCookie> | undefined;
function searchCookie() {
  cookie ??= createCookie("school_search", {
    path: "/schools",
    httpOnly: true,
    sameSite: "lax",
    secure: getConfig().SECURE_COOKIES,
    maxAge: 60 * 60 * 24,
  });
  return cookie;
}

/**
 * The text to search: the `q` parameter when present (even empty), else the remembered one.
 * Over the search limit nothing is searched or remembered, and the box says why (decision 113).
 */
export async function searchText(request: Request) {
  const q = new URL(request.url).searchParams.get("q");
  const headers = new Headers();
  if (q !== null) {
    const given = readSearchText(q);
    if (given.tooLong) return { text: "", typed: given.typed, tooLong: true, headers };
  }
  const remembered = await searchCookie().parse(request.headers.get("Cookie"));
  const text = q ?? (typeof remembered === "string" ? remembered : "");
  if (q !== null && text !== remembered) headers.append("Set-Cookie", await searchCookie().serialize(text));
  return { text, typed: text, tooLong: false, headers };
}
