import { fetchApp } from "./helpers";
import { bearerFor } from "./notifications-support";
import type { newDevice } from "./push-support";

/** A device of `userId`, who keeps no quiet hours (equal ends: quiet-hours.test.ts tests them). */
export async function subscribe(userId: number, device: Awaited<ReturnType<typeof newDevice>>) {
  const headers = { Authorization: `Bearer ${await bearerFor(userId)}`, "Content-Type": "application/json" };
  const noQuiet = JSON.stringify({ quietStart: "00:00", quietEnd: "00:00" });
  await fetchApp("/api/v2/notification-settings", { method: "PUT", headers, body: noQuiet });
  const response = await fetchApp("/api/v2/push-subscriptions", {
    method: "POST",
    headers,
    body: JSON.stringify(device.json),
  });
  if (response.status !== 201) throw new Error(`subscribe: ${response.status} ${await response.text()}`);
}
