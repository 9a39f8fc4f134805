import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

// Every route is its own chunk, loaded on demand (SPEC §2).
export default [
  route("theme", "routes/theme.ts"),
  // The installable app (issue 23, decision 130): its manifest, and the page answered offline.
  route("manifest.webmanifest", "routes/pwa/manifest.ts"),
  // A page's texts in its language, for the browser (issue 24): JSON, public, no layout.
  route("texts/:lng/:ns", "routes/texts/namespace.ts"),
  // Realtime and notifications (decision 021): form posts and a renewal ping, no pages of their own.
  route("realtime/session", "routes/realtime/session.ts"),
  route("notifications/:oid/open", "routes/notifications/open.ts"),
  // The settings page's "Turn on notifications" button (issue 23 item 4): JSON, cookie session.
  route("profile/settings/notifications/push", "routes/notifications/push.ts"),
  // Creates a notification for end-to-end tests; 404 unless DEV_ROUTES.
  route("__dev/notify", "routes/dev/notify.ts"),
  // Runs an hour's digests and reports their cost, for the bench (decision 171); 404 unless DEV_ROUTES.
  route("__dev/digests", "routes/dev/digests.ts"),
  // The private iCalendar feed (decision 059): the token is the credential, no session.
  route("calendar/feed/:file", "routes/events/feed-file.ts"),
  // Avatars from R2 (SPEC §9): a resource route, outside every page layout.
  route("files/avatars/*", "routes/files/avatar.ts"),
  // Inbox attachments (decision 064): downloads for the people who hold the message, no layout.
  route("messagesold/:id/attachments/:attachmentId", "routes/inbox/attachment.ts"),
  route("files/communities/*", "routes/files/avatar.ts", { id: "community-avatar" }),
  // "Download my data" (decision 162): the request, and the owner's ZIP; no layout.
  route("profile/export", "routes/exports/download.ts", { id: "export-request" }),
  route("profile/export/:id", "routes/exports/download.ts"),
  // Images of posts (decision 066): only for those who may see the post.
  route("files/posts/:postId/:file", "routes/files/post-image.ts"),
  // Chat's calls for the page's JavaScript (decision 050): JSON, cookie session, no layout.
  route("chat/:id/messages", "routes/chat/messages.ts"),
  route("chat/:id/read", "routes/chat/read.ts"),
  // "See translation" (decision 150): an item in the reader's language, JSON for the page's script.
  route("translation/:kind/:id", "routes/translation/item.ts"),
  // A notification mail's one-click unsubscribe (RFC 8058, decision 169): the token, no session.
  route("unsubscribe/:kind/:token/one-click", "routes/notifications/unsubscribe-one-click.ts"),
  // Sign in with Google and Apple (decision 020): redirects and callbacks, no pages of their own.
  ...prefix("login", [
    route("google", "routes/login/google.tsx"),
    route("google/callback", "routes/login/google-callback.tsx"),
    route("apple", "routes/login/apple.tsx"),
    route("applesignin", "routes/login/apple-signin.tsx"),
  ]),
  // The JSON API (DESIGN §6): Bearer tokens, JSON errors, outside every page layout. One route
  // hands every address under /api/ to the API's own table (app/routes/api/table.server.ts), so
  // no page's request is matched against the API's forty paths (decision 232).
  route("api/*", "routes/api/dispatch.ts"),
  layout("routes/layouts/full-width.tsx", [index("routes/home.tsx")]),
  // SPEC §2 "Login page" layout: sign-in, registration, activation, reset, logout.
  layout("routes/layouts/login.tsx", [
    ...prefix("login", [
      index("routes/login/sign-in.tsx", { id: "login" }),
      route("signin", "routes/login/sign-in.tsx", { id: "login-signin" }),
      route("logout", "routes/login/logout.tsx"),
      route("register", "routes/login/register.tsx"),
      route("registeremail", "routes/login/register-email.tsx"),
      route("activate", "routes/login/activate.tsx"),
      route("resetpassword", "routes/login/reset-password.tsx"),
      route("ssologout", "routes/login/sso-logout.tsx"),
    ]),
  ]),
  layout("routes/layouts/default.tsx", [
    ...prefix("about", [
      index("routes/about/index.tsx"),
      route("aup", "routes/about/aup.tsx"),
      route("contact", "routes/about/contact.tsx"),
      route("privacy", "routes/about/privacy.tsx"),
      route("terms", "routes/about/terms.tsx"),
    ]),
    route("offline", "routes/pwa/offline.tsx"),
    // Opened from a mail, possibly signed out: the token says whose address changes.
    route("profile/verifyemail", "routes/settings/verify-email.tsx"),
    route("join/:token", "routes/invitations/join-link.tsx"),
    route("join/email/:token", "routes/invitations/join-email.tsx"),
    // The unsubscribe link of a notification mail (decision 169): the token, no session.
    route("unsubscribe/:kind/:token", "routes/notifications/unsubscribe.tsx"),
    // The development outbox (DESIGN §5); 404 unless DEV_ROUTES and MAIL_TRANSPORT=outbox.
    route("__dev/mail", "routes/dev/mail.tsx"),
    // Throws on purpose so the error pages can be seen and tested; 404 unless DEV_ROUTES.
    route("__dev/error", "routes/dev/error.tsx"),
    // SPEC §2 catch-all /{slug}: anything unmatched answers 404.
    route("*", "routes/catch-all.tsx"),
  ]),
  // Signed-in pages (SPEC §2 "Default" layout): guests are sent to /login?redirectTo=… (SPEC §6).
  // The shell and the guard are one layout level (decision 239).
  layout("routes/layouts/signed-in.tsx", [
    route("newsfeed", "routes/feed/newsfeed.tsx"),
    route("join", "routes/invitations/join.tsx"),
    // Communities, posts and the newsfeed (decisions 045, 046).
    ...prefix("communities", [
      index("routes/communities/index.tsx"),
      route("create", "routes/communities/create.tsx"),
      route("search", "routes/communities/search.tsx"),
      route(":id", "routes/communities/community.tsx"),
      route(":id/manage", "routes/communities/manage/index.tsx"),
      route(":id/manage/edit", "routes/communities/manage/edit.tsx"),
      route(":id/manage/members", "routes/communities/manage/members.tsx"),
      route(":id/manage/posts", "routes/communities/manage/posts.tsx"),
      route(":id/manage/requests", "routes/communities/manage/requests.tsx"),
      // The moderation queue and audit log (decision 161).
      route(":id/manage/reports", "routes/moderation/queue.tsx"),
      route(":id/manage/invite", "routes/invitations/manage-invite.tsx"),
      route(":id/manage/roster", "routes/invitations/manage-roster.tsx"),
      route(":id/manage/families", "routes/invitations/manage-families.tsx"),
      route(":id/child", "routes/invitations/name-child.tsx"),
    ]),
    ...prefix("content", [
      index("routes/content/index.tsx"),
      route(":id", "routes/content/post.tsx"),
      route(":id/edit", "routes/content/edit.tsx"),
    ]),
    route("notifications/markallread", "routes/notifications/mark-all-read.tsx"),
    ...prefix("profile", [
      index("routes/users/own-profile.tsx"),
      route("friends", "routes/friends/list.tsx"),
      route("family", "routes/families/family.tsx"),
      route("settings", "routes/settings/settings.tsx"),
      // How SchoolHub reaches you outside the tab (issue 23 item 7).
      route("settings/notifications", "routes/notifications/settings.tsx"),
    ]),
    // Reporting a message or a person, and the operators' queue (decision 186).
    route("report", "routes/moderation/report.tsx"),
    route("moderation", "routes/moderation/operator.tsx"),
    // Other people's public profiles and the friend forms (decision 022).
    route("users/:id", "routes/users/profile.tsx"),
    route("users/:id/friend", "routes/friends/friend.tsx"),
    route("users/:id/block", "routes/friends/block.tsx"),
    // Chat (decision 050): the list beside the open conversation.
    route("chat", "routes/chat/layout.tsx", [
      index("routes/chat/index.tsx"),
      // Groups (decision 060): "New group", and a group's name, members and leaving.
      route("new", "routes/chat/new.tsx"),
      route(":key", "routes/chat/conversation.tsx"),
      route(":key/group", "routes/chat/group.tsx"),
    ]),
    // The message inbox, /messagesold (decisions 063–065).
    ...prefix("messagesold", [
      index("routes/inbox/index.tsx"),
      route("compose", "routes/inbox/compose.tsx", { id: "messagesold-compose" }),
      route("compose/:id", "routes/inbox/compose.tsx", { id: "messagesold-reply" }),
      route(":id", "routes/inbox/message.tsx"),
    ]),
    // Schools (decision 055).
    ...prefix("schools", [
      index("routes/schools/index.tsx"),
      route("browse", "routes/schools/browse.tsx"),
      route(":id", "routes/schools/school.tsx"),
    ]),
    // The calendar (decisions 056–058).
    ...prefix("calendar", [
      index("routes/events/index.tsx"),
      route("new", "routes/events/new.tsx"),
      route("events/:id", "routes/events/event.tsx"),
      route("events/:id/edit", "routes/events/edit.tsx"),
      route("events/:id/ics", "routes/events/event-ics.ts"),
      route("feed", "routes/events/feed.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
