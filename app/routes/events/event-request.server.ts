import { data } from "react-router";
import type { z } from "zod";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { parseId } from "~/lib/forms/schools";

/** The event id in the URL; anything else names no page (404). */
export function eventIdOf(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  return id;
}

/**
 * A post of buttons and hidden fields (an answer, a feed action): our pages always send it
 * valid, so a failure is a forged or broken request, answered 400 with no form to re-render.
 */
export async function strictForm<Schema extends z.ZodType>(schema: Schema, request: Request): Promise<z.infer<Schema>> {
  const parsed = parseForm(schema, await readFormData(request));
  if (!parsed.ok) throw data(null, { status: 400 });
  return parsed.data;
}
