/** Every manage page's title (meta runs in the browser too, so not beside access.server.ts). */
export function manageMeta(name: string | undefined) {
  return [{ title: `Manage ${name ?? ""} — SchoolHub` }];
}
