import { createCookie } from "react-router";
import { getConfig } from "~/server/config.server";
import { SCHOOL_QUERY_MAX } from "~/server/schools/search.server";

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

/** The text to search: the `q` parameter when present (even empty), else the remembered one. */
export async function searchText(request: Request) {
  const given = new URL(request.url).searchParams.get("q")?.slice(0, SCHOOL_QUERY_MAX) ?? null;
  const remembered = await searchCookie().parse(request.headers.get("Cookie"));
  const text = given ?? (typeof remembered === "string" ? remembered : "");
  const headers = new Headers();
  if (given !== null && given !== remembered) headers.append("Set-Cookie", await searchCookie().serialize(given));
  return { text, headers };
}
