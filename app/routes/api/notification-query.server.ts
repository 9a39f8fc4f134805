import { z } from "zod";
import {
  decodeCursor,
  NOTIFICATION_PAGE_MAX,
  type NotificationCursor,
} from "~/server/notifications/notifications.server";
import { type BodyResult, type Translate, validated } from "../../server/http/json.server";

/** `GET /api/v1/notifications?cursor=…&limit=…`: both optional; bad values are a 400, never a 500. */
const listQuerySchema = z.object({
  cursor: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return null;
      const cursor = decodeCursor(value);
      if (!cursor) ctx.addIssue({ code: "custom", message: "common:notifications.invalidCursor" });
      return cursor;
    }),
  limit: z.coerce
    .number({ error: "common:notifications.invalidLimit" })
    .int("common:notifications.invalidLimit")
    .min(1, "common:notifications.invalidLimit")
    .max(NOTIFICATION_PAGE_MAX, "common:notifications.invalidLimit")
    .optional(),
});

export function parseNotificationListQuery(
  url: URL,
  t: Translate,
): BodyResult<{ cursor: NotificationCursor | null; limit?: number }> {
  const query = {
    cursor: url.searchParams.get("cursor") ?? undefined,
    limit: url.searchParams.get("limit") || undefined,
  };
  return validated(listQuerySchema, query, t, { max: NOTIFICATION_PAGE_MAX });
}
