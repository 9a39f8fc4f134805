import { z } from "zod";

/**
 * The "Notifications" settings (issue 23 items 5–7, decisions 135–139): one schema for the
 * page's form and `PUT /api/v2/notification-settings`. Times are "HH:MM" in the user's zone.
 */

/** The kinds of things a person can be emailed about, in the page's order. */
export const EMAIL_KINDS = ["chat", "inbox", "friends", "posts", "events"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** How a kind reaches the inbox: never, right away (chat and inbox: after 15 minutes unread), or in a digest. */
export const EMAIL_MODES = ["off", "immediate", "daily", "weekly"] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export type NotificationSettings = {
  email: Record<EmailKind, EmailMode>;
  /** "HH:MM", local. */
  quietStart: string;
  quietEnd: string;
  /** 0–23, local: when digests go out. */
  digestHour: number;
};

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: { chat: "immediate", inbox: "immediate", friends: "daily", posts: "daily", events: "immediate" },
  quietStart: "21:00",
  quietEnd: "07:00",
  digestHour: 7,
};

const mode = z.enum(EMAIL_MODES, { error: "notifications:settings.modeInvalid" });
const clock = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "notifications:settings.timeInvalid");
const hour = z.coerce
  .number({ error: "notifications:settings.hourInvalid" })
  .int("notifications:settings.hourInvalid")
  .min(0, "notifications:settings.hourInvalid")
  .max(23, "notifications:settings.hourInvalid");

/** The page's form: every field, flat (`email.chat` → `emailChat`). */
export const notificationSettingsFormSchema = z.object({
  emailChat: mode,
  emailInbox: mode,
  emailFriends: mode,
  emailPosts: mode,
  emailEvents: mode,
  quietStart: clock,
  quietEnd: clock,
  digestHour: hour,
});

export function fromForm(data: z.infer<typeof notificationSettingsFormSchema>): NotificationSettings {
  return {
    email: {
      chat: data.emailChat,
      inbox: data.emailInbox,
      friends: data.emailFriends,
      posts: data.emailPosts,
      events: data.emailEvents,
    },
    quietStart: data.quietStart,
    quietEnd: data.quietEnd,
    digestHour: data.digestHour,
  };
}

/** The API's body: the same shape as GET answers, any part of it (what is left out stays). */
export const notificationSettingsPatchSchema = z.object({
  email: z.object({ chat: mode, inbox: mode, friends: mode, posts: mode, events: mode }).partial().strict().optional(),
  quietStart: clock.optional(),
  quietEnd: clock.optional(),
  digestHour: hour.optional(),
});
export type NotificationSettingsPatch = z.infer<typeof notificationSettingsPatchSchema>;

/** "21:00" → 1260. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** 1260 → "21:00". */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A push subscription as the browser's `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: "notifications:push.invalid" }).max(2048),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "notifications:push.invalid"),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, "notifications:push.invalid"),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z.string().max(2048, "notifications:push.invalid"),
});
