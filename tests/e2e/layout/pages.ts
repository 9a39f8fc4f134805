/**
 * The pages the layout suite looks at (layout.spec.ts), shared with the Arabic walk
 * (languages.spec.ts). A new page joins by one line; `open` names states of layout.spec.ts's
 * STATES, checked there.
 */
export type PageEntry = { path: string; as: "guest" | "user"; open?: string[] };

// The layout users manage community 900, whose post 9000 has comments and whose event 900 has
// a capacity; they chat with e2e_layout_neighbour (scripts/seed/layout.mjs).
export const PAGES: PageEntry[] = [
  { path: "/", as: "guest" },
  { path: "/about", as: "guest" },
  { path: "/about/aup", as: "guest" },
  { path: "/about/privacy", as: "guest" },
  { path: "/about/terms", as: "guest" },
  { path: "/about/contact", as: "guest" },
  { path: "/login", as: "guest" },
  { path: "/login/register", as: "guest" },
  { path: "/login/registeremail", as: "guest" },
  { path: "/login/resetpassword", as: "guest" },
  { path: "/no-such-page", as: "guest" },
  { path: "/newsfeed", as: "user", open: ["notifications", "conversations", "avatarMenu", "messagesTab", "postMenu"] },
  { path: "/newsfeed", as: "user", open: ["composer", "moreDrawer"] },
  { path: "/profile", as: "user", open: ["sidebar", "markAllReadDialog"] },
  { path: "/profile/friends", as: "user", open: ["avatarPopup", "unfriendDialog"] },
  { path: "/profile/settings", as: "user" },
  { path: "/profile/family", as: "user" },
  { path: "/users/1", as: "user", open: ["unfriendDialog"] },
  { path: "/about", as: "user" },
  { path: "/communities", as: "user" },
  { path: "/communities/create", as: "user" },
  { path: "/communities/search?q=lincoln", as: "user" },
  { path: "/communities/900", as: "user" },
  { path: "/communities/900/manage", as: "user" },
  { path: "/communities/900/manage/edit", as: "user" },
  { path: "/communities/900/manage/members", as: "user", open: ["removeMemberDialog"] },
  { path: "/communities/900/manage/posts", as: "user" },
  { path: "/communities/900/manage/requests", as: "user" },
  { path: "/communities/900/manage/roster", as: "user" },
  { path: "/communities/900/manage/families", as: "user" },
  { path: "/communities/900/manage/reports", as: "user" },
  { path: "/content", as: "user" },
  { path: "/content/9000", as: "user", open: ["commentMenu", "reportForm", "deletePostDialog"] },
  { path: "/chat", as: "user" },
  { path: "/chat/@e2e_layout_neighbour", as: "user" },
  { path: "/chat/new", as: "user" },
  { path: "/messagesold", as: "user" },
  { path: "/messagesold/compose", as: "user" },
  { path: "/schools", as: "user" },
  { path: "/schools/browse", as: "user" },
  { path: "/schools/1", as: "user" },
  { path: "/calendar", as: "user" },
  { path: "/calendar/events/900", as: "user" },
  { path: "/calendar/new", as: "user" },
];
